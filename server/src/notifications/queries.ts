import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { PushSubscriptionsTable } from '../db/schema.js';

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

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
