/** Runs before the redis project: with CI=true a missing Redis fails the run. */
import { redisProblem, TEST_REDIS_URL } from './redis.js';

export default async function setup(): Promise<void> {
  const problem = await redisProblem();
  if (problem) throw new Error(`the redis project needs Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL): ${problem}`);
}
