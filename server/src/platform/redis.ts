/**
 * Redis connections for the rate limits and the event bus. Redis is a help, not a need: when it
 * is away (not there at start, restarted, failed over) callers are told at once and degrade,
 * ioredis keeps reconnecting, and the outage is logged once when it starts and once when it ends.
 */
import { Redis, type RedisOptions } from 'ioredis';

/** Longest a request waits on Redis before its caller degrades. */
export const REDIS_WAIT_MS = 1000;

/** Commands fail at once while disconnected, and after REDIS_WAIT_MS when Redis does not answer. */
export const FAIL_FAST: RedisOptions = { enableOfflineQueue: false, commandTimeout: REDIS_WAIT_MS };

export interface RedisLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisUse {
  /** Who uses the connection, e.g. 'rate limits'. */
  purpose: string;
  /** What happens meanwhile, e.g. 'counting per instance'. */
  whileDown: string;
}

/** Tells an outage once when it starts and once when it ends. */
export interface OutageReport {
  down(error: Error): void;
  up(): void;
}

function outageReport({ purpose, whileDown }: RedisUse, log: RedisLog): OutageReport {
  let isDown = false;
  return {
    down(error) {
      if (isDown) return;
      isDown = true;
      log.warn(`${purpose}: Redis is not reachable (${error.message}); ${whileDown} until it is back`);
    },
    up() {
      if (!isDown) return;
      isDown = false;
      log.info(`${purpose}: Redis is back`);
    },
  };
}

export function connectRedis(
  url: string,
  use: RedisUse,
  log: RedisLog,
  options: RedisOptions = FAIL_FAST,
): { redis: Redis; outage: OutageReport } {
  const redis = new Redis(url, { connectTimeout: REDIS_WAIT_MS, ...options });
  const outage = outageReport(use, log);
  // Without a listener ioredis prints every failed reconnection as an unhandled error.
  redis.on('error', (error: Error) => outage.down(error));
  redis.on('ready', () => outage.up());
  return { redis, outage };
}

/** True when `promise` fulfils within `ms`; false when it rejects or takes longer (it may still settle later). */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits (at most REDIS_WAIT_MS) for the first connection, so a healthy Redis is in use from the first request. */
export function firstConnection(redis: Redis): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return within(new Promise((resolve) => redis.once('ready', resolve)), REDIS_WAIT_MS);
}

/**
 * Says goodbye to a connected Redis; stops reconnecting to one that is away. A Redis that went away
 * mid-goodbye ("Connection is closed") is simply disconnected: closing never fails.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
