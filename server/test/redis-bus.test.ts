/**
 * The event bus joined by Redis: every instance of the app, the relaying one included, hears each
 * event once, deployments with another prefix hear nothing, and the publishing instance hears its
 * own events whatever Redis does.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Db } from '../src/platform/db/index.js';
import type { EventBus } from '../src/platform/events/bus.js';
import type { DomainEvent } from '../src/platform/events/catalogue.js';
import { eventBus, outboxDatabase } from './event-buses.js';
import { TEST_REDIS_URL } from './redis.js';

const runPrefix = `amora-test-${randomBytes(6).toString('hex')}`;
let prefixCount = 0;
/** A prefix of this test run's own, so runs sharing one Redis never hear each other. */
const uniquePrefix = () => `${runPrefix}-${++prefixCount}:`;

const opened: EventBus[] = [];
/** One outbox per deployment (prefix), as its instances share one database. */
const outboxes = new Map<string, Db>();
async function bus(prefix: string) {
  let db = outboxes.get(prefix);
  if (!db) {
    db = await outboxDatabase();
    outboxes.set(prefix, db);
  }
  const created = await eventBus({ db, redis: { url: TEST_REDIS_URL, prefix }, ownEventsOnly: true });
  opened.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
  await Promise.all([...outboxes.values()].map((db) => db.destroy()));
  outboxes.clear();
});

/** The lines a bus logs of its Redis outages, each as `<level> <text>`; kept out of the test output. */
function logLines() {
  const lines: string[] = [];
  return {
    lines,
    warn: (line: string) => void lines.push(`warn ${line}`),
    info: (line: string) => void lines.push(`info ${line}`),
  };
}

/** Redis reached through a proxy the test can stall (Redis is there but does not answer) or take down. */
async function redisProxy() {
  const target = new URL(TEST_REDIS_URL);
  const links: { client: net.Socket; upstream: net.Socket }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    links.push({ client, upstream });
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
      from.pipe(to);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(TEST_REDIS_URL);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const sockets = () => links.flatMap(({ client, upstream }) => [client, upstream]);
  onTestFinished(() => {
    for (const socket of sockets()) socket.destroy();
    server.close();
  });
  return {
    url: url.toString(),
    /** What the clients send waits in the proxy until `resume`: Redis is there and does not answer. */
    stall() {
      for (const { client, upstream } of links) client.unpipe(upstream).pause();
    },
    /** The open connections drop (what they carried is lost); new ones are let through. */
    async drop() {
      const open = sockets().filter((socket) => !socket.closed);
      const closed = open.map((socket) => new Promise((resolve) => socket.once('close', resolve)));
      for (const socket of open) socket.destroy();
      links.length = 0;
      await Promise.all(closed);
    },
    /** Redis goes away: no new connections, and the open ones drop. */
    async cut() {
      const stopped = new Promise((resolve) => server.close(resolve));
      await this.drop();
      await stopped;
    },
  };
}

const like = (siteId: number): DomainEvent => ({ type: 'like.new', siteId, profileId: 10, likedProfileId: 20 });
/** Sent after the events under test: once a subscriber has it, it has had everything sent before. */
const done: DomainEvent = { type: 'match.new', siteId: 0, profileIds: [0, 0] };

async function until(condition: () => Promise<boolean>) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await condition()) return;
    await sleep(50);
  }
  throw new Error('gave up waiting');
}

const unpublished = (db: Db) => db.selectFrom('event_outbox').select('id').where('published_at', 'is', null).execute();

const bySite = (events: DomainEvent[]) => events.toSorted((a, b) => a.siteId - b.siteId);

/** What a bus's subscriber hears of like.new, and a promise of the closing event. */
function listen(on: EventBus) {
  const heard: DomainEvent[] = [];
  let finished = () => {};
  const end = new Promise<void>((resolve) => {
    finished = resolve;
  });
  on.subscribe('like.new', (event) => void heard.push(event));
  on.subscribe('match.new', (event) => {
    if (event.siteId === 0) finished();
  });
  return { heard, end };
}

