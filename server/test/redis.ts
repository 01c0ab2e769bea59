/** Redis for the redis project (and the Redis rate-limit tests): reachable, or why not. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Null when Redis answers a PING; otherwise what went wrong. */
export async function redisProblem(): Promise<string | null> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // A refused connection comes as an error event; connect() then only says the connection closed.
  let cause: unknown;
  redis.on('error', (error) => {
    cause ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    const reason = cause ?? error;
    return `Redis is not reachable: ${reason instanceof Error ? reason.message : String(reason)}`;
  } finally {
    redis.disconnect();
  }
}

/** The environment of an app on the test Redis under a prefix of its own, so test files never share keys. */
export const redisEnv = (url = TEST_REDIS_URL) => ({
  REDIS_URL: url,
  REDIS_PREFIX: `amora-test-${randomBytes(6).toString('hex')}:`,
});
