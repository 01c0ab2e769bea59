import { type Insertable, type Selectable, sql } from 'kysely';
import { type Db, engineOf } from '../platform/db/index.js';
import type {
  MarketingConsentsTable,
  NotificationPreferencesTable,
  PushSubscriptionsTable,
} from '../platform/db/schema.js';

export function subscriptionsOf(db: Db, userId: number) {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** The endpoint is the browser's: subscribing it again, as whoever, replaces what it was. */
export async function upsertSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at }),
    )
    .execute();
}

export async function deleteSubscriptionsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

export function subscriptionById(db: Db, id: number) {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

type WishRow = { type: string | null; mail: number | null; push: number | null; subscription_id: number | null };

/**
 * What a notification needs to know of a member, in one statement: their stored choices, and the
 * ids of their browsers' push subscriptions (the rows without a type).
 */
export async function choicesAndBrowsersOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['type', 'mail', 'push', sql<number | null>`null`.as('subscription_id')])
    .where('user_id', '=', userId)
    .$castTo<WishRow>()
    .unionAll((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select([
          sql<string | null>`null`.as('type'),
          sql<number | null>`null`.as('mail'),
          sql<number | null>`null`.as('push'),
          'id as subscription_id',
        ])
        .where('user_id', '=', userId)
        .$castTo<WishRow>(),
    )
    .execute();
  return {
    choices: rows.flatMap(({ type, mail, push }) =>
      type === null ? [] : [{ type, mail: mail ?? 0, push: push ?? 0 }],
    ),
    browsers: rows.flatMap(({ subscription_id: id }) => (id === null ? [] : [id])).sort((a, b) => a - b),
  };
}

export function preferencesOf(db: Db, userId: number) {
  return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).execute();
}

export async function upsertPreference(db: Db, row: Selectable<NotificationPreferencesTable>): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ mail: row.mail, push: row.push }))
    .execute();
}

/** The advisory-lock key space of a member's notification choices (see likes/queries.ts for the others). */
const CHOICE_LOCKS = 9;

/**
 * Serialises one member's changes of choices until the transaction ends, so each reads the choice
 * the one before it stored and a consent is recorded for a real change only, once. SQLite runs one
 * write transaction at a time already.
 */
export async function lockChoicesOf(db: Db, userId: number): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(${CHOICE_LOCKS}, ${userId})`.execute(db);
}

export async function recordConsent(db: Db, row: Insertable<MarketingConsentsTable>): Promise<void> {
  await db.insertInto('marketing_consents').values(row).execute();
}

export async function lastSent(db: Db, userId: number, kind: string): Promise<string | null> {
  const row = await db
    .selectFrom('notification_sends')
    .select('sent_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.sent_at ?? null;
}

export async function recordSent(db: Db, userId: number, kind: string, sentAt: string): Promise<void> {
  await db
    .insertInto('notification_sends')
    .values({ user_id: userId, kind, sent_at: sentAt })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ sent_at: sentAt }))
    .execute();
}

/** Every marketing consent a member gave or withdrew, oldest first (their data export). */
export function consentsOf(db: Db, userId: number) {
  return db
    .selectFrom('marketing_consents')
    .select(['channel', 'topic', 'given', 'at', 'source'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
