/** Two instances of the app for one test file, joined by the test Redis. */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { redisEnv } from './redis.js';

/**
 * Two instances of the app for one test file, on one database (of `engine`, AMORA_TEST_DB's unless
 * given) and joined by the test Redis: built before the first test, closed after the last.
 */
export function useTwoInstances(engine?: 'sqlite' | 'postgres') {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  beforeAll(async () => {
    const env = redisEnv();
    a = await createTestApp({ env, engine });
    b = await createTestApp({ env, databaseOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const built = (app: TestApp | undefined) => {
    if (!app) throw new Error('the two instances are built in beforeAll');
    return app;
  };
  return {
    get a() {
      return built(a);
    },
    get b() {
      return built(b);
    },
  };
}
