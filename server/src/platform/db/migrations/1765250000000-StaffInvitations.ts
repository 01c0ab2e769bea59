import type { Kysely } from 'kysely';

/**
 * Issue 49: a staff account sets up its authenticator app only through an invitation an admin
 * made (a single-use link, kept hashed), gets ten single-use recovery codes (kept hashed) for the
 * day the phone is gone, and is written to in its own language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .createTable('staff_invitations')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_invitations_staff').on('staff_invitations').column('staff_id').execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute();
}
