/**
 * What an instance counts for Prometheus (served by http/metrics.ts, described in docs/operations.md).
 * One registry per app, so apps built side by side (the tests) count apart. Domains report through
 * the small objects made here, handed to their services by the composition; they never see
 * prom-client. What is read when Prometheus asks (queues, outbox, payments) is in gauges.ts.
 */
import cluster from 'node:cluster';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { reportJobError } from '../jobs/queue.js';

/** Each serving process of one instance (PROCESSES) answers for itself: its series carry its number. */
const processLabels = () => (cluster.isWorker && cluster.worker ? { process: String(cluster.worker.id) } : {});

let processRegistry: Registry | null = null;

/**
 * Node's own figures (CPU, memory, event-loop delay, GC), once per process however many apps it
 * builds: collecting them starts monitors that are never stopped.
 */
export function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  processRegistry = new Registry();
  processRegistry.setDefaultLabels(processLabels());
  collectDefaultMetrics({ register: processRegistry });
  return processRegistry;
}

/** Up to 10 s; 0.2 s is the accepted sends' p99 the overload guard keeps to. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

type SignInAccount = 'member' | 'staff';
type SignInRefusal = 'wrong_secret' | 'locked';
export type QueueName = 'database' | 'redis';

export function createMetrics() {
  const registry = new Registry();
  registry.setDefaultLabels(processLabels());
  const registers = [registry];
  const requestDuration = new Histogram({
    name: 'amora_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers,
  });
  const loginFailures = new Counter({
    name: 'amora_login_failures_total',
    help: 'Sign-ins refused: a wrong password or passkey (wrong_secret), or an account locked by earlier failures (locked)',
    labelNames: ['account', 'reason'] as const,
    registers,
  });
  const loginLocks = new Counter({
    name: 'amora_login_locks_total',
    help: 'Accounts locked after too many failed sign-ins',
    labelNames: ['account'] as const,
    registers,
  });
  const mailFailures = new Counter({
    name: 'amora_mail_failures_total',
    help: 'Mails the mail server refused or could not be reached for, each try (the job tries again)',
    registers,
  });
  const jobFailures = new Counter({
    name: 'amora_job_failures_total',
    help: 'Job runs that failed, each try, by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers,
  });
  const paymentWebhooks = new Counter({
    name: 'amora_payment_webhooks_total',
    help: "Calls of the payment provider's webhook (the sandbox's checkout counts as one), by provider",
    labelNames: ['provider'] as const,
    registers,
  });
  // Series that exist from the start, at 0, so "no increase" and rates read from the first scrape.
  for (const account of ['member', 'staff'] as const) {
    for (const reason of ['wrong_secret', 'locked'] as const) loginFailures.inc({ account, reason }, 0);
    loginLocks.inc({ account }, 0);
  }

  return {
    registry,
    requestDuration,

    signIns: (account: SignInAccount) => ({
      refused: (reason: SignInRefusal) => loginFailures.inc({ account, reason }),
      locked: () => loginLocks.inc({ account }),
    }),

    mails: { failed: () => mailFailures.inc() },

    paymentWebhooks(provider: string) {
      paymentWebhooks.inc({ provider }, 0);
      return { received: () => paymentWebhooks.inc({ provider }) };
    },

    /** A queue's `onError`: the failure counted, then reported as before. */
    jobErrors(queue: QueueName) {
      return (job: string, error: unknown) => {
        jobFailures.inc({ queue, job });
        reportJobError(job, error);
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
