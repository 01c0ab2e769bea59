import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Failed logins are counted per address asked for, whether or not it has an account, so the
 * answers (and the block after the limit) tell an attacker nothing; one row per site and address.
 * The users table's own counter goes.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_pk', ['site_id', 'email_key'])
    .execute();
  await db.schema.alterTable('users').dropColumn('failed_logins').execute();
  await db.schema.alterTable('users').dropColumn('blocked_until').execute();
}
