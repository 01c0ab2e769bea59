import { type Kysely, sql } from 'kysely';

/**
 * Issue 36: a member sees where they are signed in. Each session keeps the browser's user agent,
 * the country its address was in (never the address) and when it was last used. Sessions there
 * are were last seen, as far as anyone knows, when they began; their device and place are unknown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('country', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await sql`update sessions set last_seen_at = created_at`.execute(db);
}
