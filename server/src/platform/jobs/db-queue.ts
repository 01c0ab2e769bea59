/** The job queue of a deployment without Redis: jobs wait in the database; this process runs them. */
import { AsyncResource } from 'node:async_hooks';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import * as queries from './queries.js';
import {
  type CountedJobQueue,
  JOB_ATTEMPTS,
  JOB_LEASE_MS,
  type JobHandler,
  type JobName,
  reportJobError,
  retryDelayMs,
} from './queue.js';

const POLL_MS = 1000;
const CONCURRENCY = 4;

export interface DbQueueOptions {
  db: Db;
  clock: Clock;
  /** How long a job stays held without its worker saying it is still at it. */
  leaseMs?: number;
  pollMs?: number;
  onError?: (name: string, error: unknown) => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createDbQueue({
  db,
  clock,
  leaseMs = JOB_LEASE_MS,
  pollMs = POLL_MS,
  onError = reportJobError,
}: DbQueueOptions): CountedJobQueue {
  const handlers = new Map<string, (data: unknown) => Promise<void>>();
  const running = new Set<Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let closed = false;
  let pass: Promise<void> | null = null;
  let passAgain = false;
  /** Whether a due job may be waiting that no claim has seen yet. */
  let mayBeDue = true;

  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  async function run(job: queries.JobRow) {
    const renew = setInterval(() => void queries.renewLease(db, job, at(leaseMs)).catch(() => {}), leaseMs / 3);
    try {
      const handler = handlers.get(job.name);
      if (!handler) throw new Error(`no handler for jobs named ${job.name}`);
      await handler(JSON.parse(job.data));
      await queries.deleteJob(db, job);
    } catch (error) {
      onError(job.name, error);
      if (job.attempts >= JOB_ATTEMPTS) await queries.failJob(db, job, at(), errorText(error));
      else await queries.retryJobLater(db, job, at(retryDelayMs(job.attempts)), errorText(error));
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Claims as many due jobs as there are idle workers, in one statement. Fewer than asked means none
   * is left due: the next claim waits for a job added here, the poll, or a claim that came back full.
   */
  async function claimDue() {
    const names = [...handlers.keys()];
    const idle = CONCURRENCY - running.size;
    if (closed || names.length === 0 || idle <= 0) return;
    const jobs = await queries.claimDueJobs(db, names, at(), at(leaseMs), idle);
    mayBeDue = jobs.length === idle;
    for (const job of jobs) {
      const done: Promise<void> = run(job)
        .catch((error: unknown) => onError(job.name, error))
        .finally(() => {
          running.delete(done);
          if (mayBeDue) void work();
        });
      running.add(done);
    }
  }

  /** One claiming pass at a time; a call during a pass makes another pass follow it. */
  function work(): Promise<void> {
    if (!started || closed) return Promise.resolve();
    if (pass) {
      passAgain = true;
      return pass;
    }
    pass = (async () => {
      do {
        passAgain = false;
        await claimDue().catch((error: unknown) => onError('(claim)', error));
      } while (passAgain && !closed);
      pass = null;
    })();
    return pass;
  }

  /** A job added now runs as the queue's own work, not as part of the call that added it. */
  const workApart = AsyncResource.bind(() => work());

  function poll() {
    timer = setTimeout(() => {
      void work().finally(() => closed || poll());
    }, pollMs);
  }

  return {
    async add(name, data, { delayMs = 0, key } = {}) {
      const added = await queries.insertJob(db, {
        name,
        key: key ?? null,
        data: JSON.stringify(data),
        run_at: at(delayMs),
        created_at: at(),
      });
      if (added && delayMs === 0) {
        mayBeDue = true;
        void workApart();
      }
      return added;
    },
    handle<N extends JobName>(name: N, handler: JobHandler<N>) {
      handlers.set(name, handler as (data: unknown) => Promise<void>);
    },
    start() {
      if (started) return;
      started = true;
      void work();
      poll();
    },
    async idle() {
      if (!started) throw new Error('the job queue was not started');
      for (;;) {
        await work();
        if (running.size > 0) {
          await Promise.race(running);
          continue;
        }
        if ((await queries.countDueJobs(db, [...handlers.keys()], at())) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    counts: () => queries.countByState(db, at()),
    async close() {
      closed = true;
      clearTimeout(timer);
      await pass;
      await Promise.all(running);
    },
  };
}
