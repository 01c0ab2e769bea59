import { type Kysely, sql } from 'kysely';

/**
 * Issue 48: members and staff sign in in one session store, each session of a kind (`member` or
 * `staff`) with the id of its account of that kind and no other. The members' sessions and the
 * staff's move in as they are: signed in, or half-way through a staff two-step sign-in. SQLite cannot
 * make a column nullable, so the table is built anew and the two old ones go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's migrator runs each migration in a transaction; SQLite's runs none, and a sign-in
  // between the copy and the drop would be lost.
  if (db.isTransaction) await moveSessions(db);
  else await db.transaction().execute(moveSessions);
}

async function moveSessions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_session_store')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('staff_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('country', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('end_token_hash', 'text')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('signed_in'))
    .addColumn('pending_secret', 'text')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Named apart from the table, so they keep their names once it is renamed.
    .addPrimaryKeyConstraint('sessions_pk', ['id'])
    .addForeignKeyConstraint('sessions_user_fk', ['user_id'], 'users', ['id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('sessions_staff_fk', ['staff_id'], 'staff_users', ['id'], (c) => c.onDelete('cascade'))
    // A session holds the id of its kind's account and not the other's; a member's is seen from its sign-in on.
    .addCheckConstraint(
      'sessions_of_their_kind',
      sql`(kind = 'member' and user_id is not null and staff_id is null and last_seen_at is not null)
        or (kind = 'staff' and staff_id is not null and user_id is null)`,
    )
    .execute();
  await sql`insert into one_session_store
      (id, kind, user_id, created_at, expires_at, user_agent, country, last_seen_at, end_token_hash)
    select id, 'member', user_id, created_at, expires_at, user_agent, country, coalesce(last_seen_at, created_at),
      end_token_hash
    from sessions`.execute(db);
  await sql`insert into one_session_store
      (id, kind, staff_id, created_at, expires_at, stage, pending_secret, code_attempts)
    select id, 'staff', staff_id, created_at, expires_at, stage, pending_secret, code_attempts
    from staff_sessions`.execute(db);
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.alterTable('one_session_store').renameTo('sessions').execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_staff_id').on('sessions').column('staff_id').execute();
  await db.schema.createIndex('sessions_end_token').unique().on('sessions').column('end_token_hash').execute();
}
