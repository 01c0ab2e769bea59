/**
 * Domain events: a service writes what happened into the outbox in the transaction of the change
 * (`record`), so an event exists exactly when its change does; a relay on every instance publishes
 * the outbox at least once, and the realtime and notification domains subscribe. Handlers are
 * idempotent by event id: an instance hears an event id once, and jobs made of one carry its id.
 *
 * The relay delivers to this instance's subscribers itself, whatever Redis does; with REDIS_URL
 * it sends each event on to the other instances through Redis pub/sub. An event Redis did not take
 * is sent again (from the outbox) once it does, and an instance that could not hear Redis for a
 * while reads what it missed from the outbox once Redis is back.
 */

import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RawBuilder } from 'kysely';
import { addMinutes } from '../clock.js';
import type { Db } from '../db/index.js';
import {
  ACK_WAIT_MS,
  type DomainEvent,
  DROP_EVENTS,
  DROPPED_KEPT_MS,
  type Envelope,
  type EventHandler,
  type EventType,
} from './catalogue.js';
import { createDispatcher, type Delivery, type OutboxEvent, recentIds, reportError } from './dispatch.js';
import * as queries from './queries.js';
import type { Wire } from './wire.js';

export interface EventBus {
  /**
   * Keeps the event in the outbox in the caller's transaction; it is published once that commits,
   * at least once, even when this process dies first. Call `relay()` after the commit, or
   * `relayCommitted` with the id it returns.
   */
  record(trx: Db, event: DomainEvent): Promise<number>;
  /**
   * Publishes what is committed in the outbox now, instead of at the relay's next look; resolves
   * once it is handed to every subscriber (their handlers may still run). Never throws.
   */
  relay(): Promise<void>;
  /**
   * `record` as the CTE `name` of the caller's own statement on PostgreSQL (returning the event's
   * id), with `fills`: JSON paths of the event that only the statement knows, and their SQL. Once
   * it ran, `keep(id, event)` with the event as filled in, then `relayCommitted` after the commit.
   */
  recordStep(
    name: string,
    event: DomainEvent,
    fills: [path: string[], value: RawBuilder<unknown>][],
    when: RawBuilder<boolean>,
  ): { step: RawBuilder<unknown>; keep(id: number, event: DomainEvent): void };
  /**
   * Publishes events recorded here whose transaction the caller saw commit, as they were recorded,
   * without reading the outbox back; resolves as `relay` does. Never throws.
   */
  relayCommitted(ids: number[]): Promise<void>;
  /** Resolves once the relaying so far is done: handlers finished, events marked handled or published. */
  settled(): Promise<void>;
  /** `record` in a transaction of its own, then `relay`: for a change already made. */
  publish(event: DomainEvent): Promise<void>;
  /** A passing signal (someone types): sent at once and not kept, so lost while Redis is away. */
  signal(event: DomainEvent): Promise<void>;
  /** Hears the events of every instance. Returns a function that ends the subscription. */
  subscribe<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /**
   * Hears each event on the one instance that relays it: for what must happen once per event
   * however many instances run (a push, a mail), where `subscribe` would do it once per instance.
   */
  subscribeLocal<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /**
   * Since when (performance.now()) this instance has heard every event without a gap; null while
   * it may be missing some. What it keeps and drops on DROP_EVENTS may be served only if read since.
   */
  hearingSince(): number | null;
  /** What waits in the outbox: how many events are not published yet, and the age of the oldest (0: none). */
  backlog(): Promise<{ count: number; oldestSeconds: number }>;
  close(): Promise<void>;
}

/** How often each instance looks for events nobody relayed (their instance died after the commit). */
const RELAY_INTERVAL_MS = 1_000;
/** How long a relay holds the events it took; after that another instance may take them. */
const CLAIM_MS = 5_000;
const RELAY_BATCH = 100;
/** How often an event is relayed while a local handler of it fails (a lost connection, a bug) or Redis does not take it. */
const RELAY_ATTEMPTS = 10;
/** Event ids an instance remembers having heard, to hear each once. */
const REMEMBERED_IDS = 10_000;
/** How far before an outage began an instance reads the outbox again: events committed around then. */
const CATCH_UP_MARGIN_MS = 10_000;
/** How long published events stay for catching up; older ones are deleted. */
const KEPT_MINUTES = 24 * 60;
const PURGE_INTERVAL_MS = 60 * 60_000;
/** How often the events relayed meanwhile are marked published. */
const MARK_EVERY_MS = 200;

/**
 * The outbox keeps the machines' own time, not the app's clock (which tests move): its claims are
 * leases between instances, and its times say when an instance stopped hearing Redis.
 */
const now = () => new Date();

export interface EventBusOptions {
  db: Db;
  /** How events reach the other instances; none when this is the only one. */
  wire?: Wire;
  /** A handler that failed (the event is relayed again); console.error unless given. */
  onError?: (error: unknown, event: DomainEvent) => void;
  /** How often the relay looks for events nobody relayed. */
  relayEveryMs?: number;
}

