/**
 * A worker process for the restart tests: it takes the test's job, says "started" and never
 * finishes, until the test kills it as a crash or a deploy would.
 * Arguments: "db" and the database config as JSON, or "bullmq", the Redis URL and the key prefix.
 */
import { systemClock } from '../src/platform/clock.js';
import { openDatabase } from '../src/platform/db/index.js';
import { createBullQueue } from '../src/platform/jobs/bullmq-queue.js';
import { createDbQueue } from '../src/platform/jobs/db-queue.js';
import type { JobQueue } from '../src/platform/jobs/queue.js';
import { redisOutages } from '../src/platform/redis.js';
import { keptJobs, RESTART_LEASE_MS } from './jobs.js';

const [kind, target, prefix] = process.argv.slice(2);
const quiet = () => {};
const queue: JobQueue =
  kind === 'db'
    ? createDbQueue({ db: openDatabase(JSON.parse(target)).db, clock: systemClock, leaseMs: RESTART_LEASE_MS })
    : createBullQueue({
        url: target,
        prefix,
        fallback: keptJobs(),
        leaseMs: RESTART_LEASE_MS,
        onError: quiet,
        outages: redisOutages({ warn: quiet, info: quiet }),
      });
queue.handle('test.job', async ({ label }) => {
  process.stdout.write(`started ${label}\n`);
  await new Promise(() => {});
});
queue.start();
