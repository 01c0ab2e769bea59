/**
 * Overload: when more arrives than the instance carries, API calls are refused at once with 503
 * `service_unavailable` and Retry-After (http/error-handler.ts) instead of queueing until every
 * answer is late. The refusal comes before the call's first step, so a refused call did nothing and
 * an admitted one runs to its end. Two signs, each with its limit in OVERLOAD_*: the event loop is
 * late or busy (@fastify/under-pressure samples it), or too many database calls already wait for a
 * connection. Health checks, metrics, the socket's handshake, pages and files are never refused:
 * balancers, monitors and open apps keep seeing the instance.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OverloadLimits } from '../config.js';
import { waitingForConnection } from '../db/counting.js';
import type { Db } from '../db/index.js';
import { DomainError } from '../errors.js';

/** How often the event loop's delay and use are sampled: a refusal starts and ends within this. */
const SAMPLE_MS = 200;
/** An overload is over, in the log, once no call was refused for this long. */
const CALM_MS = 10_000;

/** API calls, but not the live socket, whose handshake a refusal would only turn into reconnects. */
function refusable(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url;
  return path.startsWith('/api/') && path !== '/api/ws';
}

/** One warning when refusals start and one line when they have stopped, with how many there were. */
function overloadLog(log: FastifyBaseLogger) {
  let startedAt: number | null = null;
  let lastAt = 0;
  let refused = 0;
  return {
    refused(sign: string) {
      lastAt = Date.now();
      refused += 1;
      if (startedAt !== null) return;
      startedAt = lastAt;
      log.warn(`overloaded (${sign}): API calls are refused with 503 until it passes`);
    },
    admitted() {
      if (startedAt === null || Date.now() - lastAt < CALM_MS) return;
      const seconds = ((lastAt - startedAt) / 1000).toFixed(1);
      log.info(`no longer overloaded: ${refused} API calls refused over ${seconds} s`);
      startedAt = null;
      refused = 0;
    },
  };
}

const SIGNS: Record<string, (value: number) => string> = {
  [underPressure.TYPE_EVENT_LOOP_DELAY]: (ms) => `event loop ${ms.toFixed(0)} ms late`,
  [underPressure.TYPE_EVENT_LOOP_UTILIZATION]: (share) => `event loop ${(share * 100).toFixed(0)}% busy`,
};

async function overloadPlugin(app: FastifyInstance, { limits, db }: { limits: OverloadLimits; db: Db }) {
  const log = overloadLog(app.log);
  const refuse = (sign: string) => {
    log.refused(sign);
    return new DomainError('service_unavailable');
  };
  // The samples taken while the instance starts (migrating, seeding) tell of that work, not of its calls.
  let started = false;
  app.addHook('onReady', async () => {
    setTimeout(() => {
      started = true;
    }, 2 * SAMPLE_MS).unref();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    maxEventLoopUtilization: limits.eventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    sampleInterval: SAMPLE_MS,
    // A rejection goes to the error handler (503); nothing lets the call through.
    pressureHandler: (request, _reply, type, value) =>
      started && refusable(request) ? Promise.reject(refuse(SIGNS[type]?.(value ?? 0) ?? type)) : undefined,
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!refusable(request)) return done();
    const waiting = waitingForConnection(db);
    if (limits.databaseWaiting > 0 && waiting >= limits.databaseWaiting)
      return done(refuse(`${waiting} database calls waiting for a connection`));
    log.admitted();
    done();
  });
}

export const overload = fp(overloadPlugin, { name: 'overload' });
