import { type Kysely, sql } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 14, notifications: the job queue of a deployment without Redis, members' choices per
 * notification type and channel, and when each kind of notification mail last went out.
 * `users.notifications_disabled` now holds why mail is off (fbl, bounce, list_unsubscribe);
 * nothing wrote it before, so whatever is there is cleared. The dev mailbox keeps mail headers.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('jobs'), engine)
    .addColumn('name', 'text', (c) => c.notNull())
    // While a job with a key waits or runs, another with the same key is not added.
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['failed_at', 'run_at']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('notification_sends')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_sends_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .alterTable('mails')
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await sql`update users set notifications_disabled = '[]'`.execute(db);
}
