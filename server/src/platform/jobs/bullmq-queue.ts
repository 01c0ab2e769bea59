/**
 * The job queue with REDIS_URL: BullMQ keeps the jobs in Redis; every instance runs a worker. Redis
 * is a help, not a need: a job added while Redis is away goes to the fallback queue (the database
 * queue, which every instance also works off), so a signup's mail is neither lost nor waited for.
 */
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeRedis, connectRedis, firstConnection, REDIS_WAIT_MS, type RedisOutages, within } from '../redis.js';
import {
  type CountedJobQueue,
  JOB_ATTEMPTS,
  JOB_FIRST_RETRY_MS,
  JOB_LEASE_MS,
  type JobHandler,
  type JobName,
  type JobQueue,
  reportJobError,
} from './queue.js';

const QUEUE_NAME = 'jobs';
const CONCURRENCY = 4;
const IDLE_POLL_MS = 20;
const WORKER_CLOSE_WAIT_MS = 10_000;

export interface BullQueueOptions {
  url: string;
  /** The deployment's Redis key prefix, e.g. "amora:". */
  prefix: string;
  /** Takes the jobs Redis cannot take right now. */
  fallback: JobQueue;
  leaseMs?: number;
  onError?: (name: string, error: unknown) => void;
  /** Where its connections tell an outage, with the instance's others. */
  outages: RedisOutages;
}

export function createBullQueue({
  url,
  prefix,
  fallback,
  leaseMs = JOB_LEASE_MS,
  onError = reportJobError,
  outages,
}: BullQueueOptions): CountedJobQueue {
  const bullPrefix = `${prefix}bull`;
  // Adding fails at once while Redis is away (the job then goes to the fallback)...
  const queueConnection = connectRedis(url, 'new jobs go to the database', outages).redis;
  const queue = new Queue(QUEUE_NAME, { connection: queueConnection, prefix: bullPrefix });
  queue.on('error', () => {});
  // The first jobs wait (at most REDIS_WAIT_MS) for the first connection rather than miss it.
  const firstConnected = firstConnection(queueConnection);
  const handlers = new Map<string, (data: unknown) => Promise<void>>();
  let worker: Worker | null = null;
  let workerConnection: Redis | null = null;

  return {
    async add(name, data, options = {}) {
      const { delayMs = 0, key } = options;
      await firstConnected;
      const added =
        queueConnection.status === 'ready' &&
        (await within(
          queue.add(name, data, {
            delay: delayMs,
            attempts: JOB_ATTEMPTS,
            backoff: { type: 'exponential', delay: JOB_FIRST_RETRY_MS },
            removeOnComplete: true,
            removeOnFail: false,
            ...(key && { deduplication: { id: key } }),
          }),
          REDIS_WAIT_MS,
        ));
      // Redis did not take it in time (it may still, later: a job runs at least once, never zero times).
      if (!added) return fallback.add(name, data, options);
      return key === undefined;
    },
    handle<N extends JobName>(name: N, handler: JobHandler<N>) {
      handlers.set(name, handler as (data: unknown) => Promise<void>);
      fallback.handle(name, handler);
    },
    start() {
      if (worker) return;
      fallback.start();
      // ...while the worker waits for Redis to come back.
      workerConnection = connectRedis(url, 'the jobs in Redis wait', outages, { maxRetriesPerRequest: null }).redis;
      worker = new Worker(
        QUEUE_NAME,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`no handler for jobs named ${job.name}`);
          await handler(job.data);
        },
        {
          connection: workerConnection,
          prefix: bullPrefix,
          concurrency: CONCURRENCY,
          lockDuration: leaseMs,
          stalledInterval: leaseMs / 2,
          // A job whose worker went away is run again once; stalling twice, it fails.
          maxStalledCount: 1,
          // After a Redis outage, work resumes within seconds rather than BullMQ's 15.
          runRetryDelay: 2000,
        },
      );
      worker.on('failed', (job, error) => onError(job?.name ?? '(unknown)', error));
      // Connection trouble is told once by the connection itself; the worker would repeat it each retry.
      worker.on('error', () => {});
    },
    async idle() {
      if (!worker) throw new Error('the job queue was not started');
      await fallback.idle();
      for (;;) {
        // Redis away: what it holds waits for it, and nothing can be learnt of it now.
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized').catch(() => null);
        if (!counts || Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      }
    },
    async counts() {
      const counts = await queue
        .getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed')
        .catch(() => null);
      if (!counts) return null;
      const count = (state: string) => counts[state] ?? 0;
      return {
        waiting: count('waiting') + count('prioritized'),
        delayed: count('delayed'),
        active: count('active'),
        failed: count('failed'),
      };
    },
    async close() {
      // A worker whose blocking connection went through a Redis outage may never finish closing
      // (bullmq#4656): it gets a while to finish its jobs, then its connections are dropped.
      if (worker && !(await within(worker.close(), WORKER_CLOSE_WAIT_MS))) await within(worker.disconnect(), 1000);
      await fallback.close();
      await queue.close();
      await Promise.all([closeRedis(queueConnection), workerConnection && closeRedis(workerConnection)]);
    },
  };
}
