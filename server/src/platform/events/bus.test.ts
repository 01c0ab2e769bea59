import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BusOptions, eventBus, outboxDatabase } from '../../../test/event-buses.js';
import type { Db } from '../db/index.js';
import type { EventBus } from './bus.js';
import type { DomainEvent } from './catalogue.js';

const like: DomainEvent = { type: 'like.new', siteId: 1, profileId: 10, likedProfileId: 20 };
const received: DomainEvent = { type: 'like.received', siteId: 1, profileId: 20, likerProfileId: 10 };
const match: DomainEvent = { type: 'match.new', siteId: 1, profileIds: [10, 20] };

/** Handlers run after the publisher's turn; let them. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const opened: EventBus[] = [];
const databases: Db[] = [];
async function bus(options: BusOptions = {}) {
  const created = await eventBus(options);
  opened.push(created);
  return created;
}
async function sharedOutbox() {
  const db = await outboxDatabase();
  databases.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
  await Promise.all(databases.splice(0).map((db) => db.destroy()));
});

async function until(condition: () => boolean | Promise<boolean>) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await condition()) return;
    await sleep(50);
  }
  throw new Error('gave up waiting');
}

async function unpublishedCount(db: Db) {
  const rows = await db.selectFrom('event_outbox').select('id').where('published_at', 'is', null).execute();
  return rows.length;
}

describe('the event bus', () => {
  it('delivers each event to the subscribers of its type only', async () => {
    const events = await bus();
    const likes: DomainEvent[] = [];
    const matches: DomainEvent[] = [];
    events.subscribe('like.new', (event) => void likes.push(event));
    events.subscribe('match.new', (event) => void matches.push(event));

    await events.publish(like);
    await events.publish(received);
    await events.publish(match);
    await settle();

    expect(likes).toEqual([like]);
    expect(matches).toEqual([match]);
  });

  it('stops delivering once unsubscribed, leaving other subscribers alone', async () => {
    const events = await bus();
    const first = vi.fn();
    const second = vi.fn();
    const stop = events.subscribe('like.new', first);
    events.subscribe('like.new', second);

    await events.publish(like);
    await settle();
    stop();
    await events.publish(like);
    await settle();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('reports a failing handler without stopping the others or the publisher', async () => {
    const errors: [unknown, DomainEvent][] = [];
    const events = await bus({ onError: (error, event) => void errors.push([error, event]) });
    const before = vi.fn();
    const after = vi.fn();
    events.subscribe('match.new', before);
    events.subscribe('match.new', () => {
      throw new Error('handler broke');
    });
    events.subscribe('match.new', async () => {
      throw new Error('async handler broke');
    });
    events.subscribe('match.new', after);

    await expect(events.publish(match)).resolves.toBeUndefined();
    await settle();

    expect(before).toHaveBeenCalledWith(match, expect.any(Number));
    expect(after).toHaveBeenCalledWith(match, expect.any(Number));
    expect(errors.map(([error, event]) => [(error as Error).message, event])).toEqual([
      ['handler broke', match],
      ['async handler broke', match],
    ]);
  });

  it('publishes a recorded event once its transaction commits, and never one rolled back', async () => {
    const events = await bus();
    const heard: DomainEvent[] = [];
    events.subscribe('like.new', (event) => void heard.push(event));

    await events.db.transaction().execute((trx) => events.record(trx, like));
    await expect(
      events.db.transaction().execute(async (trx) => {
        await events.record(trx, { ...like, siteId: 2 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await events.relay();
    await events.settled();

    expect(heard).toEqual([like]);
    expect(await unpublishedCount(events.db)).toBe(0);
  });

  it('publishes what an instance that died after its commit left in the outbox, from another instance', {
    timeout: 15_000,
  }, async () => {
    const db = await sharedOutbox();
    const dying = await bus({ db });
    await db.transaction().execute((trx) => dying.record(trx, like));
    // The instance ends before it relays, as a process killed after the commit would.
    await opened.splice(opened.indexOf(dying), 1)[0]?.close();
    expect(await unpublishedCount(db)).toBe(1);

    const survivor = await bus({ db });
    const everywhere: DomainEvent[] = [];
    const once: DomainEvent[] = [];
    survivor.subscribe('like.new', (event) => void everywhere.push(event));
    survivor.subscribeLocal('like.new', (event) => void once.push(event));
    // Once the dead instance's hold on it ends, the survivor's relay (which looks every second) takes it.
    await until(() => everywhere.length > 0);
    await survivor.settled();

    expect(everywhere).toEqual([like]);
    expect(once).toEqual([like]);
    expect(await unpublishedCount(db)).toBe(0);
  });

  it('hears an event once on an instance however often it is relayed, and tells its id', async () => {
    const events = await bus();
    const ids: (number | null)[] = [];
    events.subscribe('like.new', (_event, id) => void ids.push(id));

    await events.publish(like);
    await events.settled();
    // Relayed again, as after a relay that died between sending and marking it sent.
    await events.db.updateTable('event_outbox').set({ published_at: null, claimed_until: null }).execute();
    await until(async () => (await unpublishedCount(events.db)) === 0);

    expect(ids).toHaveLength(1);
    expect(ids[0]).toEqual(expect.any(Number));
  });

  it('relays an event again while a handler of this instance fails, and the others hear it once', async () => {
    const events = await bus();
    const everywhere = vi.fn();
    let failures = 1;
    const here = vi.fn(async () => {
      if (failures-- > 0) throw new Error('the database was away');
    });
    events.subscribe('like.new', everywhere);
    events.subscribeLocal('like.new', here);

    await events.publish(like);
    await events.settled();
    expect(await unpublishedCount(events.db)).toBe(1);
    // Its hold ends, and the relay's next look takes it again.
    await events.db
      .updateTable('event_outbox')
      .set({ claimed_until: new Date(0).toISOString() })
      .execute();
    await until(() => here.mock.calls.length === 2);
    await events.settled();

    expect(here).toHaveBeenCalledTimes(2);
    expect(everywhere).toHaveBeenCalledTimes(1);
    expect(await unpublishedCount(events.db)).toBe(0);
  });

  it('sends a signal at once without keeping it', async () => {
    const events = await bus();
    const heard = vi.fn();
    events.subscribe('chat.typing', heard);
    const typing: DomainEvent = {
      type: 'chat.typing',
      siteId: 1,
      conversationId: 3,
      profileId: 10,
      otherProfileId: 20,
    };

    await events.signal(typing);
    await settle();

    expect(heard).toHaveBeenCalledWith(typing, null);
    expect(await events.db.selectFrom('event_outbox').select('id').execute()).toEqual([]);
  });
});
