/**
 * Redis goes away under running instances, or is not there when they start: rate-limited calls
 * keep answering (limits count per instance meanwhile) and the event bus reports what it could
 * not send; once Redis is back, limits are shared and events flow again. Each test runs its own
 * redis-server, never the shared one.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db/index.js';
import type { EventBus } from '../src/platform/events/bus.js';
import type { DomainEvent } from '../src/platform/events/catalogue.js';
import { eventBus, outboxDatabase } from './event-buses.js';
import {
  type BuiltMember,
  buildMember,
  client,
  createTestApp,
  lastMail,
  loggedIn,
  makePremium,
  signupBody,
  type TestApp,
  type TestClient,
  useTestApp,
} from './helpers.js';
import { redisEnv } from './redis.js';
import { type OwnRedis, ownRedis, redisServerProblem } from './redis-server.js';
import { openSocket } from './sockets.js';

const missing = redisServerProblem();

/** Login allows 2 tries per visitor here (20 × 0.1). */
const RATE_LIMIT_SCALE = '0.1';
const wrongLogin = { email: 'nobody@example.test', password: 'wrong-password' };
let visitorCount = 0;
const newVisitorAddress = () => `198.51.100.${++visitorCount}`;

/** Generous: a call that waits on Redis (today up to 15 s) instead of answering at once fails it. */
const ANSWERS_WITHIN_MS = 3000;

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`gave up waiting until ${what}`);
}

/** A visitor's third wrong login, the first and third on `one`, the second on `other`: 429 only when they share counts. */
async function thirdLoginIsRefusedAcross(one: TestApp, other: TestApp): Promise<boolean> {
  const remoteAddress = newVisitorAddress();
  const [onOne, onOther] = [client(one.app, { remoteAddress }), client(other.app, { remoteAddress })];
  await onOne.post('/api/user.php', wrongLogin);
  await onOther.post('/api/user.php', wrongLogin);
  return (await onOne.post('/api/user.php', wrongLogin)).statusCode === 429;
}

/** pino's levels by name. */
const LEVELS: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error' };

/** The outages here are on purpose; their log lines would only clutter the test output. */
const quiet = { warn: () => {}, info: () => {} };

const like = (siteId: number): DomainEvent => ({ type: 'like.new', siteId, profileId: 10, likedProfileId: 20 });

describe.skipIf(missing !== null)('when Redis goes away under running instances', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await ownRedis();
  });
  afterAll(() => redis?.stop());
  const env = () => ({
    ...redisEnv(redis.url),
    RATE_LIMIT_SCALE,
  });
  let first: TestApp;
  let second: TestApp;
  /** The first instance's log. */
  const log: { level: number; msg: string }[] = [];
  const redisLines = () =>
    log.filter(({ msg }) => msg.includes('Redis')).map(({ level, msg }) => `${LEVELS[level] ?? level} ${msg}`);
  beforeAll(async () => {
    const shared = env();
    const logStream = { write: (line: string) => void log.push(JSON.parse(line)) };
    [first, second] = await Promise.all([createTestApp({ env: shared, logStream }), createTestApp({ env: shared })]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('answers login, signup and reset at once while Redis is down, still refusing too many tries', async () => {
    expect(await thirdLoginIsRefusedAcross(first, second)).toBe(true);
    await redis.stop();

    const visitor: TestClient = client(first.app, { remoteAddress: newVisitorAddress() });
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await timed(() => visitor.post('/api/user.php', wrongLogin)));
    expect(tries.map(({ result }) => result.statusCode)).toEqual([401, 401, 429]);
    expect(tries[2]?.result.json()).toMatchObject({ error: 'rate_limited' });

    const newcomer = signupBody();
    const signup = await timed(() => client(first.app).post('/api/signup.php', newcomer));
    expect(signup.result.statusCode).toBe(200);
    // Its activation mail waits in the database, not in Redis, and goes out all the same.
    expect((await lastMail(first, newcomer.email))?.subject).toBe('Activate your Amora account');
    const reset = await timed(() =>
      client(first.app).post('/api/reset-password.php', { email: 'nobody@example.test' }),
    );
    expect(reset.result.statusCode).not.toBe(500);
    for (const { ms } of [...tries, signup, reset]) expect(ms).toBeLessThan(ANSWERS_WITHIN_MS);
    // Its rate limits, events and jobs all met the outage: one warning says so.
    expect(redisLines()).toEqual([expect.stringMatching(/^warn Redis is not reachable \(.+\); until it is back, /)]);
  });

  it('shares the limits between instances again once Redis is back, and says so once', async () => {
    await redis.start();
    await eventually(() => thirdLoginIsRefusedAcross(first, second), 'both instances count in Redis again');
    await eventually(async () => redisLines().length > 1, 'the first instance logs that Redis is back');
    await sleep(500);
    expect(redisLines().slice(1)).toEqual(['info Redis is back']);
  });
});

