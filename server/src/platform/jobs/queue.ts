/**
 * Background jobs (mails, pushes, reminders): added by a service, run soon or later by a worker,
 * tried again with growing pauses when they fail. Without Redis the jobs wait in the database
 * and this process works them off; with REDIS_URL, BullMQ keeps them and any instance may run one.
 * A job that was running when its process stopped is run again, once, by whoever comes next.
 */

/**
 * Each domain declares its jobs by augmenting this interface: name → data.
 * @public (module augmentation needs the export; knip sees no import of it)
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface JobTypes {}
export type JobName = keyof JobTypes & string;

interface AddOptions {
  /** Runs the job this much later. */
  delayMs?: number;
  /** While a job with this key waits or runs, adding another with the same key does nothing. */
  key?: string;
}

export type JobHandler<N extends JobName> = (data: JobTypes[N]) => Promise<void>;

export interface JobQueue {
  /**
   * Adds a job. True when this call added it; false when a job of its key waits or runs already,
   * or when the queue cannot tell (BullMQ's deduplication keeps that to itself).
   */
  add<N extends JobName>(name: N, data: JobTypes[N], options?: AddOptions): Promise<boolean>;
  /** Says how jobs of a name are run; jobs are worked on once `start` is called. */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  start(): void;
  /** Resolves once no job is due or running: what tests wait for before they look. */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
}

/** How many jobs a queue holds in each state. */
export interface JobCounts {
  /** Due, waiting for a worker. */
  waiting: number;
  /** Waiting for their time: a delay, or the pause before another try. */
  delayed: number;
  active: number;
  /** Out of attempts, kept for someone to look at. */
  failed: number;
}

/** A queue that can tell what it holds (the metrics ask); null while it cannot learn it (Redis away). */
export interface CountedJobQueue extends JobQueue {
  counts(): Promise<JobCounts | null>;
}

/** How often a failing job is tried, and the pause before each next try. */
export const JOB_ATTEMPTS = 12;
export const JOB_FIRST_RETRY_MS = 30_000;
const JOB_LONGEST_RETRY_MS = 2 * 60 * 60 * 1000;

/** 30 s, 1 min, 2 min … up to 2 h: twelve tries span about eight hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(JOB_FIRST_RETRY_MS * 2 ** (attempts - 1), JOB_LONGEST_RETRY_MS);
}

/** How long a running job is held by its worker before another may take it; renewed while it runs. */
export const JOB_LEASE_MS = 60_000;

export const reportJobError = (name: string, error: unknown) => {
  console.error(`job ${name} failed:`, error);
};
