import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/index.js';

export interface OutboxRow {
  id: number;
  type: string;
  payload: string;
}

export interface ClaimedRow extends OutboxRow {
  /** How often it has been taken, this time included. */
  attempts: number;
  /** When its once-per-event handlers were done; null while they were not. */
  handled_at: string | null;
}

/** Keeps an event, held by the instance that writes it until `until` (it relays it after the commit). */
export async function insertEvent(db: Db, type: string, payload: string, now: string, until: string): Promise<number> {
  const row = await db
    .insertInto('event_outbox')
    .values({ type, payload, created_at: now, claimed_until: until, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The row `insertEvent` writes, as the CTE `name` of a caller's own statement on PostgreSQL,
 * returning its id: the payload with `fills` set, JSON paths to values only the statement knows
 * (a row it inserts); written only when `when` holds.
 */
export function insertEventStep(
  name: string,
  row: { type: string; payload: string; now: string; until: string },
  fills: [path: string[], value: RawBuilder<unknown>][],
  when: RawBuilder<boolean>,
): RawBuilder<unknown> {
  const payload = fills.reduce<RawBuilder<unknown>>(
    (json, [path, value]) => sql`jsonb_set(${json}, ${`{${path.join(',')}}`}::text[], to_jsonb(${value}))`,
    sql`${row.payload}::jsonb`,
  );
  return sql`${sql.id(name)} as (
    insert into event_outbox (type, payload, created_at, claimed_until, attempts)
    select ${row.type}, (${payload})::text, ${row.now}, ${row.until}, 1 where ${when}
    returning id
  )`;
}

/** Of these events, those committed and not yet published. */
export function unpublishedAmong(db: Db, ids: number[]): Promise<ClaimedRow[]> {
  return db
    .selectFrom('event_outbox')
    .select(['id', 'type', 'payload', 'attempts', 'handled_at'])
    .where('id', 'in', ids)
    .where('published_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * Takes up to `limit` unpublished events nobody holds (or whose holder let the time pass) until
 * `until`, oldest first; those handled already only when they can be sent now (`handledToo`). One
 * statement: two relays never take the same event at once.
 */
export function claimUnpublished(
  db: Db,
  { now, until, limit, handledToo }: { now: string; until: string; limit: number; handledToo: boolean },
): Promise<ClaimedRow[]> {
  const free = db
    .selectFrom('event_outbox')
    .select('id')
    .where('published_at', 'is', null)
    .$if(!handledToo, (query) => query.where('handled_at', 'is', null))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(limit);
  return db
    .updateTable('event_outbox')
    .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', free)
    .where('published_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returning(['id', 'type', 'payload', 'attempts', 'handled_at'])
    .execute();
}

/** Handled, and sent to the other instances. */
export async function markPublished(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('event_outbox')
    .set((eb) => ({ published_at: now, handled_at: eb.fn.coalesce('handled_at', eb.val(now)) }))
    .where('id', 'in', ids)
    .execute();
}

/** Handled, but not sent to the other instances yet: a later relay only sends it. */
export async function markHandled(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length > 0) await db.updateTable('event_outbox').set({ handled_at: now }).where('id', 'in', ids).execute();
}

/**
 * The events written since `since`, published or not yet (their relay may still be at work), for
 * an instance that could not hear them then.
 */
export function writtenSince(db: Db, since: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('event_outbox')
    .select(['id', 'type', 'payload'])
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deletePublishedBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('event_outbox')
    .where('published_at', 'is not', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The events not yet published, and when the oldest of them was written (null: none waits). */
export async function unpublishedBacklog(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('event_outbox')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('published_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}
