/**
 * The gauges read when Prometheus asks: live sockets, the outbox, the job queues and payments by
 * status. What comes from the database is the same on every instance (dashboards take its max);
 * a source that fails to answer (the database or Redis away) leaves its series out of that scrape.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { JobCounts } from '../jobs/queue.js';
import type { QueueName } from './registry.js';

export interface StateSources {
  /** The WebSockets open on this instance. */
  sockets(): number;
  /** The outbox's unpublished events, and the age of the oldest. */
  outbox(): Promise<{ count: number; oldestSeconds: number }>;
  /** The job queues this instance works, by where they keep their jobs. */
  queues: Partial<Record<QueueName, { counts(): Promise<JobCounts | null> }>>;
  /** Payments by status, every status named. */
  paymentsByStatus(): Promise<Record<string, number>>;
  /** Statements this instance has sent its database (what a call costs it, over many). */
  statements(): number;
}

/** Resets the gauge, then has `fill` set it anew; a failing `fill` leaves the gauge empty for this scrape. */
async function refill<T extends string>(gauge: Gauge<T>, fill: () => Promise<void>) {
  gauge.reset();
  try {
    await fill();
  } catch {
    gauge.reset();
  }
}

export function watchState(registry: Registry, sources: StateSources) {
  const registers = [registry];
  new Counter({
    name: 'amora_database_statements_total',
    help: "Statements this instance sent its database, transactions' begin and commit included",
    registers,
    collect() {
      this.reset();
      this.inc(sources.statements());
    },
  });
  new Gauge({
    name: 'amora_realtime_sockets',
    help: 'WebSockets open on this instance',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });
  // One look at the outbox serves both of its gauges: their collects start together, the first starts it.
  let outboxLook: ReturnType<StateSources['outbox']> | null = null;
  const lookAtOutbox = () => {
    outboxLook ??= sources.outbox().finally(() => {
      outboxLook = null;
    });
    return outboxLook;
  };
  new Gauge({
    name: 'amora_outbox_unpublished_events',
    help: 'Domain events in the outbox not yet published',
    registers,
    async collect() {
      await refill(this, async () => this.set((await lookAtOutbox()).count));
    },
  });
  new Gauge({
    name: 'amora_outbox_oldest_unpublished_age_seconds',
    help: 'Age of the oldest unpublished event in the outbox (0 when none waits)',
    registers,
    async collect() {
      await refill(this, async () => this.set((await lookAtOutbox()).oldestSeconds));
    },
  });
  new Gauge({
    name: 'amora_jobs',
    help: 'Jobs by queue (database, redis) and state (waiting, delayed, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      await refill(this, async () => {
        for (const [queue, source] of Object.entries(sources.queues)) {
          const counts = await source.counts();
          for (const [state, count] of Object.entries(counts ?? {})) this.set({ queue, state }, count);
        }
      });
    },
  });
  new Gauge({
    name: 'amora_payments',
    help: 'Payments by status',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      await refill(this, async () => {
        for (const [status, count] of Object.entries(await sources.paymentsByStatus())) this.set({ status }, count);
      });
    },
  });
}
