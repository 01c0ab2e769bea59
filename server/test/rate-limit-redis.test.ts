import { describe, expect, it } from 'vitest';
import { client, useTestApp } from './helpers.js';
import { TEST_REDIS_URL as REDIS_URL, redisEnv, redisProblem } from './redis.js';

const problem = await redisProblem();
if (problem && process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} is needed in CI: ${problem}`);

describe.skipIf(problem !== null)('rate limits on Redis', () => {
  const env = { ...redisEnv(REDIS_URL), RATE_LIMIT_SCALE: '0.1' };
  const first = useTestApp({ env });
  const second = useTestApp({ env });

  it('counts one visitor across two instances (POST /api/user.php allows 2 tries here)', async () => {
    const remoteAddress = '203.0.113.7';
    const body = { email: 'nobody@example.test', password: 'wrong-password' };
    const onFirst = client(first.app, { remoteAddress });
    const onSecond = client(second.app, { remoteAddress });

    expect((await onFirst.post('/api/user.php', body)).statusCode).toBe(401);
    expect((await onSecond.post('/api/user.php', body)).statusCode).toBe(401);
    const refused = await onFirst.post('/api/user.php', body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('leaves other visitors alone', async () => {
    const other = client(second.app, { remoteAddress: '203.0.113.8' });
    const response = await other.post('/api/user.php', { email: 'nobody@example.test', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
  });
});
