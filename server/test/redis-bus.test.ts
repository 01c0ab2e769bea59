/**
 * The event bus joined by Redis: every instance of the app, the relaying one included, hears each
 * event once, deployments with another prefix hear nothing, and the publishing instance hears its
 * own events whatever Redis does.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Db } from '../src/db/index.js';
import type { DomainEvent, EventBus } from '../src/events/bus.js';
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

const like = (siteId: number): DomainEvent => ({ type: 'like.new', siteId, profileId: 10, likedProfileId: 20 });
/** Sent after the events under test: once a subscriber has it, it has had everything sent before. */
const done: DomainEvent = { type: 'match.new', siteId: 0, profileIds: [0, 0] };

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

  it('reports a publish that fails while Redis is down, instead of rejecting, and still delivers it on its own instance', async () => {
    // The bus reaches Redis through a proxy that the test can take down.
    const target = new URL(TEST_REDIS_URL);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const [from, to] of [
        [socket, upstream],
        [upstream, socket],
      ]) {
        sockets.add(from);
        from.on('error', () => to.destroy());
        from.on('close', () => to.destroy());
        from.pipe(to);
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(TEST_REDIS_URL);
    proxied.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const errors: [unknown, DomainEvent][] = [];
    const down = await eventBus({
      // The outage is expected here; keep its log lines out of the test output.
      redis: { url: proxied.toString(), prefix: uniquePrefix(), log: { warn: () => {}, info: () => {} } },
      onError: (error, event) => void errors.push([error, event]),
    });
    onTestFinished(() => down.close());
    const heardHere: DomainEvent[] = [];
    down.subscribe('like.new', (event) => void heardHere.push(event));

    // Redis goes away: no new connections, and the open ones drop.
    const closed = [...sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    const stopped = new Promise((resolve) => proxy.close(resolve));
    for (const socket of sockets) socket.destroy();
    await Promise.all([...closed, stopped]);

    await expect(down.publish(like(5))).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[1]).toEqual(like(5));
    expect(errors[0]?.[0]).toBeInstanceOf(Error);
    expect(heardHere).toEqual([like(5)]);
  });
});
