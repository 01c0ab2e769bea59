/**
 * Redis connections for the rate limits and the event bus. Redis is a help, not a need: when it
 * is away (not there at start, restarted, failed over) callers are told at once and degrade,
 * ioredis keeps reconnecting, and the outage is logged once when it starts and once when it ends,
 * however many connections and calls meet it.
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

/** Tells that one connection lost Redis, or has it again. */
export interface OutageReport {
  down(error: Error): void;
  up(): void;
}

/**
 * The Redis outages of an instance, told once for all its connections: one warning when the first
 * of them loses Redis, naming what each use does meanwhile, and one line when the last has it back.
 */
export interface RedisOutages {
  /** The report of a connection whose use meanwhile is `whileDown`, e.g. 'rate limits count per instance'. */
  reportFor(whileDown: string): OutageReport;
}

export function redisOutages(log: RedisLog): RedisOutages {
  const meanwhile = new Set<string>();
  const down = new Set<OutageReport>();
  return {
    reportFor(whileDown) {
      meanwhile.add(whileDown);
      const report: OutageReport = {
        down(error) {
          if (down.has(report)) return;
          down.add(report);
          if (down.size > 1) return;
          log.warn(`Redis is not reachable (${error.message}); until it is back, ${[...meanwhile].join(', ')}`);
        },
        up() {
          if (down.delete(report) && down.size === 0) log.info('Redis is back');
        },
      };
      return report;
    },
  };
}

export function connectRedis(
  url: string,
  whileDown: string,
  outages: RedisOutages,
  options: RedisOptions = FAIL_FAST,
): { redis: Redis; outage: OutageReport } {
  const redis = new Redis(url, { connectTimeout: REDIS_WAIT_MS, ...options });
  const outage = outages.reportFor(whileDown);
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
