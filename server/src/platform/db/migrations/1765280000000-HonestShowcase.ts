import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 51: an honest showcase. Test accounts (the demo's logins) are marked, and nobody finds
 * them. Search shows members with a photo before hosted profiles, read from an index of members'
 * profiles alone: a site of a million hosted profiles has few members, and the members' part of a
 * page must not walk past the hosted ones. The few test accounts have an index of their own, so a
 * search total leaves them out by counting a handful.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('test_account', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The order of migration FastMemberSearch's indexes: newest activity first, never-active last.
  const newestFirst =
    engine === 'postgres' ? 'last_active_at desc nulls last, id desc' : 'last_active_at desc, id desc';
  await sql
    .raw(
      `create index profiles_search_members on profiles
       (site_id, status, invisible, ${newestFirst}, gender, country, region, date_of_birth)
       where hosted = 0 and test_account = 0`,
    )
    .execute(db);
  await sql`create index profiles_test_accounts on profiles (site_id) where test_account = 1`.execute(db);
}
