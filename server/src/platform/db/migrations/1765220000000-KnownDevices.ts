import type { Kysely } from 'kysely';

/**
 * Issue 36: a sign-in from a device the member has not used before is mailed to them, with a link
 * that ends that one session. A browser is known by a long-lived device cookie, kept here only as
 * its hash; a session keeps the hash of its own "end me" link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (col) => col.notNull())
    .addColumn('first_seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();
  await db.schema.alterTable('sessions').addColumn('end_token_hash', 'text').execute();
  await db.schema.createIndex('sessions_end_token').unique().on('sessions').column('end_token_hash').execute();
}
