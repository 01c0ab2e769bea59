import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Member search at 100,000 profiles (bench/): one index per kind of search, each ordered the way
 * results are (last_active_at desc, id desc) after its equality columns and carrying the other
 * filter columns, so a page and a count read only the index. And a listing version that changes
 * with every change to who is listed where, so search totals can be cached exactly.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  for (const name of ['profiles_search_gender', 'profiles_search_place', 'profiles_search_active']) {
    await db.schema.dropIndex(name).execute();
  }
  // Results come newest activity first with never-active profiles last (members/search/pages.ts):
  // PostgreSQL needs that spelled out in the index; SQLite sorts nulls first, so last when descending.
  const newestFirst =
    engine === 'postgres' ? 'last_active_at desc nulls last, id desc' : 'last_active_at desc, id desc';
  const listed = 'site_id, status, invisible';
  const indexes: Record<string, string> = {
    // No filter, or only ages.
    profiles_search_active: `${listed}, ${newestFirst}, date_of_birth`,
    profiles_search_gender: `${listed}, gender, ${newestFirst}, date_of_birth`,
    // A country, with or without a region.
    profiles_search_country: `${listed}, country, ${newestFirst}, region, gender, date_of_birth`,
    // Gender and country, with or without a region.
    profiles_search_gender_country: `${listed}, gender, country, ${newestFirst}, region, date_of_birth`,
  };
  for (const [name, columns] of Object.entries(indexes)) {
    await sql.raw(`create index ${name} on profiles (${columns})`).execute(db);
  }

  await db.schema
    .createTable('profile_listing_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into profile_listing_version (id, version) values (1, 0)`.execute(db);

  // The columns that decide whether and where a profile is listed (search.ts).
  const columns = ['site_id', 'status', 'invisible', 'gender', 'country', 'region', 'date_of_birth'];
  const changed = columns.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
  const bump = 'update profile_listing_version set version = version + 1 where id = 1';
  if (engine === 'postgres') {
    await sql
      .raw(
        `create function profile_listing_changed() returns trigger language plpgsql as $$
         begin ${bump}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger profiles_listing_insert_delete after insert or delete on profiles
         for each statement execute function profile_listing_changed()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger profiles_listing_update after update of ${columns.join(', ')} on profiles
         for each row when (${changed}) execute function profile_listing_changed()`,
      )
      .execute(db);
  } else {
    for (const event of ['insert', 'delete']) {
      await sql
        .raw(`create trigger profiles_listing_${event} after ${event} on profiles begin ${bump}; end`)
        .execute(db);
    }
    await sql
      .raw(
        `create trigger profiles_listing_update after update of ${columns.join(', ')} on profiles
         when ${changed.replaceAll('is distinct from', 'is not')} begin ${bump}; end`,
      )
      .execute(db);
  }
}
