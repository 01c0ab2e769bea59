import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/** Issue 14, web push: the browsers that asked for a member's pushes. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('push_subscriptions'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A browser's subscription is one endpoint; it belongs to whoever subscribed last.
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_by_user').on('push_subscriptions').column('user_id').execute();
}
