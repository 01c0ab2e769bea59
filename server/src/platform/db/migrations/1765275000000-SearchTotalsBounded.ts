import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 50: search totals are counted no further than 1,000 (members/search/totals.ts), so the
 * listing version that kept exact counts cached goes, with the triggers that bumped its one row on
 * every change to a listed profile (each dropped if there, as the migrations' test runs it again).
 * A count of a region's profiles of an age reads one range of an index: the regional search, the
 * one with the fewest results, counts its matches only.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`drop trigger if exists profiles_listing_insert_delete on profiles`.execute(db);
    await sql`drop trigger if exists profiles_listing_update on profiles`.execute(db);
    await sql`drop function if exists profile_listing_changed()`.execute(db);
  } else {
    for (const trigger of ['profiles_listing_insert', 'profiles_listing_delete', 'profiles_listing_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable('profile_listing_version').ifExists().execute();
  await sql`create index profiles_search_region on profiles
    (site_id, status, invisible, country, region, gender, date_of_birth)`.execute(db);
}
