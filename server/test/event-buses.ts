/**
 * Event buses for the tests of the bus itself: each on an outbox of its own (a migrated SQLite
 * database in memory) or on a shared one, joined by Redis when given a URL.
 */
import { type Db, migrateToLatest, openDatabase } from '../src/platform/db/index.js';
import { createEventBus, type EventBus } from '../src/platform/events/bus.js';
import type { DomainEvent } from '../src/platform/events/catalogue.js';
import { connectRedisWire } from '../src/platform/events/wire.js';
import { type RedisLog, redisOutages } from '../src/platform/redis.js';

/** A database with the outbox, in memory, for one test's buses. */
export async function outboxDatabase(): Promise<Db> {
  const { db, engine } = openDatabase({ engine: 'sqlite', file: ':memory:' });
  await migrateToLatest(db, engine);
  return db;
}

export interface BusOptions {
  /** The outbox, shared with other buses (instances of one deployment); one of its own unless given. */
  db?: Db;
  /** Joined by Redis; its outages are told to `log` (the console unless given). */
  redis?: { url: string; prefix: string; log?: RedisLog };
  onError?: (error: unknown, event: DomainEvent) => void;
  /**
   * Relays only what it publishes itself, not what others left (their relays would race it for
   * events just committed): for tests of which instance relays.
   */
  ownEventsOnly?: boolean;
}

export async function eventBus({ db, redis, onError, ownEventsOnly }: BusOptions = {}): Promise<EventBus & { db: Db }> {
  const outbox = db ?? (await outboxDatabase());
  const wire = redis ? await connectRedisWire(redis.url, redis.prefix, redisOutages(redis.log ?? console)) : undefined;
  const bus = createEventBus({
    db: outbox,
    wire,
    ...(onError && { onError }),
    ...(ownEventsOnly && { relayEveryMs: 60 * 60_000 }),
  });
  return {
    ...bus,
    db: outbox,
    async close() {
      await bus.close();
      if (!db) await outbox.destroy();
    },
  };
}
