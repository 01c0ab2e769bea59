/**
 * Overload (http/overload.ts): past a limit of OVERLOAD_*, an API call is refused at once with 503
 * `service_unavailable`, Retry-After and its request's id, before it does anything; health checks
 * are not refused, and under normal load nothing is. Every 5xx names its request, in its body, a
 * header and the log.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { waitingForConnection } from '../src/platform/db/counting.js';
import type { Db } from '../src/platform/db/index.js';
import { buildMember, client, loggedIn, makePremium, type TestApp, useTestApp } from './helpers.js';

const UNAVAILABLE = 'The service is unavailable for a moment. Please try again in a few minutes.';
/** After this, the instance has started (its own work no longer counts) and the event loop is sampled. */
const STARTED_MS = 600;

/**
 * Database connections held in open transactions until one more call has to wait for one (PostgreSQL's
 * pool of 10, or SQLite's one connection); `release` lets them go.
 */
async function queueTheDatabase(db: Db): Promise<() => Promise<void>> {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const holders: Promise<unknown>[] = [];
  for (let entered = true; entered; ) {
    if (holders.length > 20) throw new Error('every call gets a connection');
    entered = false;
    holders.push(
      db.transaction().execute(async () => {
        entered = true;
        await gate;
      }),
    );
    // A call the connections can serve gets one soon (a new one opened meanwhile); one still waiting then waits for good.
    for (let waited = 0; !entered && waited < 1000; waited += 20) await sleep(20);
  }
  return async () => {
    open();
    await Promise.all(holders);
  };
}

/**
 * Keeps the event loop busy for `ms`, as a burst of work the instance cannot keep up with would,
 * then lets the sample of it be taken (its timer was due meanwhile).
 */
async function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
  await sleep(1);
}

async function premiumPair(t: TestApp) {
  const [anna, bram] = [await buildMember(t.services, { credits: 1000 }), await buildMember(t.services)];
  await makePremium(t, anna);
  return { anna: await loggedIn(t.app, anna), bram };
}

function expectRefused(response: Awaited<ReturnType<ReturnType<typeof client>['get']>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('2');
  expect(response.json()).toEqual({
    error: 'service_unavailable',
    message: UNAVAILABLE,
    request_id: response.headers['x-request-id'],
  });
}

describe('API calls while too many database calls wait for a connection', () => {
  const log: { level: number; msg: string }[] = [];
  const t = useTestApp({
    env: { OVERLOAD_DATABASE_WAITING: '1' },
    logStream: { write: (line) => void log.push(JSON.parse(line)) },
  });

  it('are refused with 503 and Retry-After before they start, health checks are not, and the same send goes through once the queue is gone', async () => {
    const { anna, bram } = await premiumPair(t);
    const send = { client_id: randomUUID(), profile_id: bram.profileId, text: 'Not now?' };
    const release = await queueTheDatabase(t.db);
    let health: Promise<{ statusCode: number }> | undefined;
    try {
      expect(waitingForConnection(t.db)).toBeGreaterThan(0);
      expectRefused(await anna.post('/api/chat.php', send));
      expectRefused(await anna.get('/api/chats.php'));
      // The health check waits its turn for a connection instead of being refused.
      health = t.app.inject({ method: 'GET', url: '/healthz' });
    } finally {
      await release();
    }
    expect((await health)?.statusCode).toBe(200);
    const stored = () => t.db.selectFrom('messages').select('id').where('client_id', '=', send.client_id).execute();
    expect(await stored()).toEqual([]);

    const again = await anna.post('/api/chat.php', send);
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored()).toHaveLength(1);
    // The instance's own background work (the outbox's relay, the job queue) may be waiting too.
    const warnings = log.filter((line) => line.msg.startsWith('overloaded'));
    expect(warnings.map((line) => line.msg)).toEqual([
      expect.stringMatching(
        /^overloaded \(\d+ database calls waiting for a connection\): API calls are refused with 503 until it passes$/,
      ),
    ]);
  });
});

describe('API calls while the event loop is busy', () => {
  const t = useTestApp({ env: { OVERLOAD_EVENT_LOOP_UTILIZATION: '0.5' } });

  it('are refused with 503 and Retry-After, health checks are not, and calls go through once it is calm', async () => {
    const visitor = client(t.app);
    expect((await visitor.get('/api/settings.php')).statusCode).toBe(200);
    await sleep(STARTED_MS);
    // The loop is sampled every 200 ms: a call right after a busy stretch meets the sample of it.
    let refused = await visitor.get('/api/settings.php');
    for (let tries = 0; tries < 5 && refused.statusCode !== 503; tries++) {
      await busy(300);
      refused = await visitor.get('/api/settings.php');
    }
    expectRefused(refused);
    await busy(300);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await sleep(STARTED_MS);
    expect((await visitor.get('/api/settings.php')).statusCode).toBe(200);
  });
});

describe('API calls under normal load, with the default limits', () => {
  const t = useTestApp({
    env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '', OVERLOAD_EVENT_LOOP_UTILIZATION: '', OVERLOAD_DATABASE_WAITING: '' },
  });

  it('are never refused', async () => {
    const { anna, bram } = await premiumPair(t);
    await sleep(STARTED_MS);
    const answers = [
      await anna.post('/api/chat.php', { client_id: randomUUID(), profile_id: bram.profileId, text: 'Hoi!' }),
      await anna.get('/api/chats.php'),
      ...(await Promise.all(Array.from({ length: 10 }, () => anna.get('/api/settings.php')))),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  });
});

describe('a 5xx answer', () => {
  const log: { level: number; msg: string; reqId?: string; err?: { message: string } }[] = [];
  const t = useTestApp({
    logStream: { write: (line) => void log.push(JSON.parse(line)) },
    setup: async ({ app }) =>
      app.get('/api/broken.php', { schema: { hide: true } }, async () => {
        throw new Error('a bug');
      }),
  });

  it('names its request in the body, a header and the log lines of it', async () => {
    const response = await client(t.app).get('/api/broken.php');
    expect(response.statusCode).toBe(500);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toEqual({
      error: 'server_error',
      message: 'Something went wrong, please try again later.',
      request_id: id,
    });
    const lines = log.filter((line) => line.reqId === id);
    expect(lines.find((line) => line.err)?.err?.message).toBe('a bug');
    expect(lines.at(-1)?.msg).toMatch(/^GET \/api\/broken\.php 500 \d+\.\d ms$/);
  });
});
