/**
 * Members' sessions and the accounts read with them, kept in memory per instance (issue 50): every
 * signed-in request reads its session, and sessions change seldom. An entry is dropped on every
 * instance before the answer to its change goes out: a session's end (`session.ended`) or a change
 * of its account (`account.changed`) is relayed as one of the bus's DROP_EVENTS, which resolves
 * only once every instance has dropped it (or once anything kept before it has expired).
 *
 * Three more rules keep an entry from outliving its truth:
 * - a read that a drop overtook is not kept (the drops' count moved on while it ran);
 * - an entry is served only while the instance hears every event, and only if it was read since
 *   the instance last began to (`events.hearingSince()`);
 * - an entry lives at most DROPPED_KEPT_MS from the start of its read, the time a relay waits out
 *   when an instance does not acknowledge a drop.
 */
import { BoundedCache } from '../../platform/cache.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/bus.js';
import { DROPPED_KEPT_MS } from '../../platform/events/catalogue.js';

/** A member's session as kept: whose it is, until when it holds, when it was last seen. */
export interface KeptSession {
  userId: number;
  expiresAt: string;
  /** Moved on by markSeen, so a kept session is not marked again on every request. */
  seenAt: string;
}

/** A session and an account row are small: tens of megabytes at most per instance. */
const KEPT_ENTRIES = 50_000;

interface Kept<T> {
  value: T;
  /** performance.now() when its read began. */
  readAt: number;
}

export function keepSessions(events: EventBus) {
  const sessions = new BoundedCache<string, Kept<KeptSession>>(KEPT_ENTRIES);
  const accounts = new BoundedCache<number, Kept<UserRow>>(KEPT_ENTRIES);
  /** How many drops this instance has heard: a read that saw it move is not kept. */
  let drops = 0;

  // Heard once per event on every instance, this one included, before the event's relay resolves.
  events.subscribe('session.ended', (event) => {
    drops += 1;
    for (const id of event.sessionIds) sessions.delete(id);
  });
  events.subscribe('account.changed', (event) => {
    drops += 1;
    accounts.delete(event.userId);
  });

  /** Whether an entry read at `readAt` may be served now. */
  function servable(readAt: number): boolean {
    const hearingSince = events.hearingSince();
    return hearingSince !== null && readAt >= hearingSince && performance.now() - readAt < DROPPED_KEPT_MS;
  }

  function fresh<K, T>(cache: BoundedCache<K, Kept<T>>, key: K): T | undefined {
    const kept = cache.get(key);
    return kept && servable(kept.readAt) ? kept.value : undefined;
  }

  return {
    /** The session and its account as kept, or undefined when either must be read. */
    get(sessionId: string): { session: KeptSession; user: UserRow } | undefined {
      const session = fresh(sessions, sessionId);
      const user = session && fresh(accounts, session.userId);
      return session && user ? { session, user } : undefined;
    },

    /**
     * Reads the session and its account with `read`, keeping what it found unless a drop came
     * while it ran; a session that is not found is not kept (the next request reads it again).
     */
    async read<T extends { session: KeptSession; user: UserRow }>(
      sessionId: string,
      read: () => Promise<T | undefined>,
    ): Promise<T | undefined> {
      const [readAt, dropsBefore] = [performance.now(), drops];
      const found = await read();
      if (!found || drops !== dropsBefore || !servable(readAt)) return found;
      sessions.set(sessionId, { value: found.session, readAt }, DROPPED_KEPT_MS);
      accounts.set(found.user.id, { value: found.user, readAt }, DROPPED_KEPT_MS);
      return found;
    },
  };
}