describe('the Redis event bus', () => {
  it('delivers an event once to a subscriber on every instance with the same prefix', async () => {
    const prefix = uniquePrefix();
    const [first, second] = [await bus(prefix), await bus(prefix)];
    const onFirst = listen(first);
    const onSecond = listen(second);

    await first.publish(like(1));
    await second.publish(like(2));
    await first.publish(done);
    await Promise.all([onFirst.end, onSecond.end]);

    // Each instance hears its own event at once and the other's through Redis, in either order.
    expect(bySite(onFirst.heard)).toEqual([like(1), like(2)]);
    expect(bySite(onSecond.heard)).toEqual([like(1), like(2)]);
  });

  it('delivers an event to local subscribers of the publishing instance only', async () => {
    const prefix = uniquePrefix();
    const [first, second] = [await bus(prefix), await bus(prefix)];
    const heardLocally: [string, DomainEvent][] = [];
    first.subscribeLocal('like.new', (event) => void heardLocally.push(['first', event]));
    second.subscribeLocal('like.new', (event) => void heardLocally.push(['second', event]));
    const onSecond = listen(second);

    await first.publish(like(6));
    await second.publish(like(7));
    await first.publish(done);
    await onSecond.end;

    expect(heardLocally).toEqual([
      ['first', like(6)],
      ['second', like(7)],
    ]);
  });

  it('does not deliver events published under another prefix', async () => {
    const [mine, theirs] = [await bus(uniquePrefix()), await bus(uniquePrefix())];
    const onMine = listen(mine);
    const onTheirs = listen(theirs);

    await theirs.publish(like(3));
    await mine.publish(like(4));
    // Redis delivers in order of publication, so once `done` arrives anything else would have too.
    await mine.publish(done);
    await theirs.publish(done);
    await Promise.all([onMine.end, onTheirs.end]);

    expect(onMine.heard).toEqual([like(4)]);
    expect(onTheirs.heard).toEqual([like(3)]);
  });

  it('logs one warning for the outage, not an error for each event, while it publishes with Redis down, and still delivers on its own instance', async () => {
    const proxy = await redisProxy();
    const errors: unknown[] = [];
    const log = logLines();
    const down = await eventBus({
      redis: { url: proxy.url, prefix: uniquePrefix(), log },
      onError: (error) => void errors.push(error),
    });
    onTestFinished(() => down.close());
    const heardHere: DomainEvent[] = [];
    down.subscribe('like.new', (event) => void heardHere.push(event));

    await proxy.cut();

    for (const siteId of [5, 6, 7]) await expect(down.publish(like(siteId))).resolves.toBeUndefined();
    expect(errors).toEqual([]);
    expect(log.lines).toEqual([expect.stringMatching(/^warn Redis is not reachable \(.+\); until it is back, /)]);
    expect(heardHere).toEqual([like(5), like(6), like(7)]);
  });

  it('sends an event again that Redis did not take in time, and the other instances hear it once', {
    timeout: 15_000,
  }, async () => {
    const prefix = uniquePrefix();
    const db = await outboxDatabase();
    outboxes.set(prefix, db);
    const proxy = await redisProxy();
    const log = logLines();
    // Relays every second, as an instance does: it takes what is left in the outbox.
    const slow = await eventBus({ db, redis: { url: proxy.url, prefix, log } });
    opened.push(slow);
    const other = await eventBus({ db, redis: { url: TEST_REDIS_URL, prefix }, ownEventsOnly: true });
    opened.push(other);
    const onOther = listen(other);
    const pushedOnce = vi.fn();
    slow.subscribeLocal('like.new', pushedOnce);
    other.subscribeLocal('like.new', pushedOnce);

    // Redis is connected and does not answer: the publish times out, and its connection then drops
    // with the publish unsent. The other instance's own connection stays up all along.
    proxy.stall();
    await slow.publish(like(8));
    await slow.settled();
    expect(log.lines).toEqual([
      expect.stringMatching(/^warn Redis is not reachable \(Command timed out\); until it is back, /),
    ]);
    await proxy.drop();
    // Its hold ends (as 5 s after a commit), and the relay sends it once Redis takes it again.
    await db
      .updateTable('event_outbox')
      .set({ claimed_until: new Date(0).toISOString() })
      .execute();
    await until(async () => onOther.heard.length > 0 && (await unpublished(db)).length === 0);

    expect(onOther.heard).toEqual([like(8)]);
    expect(pushedOnce).toHaveBeenCalledTimes(1);
    expect(log.lines.at(-1)).toBe('info Redis is back');
  });
});
