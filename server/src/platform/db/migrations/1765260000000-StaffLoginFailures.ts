import { type Kysely, sql } from 'kysely';

/**
 * Issue 49: staff sign-ins are counted as members' are, in the same table: each row is of a kind,
 * `member` (per site and address) or `staff` (per address; staff belong to no site, so their rows
 * have site 0). Sites are never deleted, so the key to them goes. SQLite cannot change a primary
 * key, so the table is built anew, its rows kept as members'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's migrator runs each migration in a transaction; SQLite's runs none.
  if (db.isTransaction) await rebuild(db);
  else await db.transaction().execute(rebuild);
}

async function rebuild(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('counted_sign_ins')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_of_kind_pk', ['kind', 'site_id', 'email_key'])
    .addCheckConstraint(
      'login_failures_of_their_kind',
      sql`(kind = 'member' and site_id > 0) or (kind = 'staff' and site_id = 0)`,
    )
    .execute();
  await sql`insert into counted_sign_ins (kind, site_id, email_key, failures, blocked_until, updated_at)
    select 'member', site_id, email_key, failures, blocked_until, updated_at from login_failures`.execute(db);
  await db.schema.dropTable('login_failures').execute();
  await db.schema.alterTable('counted_sign_ins').renameTo('login_failures').execute();
}