describe.skipIf(missing !== null)('the event bus when Redis goes away', () => {
  let redis: OwnRedis;
  const opened: EventBus[] = [];
  const databases: Db[] = [];
  beforeAll(async () => {
    redis = await ownRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((bus) => bus.close()));
    await Promise.all(databases.map((db) => db.destroy()));
    await redis?.stop();
  });

  it('logs the outage once while it publishes with Redis down, and the other instance hears it, once, when Redis is back', async () => {
    const prefix = `amora-test-${randomBytes(6).toString('hex')}:`;
    const warnings: string[] = [];
    // Two instances of one deployment: one outbox, one Redis.
    const outbox = await outboxDatabase();
    const publisher = await eventBus({
      db: outbox,
      redis: { url: redis.url, prefix, log: { warn: (line) => void warnings.push(line), info: () => {} } },
    });
    const listener = await eventBus({ db: outbox, redis: { url: redis.url, prefix, log: quiet } });
    opened.push(publisher, listener);
    databases.push(outbox);
    const heard: DomainEvent[] = [];
    listener.subscribe('like.new', (event) => void heard.push(event));

    await redis.stop();
    const whileDown = await timed(() => publisher.publish(like(1)));
    expect(whileDown.result).toBeUndefined();
    expect(whileDown.ms).toBeLessThan(ANSWERS_WITHIN_MS);
    await publisher.publish(like(4));
    expect(warnings).toEqual([expect.stringMatching(/^Redis is not reachable/)]);

    await redis.start();
    await eventually(async () => {
      await publisher.publish(like(2));
      await sleep(50);
      return heard.some((event) => event.siteId === 2);
    }, 'the listener hears events again');
    await eventually(async () => heard.some((event) => event.siteId === 1), 'the listener caught up');
    expect(heard.filter((event) => event.siteId === 1)).toEqual([like(1)]);
  });
});

describe.skipIf(missing !== null)('instances on one database when Redis goes away', () => {
  let redis: OwnRedis;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await ownRedis();
    const env = redisEnv(redis.url);
    a = await createTestApp({ env, engine: 'postgres' });
    b = await createTestApp({ env, sharedDatabaseUrl: a.databaseUrl ?? undefined });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it("keeps the sender's own sockets live, and brings the other instance's sockets what they missed once Redis is back", async () => {
    const members = [await buildMember(a.services, { credits: 1_000 }), await buildMember(a.services)];
    const [anna, bram] = members as [BuiltMember, BuiltMember];
    await makePremium(a, anna);
    const annaOnA = await loggedIn(a.app, anna);
    const annaSocket = await openSocket(a.app, annaOnA);
    const bramSocket = await openSocket(b.app, await loggedIn(b.app, bram));
    try {
      await redis.stop();
      const texts = ['one', 'two', 'three'].map((word) => `While Redis is away: ${word}`);
      for (const text of texts) {
        const sent = await annaOnA.post('/api/chat.php', { client_id: randomUUID(), profile_id: bram.profileId, text });
        expect(sent.statusCode, sent.body).toBe(200);
        await annaSocket.next('message', (push) => push.message.text === text);
      }

      await redis.start();
      for (const text of texts) await bramSocket.next('message', (push) => push.message.text === text);
      await sleep(500);
      const heard = bramSocket.received.flatMap((push) => (push.type === 'message' ? [push.message.text] : []));
      expect(heard).toEqual(texts);
    } finally {
      await Promise.all([annaSocket.close(), bramSocket.close()]);
    }
  });
});

describe.skipIf(missing !== null)('when Redis is not there at start', () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await ownRedis();
    await redis.stop();
  });
  afterAll(() => redis?.stop());
  const t = useTestApp({
    env: {
      get REDIS_URL() {
        return redis.url;
      },
      REDIS_PREFIX: `amora-test-${randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_SCALE,
    },
  });

  it('starts and answers rate-limited calls, and delivers its events through Redis once Redis comes', async () => {
    const visitor = client(t.app, { remoteAddress: newVisitorAddress() });
    const login = await timed(() => visitor.post('/api/user.php', wrongLogin));
    expect(login.result.statusCode).toBe(401);
    expect(login.ms).toBeLessThan(ANSWERS_WITHIN_MS);

    await redis.start();
    const heard: DomainEvent[] = [];
    t.services.events.subscribe('like.new', (event) => void heard.push(event));
    await eventually(async () => {
      await t.services.events.publish(like(3));
      await sleep(50);
      return heard.length > 0;
    }, 'the app hears its own events through Redis');
  });
});
