/**
 * Where rate limits are counted: in Redis with REDIS_URL, so every instance refuses the same
 * visitor together; in this instance otherwise, and while Redis is away, so a visitor is still
 * limited and nobody waits on Redis.
 */
import { createRequire } from 'node:module';
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { closeRedis, connectRedis, firstConnection, type OutageReport, type RedisOutages } from '../redis.js';

interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's own stores: its Redis one (an atomic Lua script) and its in-memory one.
const require = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => FastifyRateLimitStore = require('@fastify/rate-limit/store/RedisStore');
const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean) => FastifyRateLimitStore =
  require('@fastify/rate-limit/store/LocalStore');

/** Counts in `shared` (Redis); when that fails, in `local`, and reports the outage. */
/**
 * The plugin's in-memory store hands every caller the one object it keeps per key, which the
 * plugin reads only after an await: requests that reach it in the same turn (signed-in requests
 * whose session is kept in memory do) would all see the last one's count and all be refused.
 * Each caller here gets the count as its own increment left it.
 */
class CountedLocalStore implements FastifyRateLimitStore {
  constructor(private readonly store: FastifyRateLimitStore) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.store.incr(key, (error, counted) => callback(error, counted && { ...counted }), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new CountedLocalStore(this.store.child(routeOptions));
  }
}

const localStore = ({ continueExceeding = false, exponentialBackoff = false }: StoreOptions) =>
  new CountedLocalStore(new LocalStore(continueExceeding, exponentialBackoff));

/** The in-memory store alone: one instance without Redis. */
const countedLocally: FastifyRateLimitStoreCtor = class extends CountedLocalStore {
  constructor(options: StoreOptions) {
    super(localStore(options));
  }
};

class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly outage: OutageReport,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.shared.incr(
      key,
      (error, counted) => {
        if (!error) {
          this.outage.up();
          return callback(null, counted);
        }
        this.outage.down(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SharedOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.outage);
  }
}

/** The store class the plugin instantiates with its options. */
function redisWithLocalFallback(redis: Redis, nameSpace: string, outage: OutageReport): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor({ continueExceeding = false, exponentialBackoff = false }: StoreOptions) {
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        localStore({ continueExceeding, exponentialBackoff }),
        outage,
      );
    }
  };
}

export interface RateLimitSetup {
  options: RateLimitPluginOptions;
  close(): Promise<void>;
}

/** The rate-limit plugin's options; with REDIS_URL also the Redis connection to close with the app. */
export async function rateLimitSetup(config: Config, outages: RedisOutages): Promise<RateLimitSetup> {
  if (!config.redisUrl) return { options: { global: false, store: countedLocally }, close: async () => {} };
  const { redis, outage } = connectRedis(config.redisUrl, 'rate limits count per instance', outages);
  await firstConnection(redis);
  return {
    options: { global: false, store: redisWithLocalFallback(redis, `${config.redisPrefix}rate-limit:`, outage) },
    close: () => closeRedis(redis),
  };
}

/** A route's limit: at most `max` calls in `minutes`, times RATE_LIMIT_SCALE. */
export type RouteLimit = (max: number, minutes: number) => { rateLimit: RateLimitOptions };

/** Limits per visitor (address): for calls made before or while signing in. */
export function perVisitor(scale: number): RouteLimit {
  return (max, minutes) => ({ rateLimit: { max: Math.ceil(max * scale), timeWindow: minutes * 60_000 } });
}

/**
 * Limits per signed-in member, whichever address they call from, so one member cannot flood
 * others with likes, blocks or reports; a visitor (refused anyway) counts by address.
 */
export function perMember(scale: number): RouteLimit {
  return (max, minutes) => ({
    rateLimit: {
      max: Math.ceil(max * scale),
      timeWindow: minutes * 60_000,
      keyGenerator: (request: FastifyRequest) => (request.viewer ? `member:${request.viewer.userId}` : request.ip),
    },
  });
}
