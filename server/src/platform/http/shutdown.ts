/**
 * Graceful shutdown on SIGTERM or SIGINT, so a rolling restart behind a load balancer loses no
 * request. The instance drains (http/draining.ts: /healthz answers 503) for SHUTDOWN_DRAIN_SECONDS
 * while the balancer takes it out, then closes the app: it stops listening, requests under way
 * finish, WebSockets are closed with 1012 "service restart" (realtime/routes.ts) so the app
 * reconnects elsewhere, the job queue stops after its running jobs. The process exits 0 once all
 * is closed, or 1 when that has not happened within SHUTDOWN_LIMIT_MS of the drain's end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

const SHUTDOWN_LIMIT_MS = 20_000;

export interface ShutdownPlan {
  drainSeconds: number;
  /** Stopped as the drain begins: what starts new work on its own (timers, schedulers). */
  stopTimers(): void;
  /** Closed after the app, whose requests and jobs still use them: the database, the mailer. */
  release(): Promise<void>;
}

async function shutDown(app: FastifyInstance, plan: ShutdownPlan) {
  app.drain();
  plan.stopTimers();
  await sleep(plan.drainSeconds * 1000);
  await app.close();
  await plan.release();
}

function exitWhenStuck(limitMs: number) {
  setTimeout(() => {
    console.error(`Amora did not shut down within ${limitMs / 1000} s; exiting.`);
    process.exit(1);
  }, limitMs);
}

/** What the first process of several sends a serving process to stop it (http/processes.ts). */
export const SHUT_DOWN_MESSAGE = 'amora:shut-down';

/**
 * Shuts the app down on the first SIGTERM or SIGINT, or when the first process of several says so;
 * a second signal ends the process at once.
 */
export function shutDownOnSignals(app: FastifyInstance, plan: ShutdownPlan) {
  let stopping = false;
  const begin = (reason: string) => {
    stopping = true;
    app.log.info({ reason, drainSeconds: plan.drainSeconds }, 'draining, then shutting down');
    exitWhenStuck(plan.drainSeconds * 1000 + SHUTDOWN_LIMIT_MS);
    void shutDown(app, plan).then(
      () => process.exit(0),
      (error) => {
        console.error('Amora could not shut down cleanly:', error);
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    begin(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // A terminal's Ctrl-C reaches every process and the first one asks as well: asked twice is not twice.
  process.on('message', (message) => {
    if (message === SHUT_DOWN_MESSAGE && !stopping) begin('asked by the first process');
  });
}
