/**
 * The job queue with REDIS_URL (BullMQ): jobs run once, delayed ones later, one key once while it
 * waits, and a job whose worker process was killed runs again once on another worker.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullQueue } from '../src/platform/jobs/bullmq-queue.js';
import type { JobQueue } from '../src/platform/jobs/queue.js';
import { redisOutages } from '../src/platform/redis.js';
import { counter, crashWhileRunning, keptJobs, RESTART_LEASE_MS } from './jobs.js';
import { TEST_REDIS_URL } from './redis.js';

const runPrefix = `amora-test-${randomBytes(6).toString('hex')}`;
let prefixCount = 0;
const uniquePrefix = () => `${runPrefix}-${++prefixCount}:`;
const quiet = () => {};

const opened: JobQueue[] = [];
function queue(prefix: string, leaseMs?: number) {
  const created = createBullQueue({
    url: TEST_REDIS_URL,
    prefix,
    fallback: keptJobs(),
    leaseMs,
    onError: quiet,
    outages: redisOutages({ warn: quiet, info: quiet }),
  });
  opened.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

describe('the BullMQ job queue', () => {
  it('tells how many of its jobs are due and how many wait for their time', async () => {
    const jobs = queue(uniquePrefix());
    await jobs.add('test.job', { label: 'now' });
    await jobs.add('test.job', { label: 'later' }, { delayMs: 60_000 });
    expect(await jobs.counts()).toEqual({ waiting: 1, delayed: 1, active: 0, failed: 0 });
  });

  it('runs a job once, and a delayed one when its time has come', async () => {
    const jobs = queue(uniquePrefix());
    const { runs, handler } = counter();
    jobs.handle('test.job', handler);
    jobs.start();
    await jobs.add('test.job', { label: 'later' }, { delayMs: 1500 });
    await jobs.add('test.job', { label: 'now' });
    await jobs.idle();
    expect(runs).toEqual(['now']);
    await expect.poll(() => runs, { timeout: 5000 }).toEqual(['now', 'later']);
  });

  it('adds a job with a key only once while the first waits', async () => {
    const jobs = queue(uniquePrefix());
    const { runs, handler } = counter();
    jobs.handle('test.job', handler);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => jobs.add('test.job', { label: `n${i}` }, { key: 'bundle-1' })),
    );
    jobs.start();
    await expect.poll(() => runs.length).toBe(1);
    await jobs.idle();
    await jobs.add('test.job', { label: 'after' }, { key: 'bundle-1' });
    await expect.poll(() => runs.length).toBe(2);
  });

  it('runs a job again, once, after the process running it was killed', async () => {
    const prefix = uniquePrefix();
    const adder = queue(prefix, RESTART_LEASE_MS);
    await adder.add('test.job', { label: 'interrupted' });
    expect(await crashWhileRunning(['bullmq', TEST_REDIS_URL, prefix])).toBe('interrupted');

    const next = queue(prefix, RESTART_LEASE_MS);
    const { runs, handler } = counter();
    next.handle('test.job', handler);
    next.start();
    await expect.poll(() => runs, { timeout: 15_000 }).toEqual(['interrupted']);
    await new Promise((resolve) => setTimeout(resolve, 3 * RESTART_LEASE_MS));
    await next.idle();
    expect(runs).toEqual(['interrupted']);
  });

  it('hands a job to the fallback queue at once while Redis is away', async () => {
    const fallback = keptJobs();
    const unreachable = createBullQueue({
      url: 'redis://127.0.0.1:9',
      prefix: uniquePrefix(),
      fallback,
      onError: quiet,
      outages: redisOutages({ warn: quiet, info: quiet }),
    });
    opened.push(unreachable);
    await unreachable.add('test.job', { label: 'kept' });
    expect(fallback.kept).toEqual([{ name: 'test.job', data: { label: 'kept' } }]);
  });
});