export function createEventBus({
  db,
  wire,
  onError = reportError,
  relayEveryMs = RELAY_INTERVAL_MS,
}: EventBusOptions): EventBus {
  const instance = wire?.instance ?? randomUUID();
  const everywhere = createDispatcher(onError);
  const here = createDispatcher(onError);
  const heard = recentIds(REMEMBERED_IDS);

  /** An event for this instance's `subscribe` handlers, once per id; resolves once they ran. */
  async function hear(envelope: Envelope): Promise<void> {
    if (envelope.id !== null && !heard.add(envelope.id)) return;
    await everywhere.dispatch(envelope);
  }

  /**
   * A DROP_EVENTS event, dropped here and sent to the other instances, resolves once each of them
   * acknowledged it, or once what they kept from before it has expired: no request answered after
   * it can be served what it dropped. False when the others did not get it (it is sent again).
   */
  async function sendDropping(envelope: Envelope & { id: number }, droppedHere: Promise<void>): Promise<boolean> {
    const began = performance.now();
    await droppedHere;
    const outcome = wire ? await wire.sendAcknowledged(envelope, ACK_WAIT_MS) : 'acknowledged';
    if (outcome !== 'acknowledged') await sleep(Math.max(0, began + DROPPED_KEPT_MS - performance.now()));
    return outcome !== 'not sent';
  }

  /**
   * False when the other instances did not get it (Redis is away or too slow): it is sent again
   * later. The wire logs the outage, once; an event that waits for it is no error.
   */
  async function sendOn(envelope: Envelope): Promise<boolean> {
    try {
      await wire?.send(envelope);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Marks what was handled here, and what was also sent on, a few times a second in one statement
   * each rather than once an event (a busy chat would pay a commit a message for it); the rest is
   * taken again when its hold ends. A mark lost to a crash only has an event published again.
   */
  const delivering = new Set<Promise<unknown>>();
  let handledIds: number[] = [];
  let publishedIds: number[] = [];
  let markTimer: NodeJS.Timeout | null = null;
  function markWhenDelivered(deliveries: Promise<Delivery>[]) {
    const done = Promise.all(deliveries).then((outcomes) => {
      for (const { id, handled, sent } of outcomes) {
        if (handled && sent) publishedIds.push(id);
        else if (handled) handledIds.push(id);
      }
      markTimer ??= setTimeout(markLater, MARK_EVERY_MS);
    });
    delivering.add(done);
    void done.finally(() => delivering.delete(done));
  }
  /** The marks are the bus's own work, not part of the call whose event set the timer going. */
  const markLater = AsyncResource.bind(() => void markDelivered());
  async function markDelivered() {
    if (markTimer) clearTimeout(markTimer);
    markTimer = null;
    const [handled, published] = [handledIds, publishedIds];
    [handledIds, publishedIds] = [[], []];
    const at = now().toISOString();
    try {
      await queries.markHandled(db, handled, at);
      await queries.markPublished(db, published, at);
    } catch (error) {
      console.warn(`event relay: ${(error as Error).message}; the events go again`);
    }
  }

  /**
   * Heard here and sent on in order. Its once-per-event handlers run on the first delivery that
   * finds them not done; it is published once they are done and it was sent.
   */
  async function deliver(outbox: OutboxEvent[]) {
    const deliveries: Promise<Delivery>[] = [];
    for (const { id, event, attempts, handled } of outbox) {
      if (attempts > RELAY_ATTEMPTS) {
        console.error(`event ${id} (${event.type}): not handled and sent after ${RELAY_ATTEMPTS} tries; given up`);
        deliveries.push(Promise.resolve({ id, handled: true, sent: true }));
        continue;
      }
      const envelope = { id, from: instance, event };
      const heardHere = hear(envelope);
      const handledHere = handled ? Promise.resolve(true) : here.dispatch(envelope);
      const sent = DROP_EVENTS.has(event.type) ? await sendDropping(envelope, heardHere) : await sendOn(envelope);
      deliveries.push(handledHere.then((ok) => ({ id, handled: ok, sent })));
    }
    markWhenDelivered(deliveries);
  }

  const deliverRows = (rows: queries.ClaimedRow[]) =>
    deliver(
      rows.map((row) => ({
        id: row.id,
        event: JSON.parse(row.payload) as DomainEvent,
        attempts: row.attempts,
        handled: row.handled_at !== null,
      })),
    );

  /**
   * Events this instance wrote and has not delivered yet: it relays them itself once their
   * transactions have committed. Whoever takes one out of here first delivers it.
   */
  const recorded = new Map<number, { event: DomainEvent; at: number }>();

  /**
   * Delivers what this instance recorded and is committed now. One not found yet is still being
   * committed, or was rolled back: it is looked for again until its hold ends, after which any
   * instance's look takes it.
   */
  async function relayRecorded() {
    if (recorded.size === 0) return;
    const ids = [...recorded.keys()];
    const rows = await queries.unpublishedAmong(db, ids);
    // One delivered meanwhile by relayCommitted is not delivered again.
    const mine = rows.filter((row) => recorded.delete(row.id));
    const holdEnded = Date.now() - CLAIM_MS;
    for (const id of ids) if ((recorded.get(id)?.at ?? Date.now()) < holdEnded) recorded.delete(id);
    await deliverRows(mine);
  }

  /** Delivers the committed events still waiting here, as recorded. */
  async function relayCommitted(ids: number[]) {
    const committed: OutboxEvent[] = [];
    for (const id of ids) {
      const waiting = recorded.get(id);
      if (waiting && recorded.delete(id)) committed.push({ id, event: waiting.event, attempts: 1, handled: false });
    }
    try {
      await deliver(committed);
    } catch (error) {
      console.warn(`event relay: ${(error as Error).message}; the events wait for the next look`);
    }
  }

  /** Takes and delivers a batch of the events nobody holds: those whose instance died before relaying them. */
  async function relayBatch(): Promise<number> {
    const at = now();
    const until = new Date(at.getTime() + CLAIM_MS).toISOString();
    // While Redis is away, events handled here already wait: sending them would fail.
    const handledToo = wire?.connected() ?? true;
    const rows = await queries.claimUnpublished(db, { now: at.toISOString(), until, limit: RELAY_BATCH, handledToo });
    await deliverRows(rows);
    return rows.length;
  }

  let running: Promise<void> | null = null;
  let again = false;
  let lastPurge = 0;
  /**
   * One relay at a time; a call while one runs makes it look once more before it ends. After a
   * commit only this instance's own events are looked for; every second also those nobody holds.
   */
  function relay({ all = false }: { all?: boolean } = {}): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let lookForUnheld = all;
      try {
        // A call while the unheld events are looked for also waits on this run: it looks once more.
        do {
          again = false;
          await relayRecorded();
          if (lookForUnheld) {
            lookForUnheld = false;
            while ((await relayBatch()) === RELAY_BATCH);
            await purgeNowAndThen();
          }
        } while (again);
      } catch (error) {
        // The change is committed; its event waits in the outbox for the next look.
        console.warn(`event relay: ${(error as Error).message}; the events wait for the next look`);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function purgeNowAndThen() {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    await queries.deletePublishedBefore(db, addMinutes(now(), -KEPT_MINUTES).toISOString());
  }

  /** What this instance missed while it could not hear Redis: the outbox's events since then. */
  async function catchUp(since: Date) {
    const from = new Date(since.getTime() - CATCH_UP_MARGIN_MS).toISOString();
    try {
      for (const row of await queries.writtenSince(db, from, REMEMBERED_IDS)) {
        void hear({ id: row.id, from: '', event: JSON.parse(row.payload) });
      }
    } catch (error) {
      console.warn(`event bus: could not catch up on the events missed (${(error as Error).message})`);
    }
  }

  wire?.listen({
    heard: (envelope) => {
      const heardHere = envelope.from === instance ? Promise.resolve() : hear(envelope);
      // The sender waits for every instance that took it, this one too, to say it dropped what it kept.
      if (DROP_EVENTS.has(envelope.event.type)) void heardHere.then(() => wire.ack(envelope));
    },
    missedSince: catchUp,
  });
  const timer = setInterval(() => void relay({ all: true }), relayEveryMs);
  timer.unref();

  /** When an event recorded now was written, and until when this instance holds it. */
  function outboxTimes() {
    const at = now();
    return { now: at.toISOString(), until: new Date(at.getTime() + CLAIM_MS).toISOString() };
  }

  const keep = (id: number, event: DomainEvent) => void recorded.set(id, { event, at: Date.now() });

  async function record(trx: Db, event: DomainEvent) {
    const { now: at, until } = outboxTimes();
    const id = await queries.insertEvent(trx, event.type, JSON.stringify(event), at, until);
    keep(id, event);
    return id;
  }

  return {
    record,
    relay: () => relay(),
    relayCommitted,
    recordStep(name, event, fills, when) {
      const row = { type: event.type, payload: JSON.stringify(event), ...outboxTimes() };
      return { step: queries.insertEventStep(name, row, fills, when), keep };
    },
    async publish(event) {
      const id = await db.transaction().execute((trx) => record(trx, event));
      await relayCommitted([id]);
    },
    async signal(event) {
      const envelope: Envelope = { id: null, from: instance, event };
      void hear(envelope);
      void here.dispatch(envelope);
      await sendOn(envelope);
    },
    subscribe: (type, handler) => everywhere.on(type, handler),
    subscribeLocal: (type, handler) => here.on(type, handler),
    hearingSince: () => (wire ? wire.hearingSince() : 0),
    async backlog() {
      const { count, oldest } = await queries.unpublishedBacklog(db);
      return { count, oldestSeconds: oldest ? Math.max(0, (now().getTime() - Date.parse(oldest)) / 1000) : 0 };
    },
    async settled() {
      await running;
      while (delivering.size > 0) await Promise.allSettled([...delivering]);
      await markDelivered();
    },
    async close() {
      clearInterval(timer);
      await this.settled();
      await wire?.close();
    },
  };
}
