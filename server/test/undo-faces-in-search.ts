/** Migration FacesInSearch undone, for migrations.test.ts to run it again over a database that has lived. */
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../src/platform/db/columns.js';

/** The search indexes as migrations FastMemberSearch, NameSearch, SearchTotalsBounded and HonestShowcase left them. */
function indexesBefore(engine: Engine): Record<string, string> {
  const newestFirst =
    engine === 'postgres' ? 'last_active_at desc nulls last, id desc' : 'last_active_at desc, id desc';
  const listed = 'site_id, status, invisible';
  return {
    profiles_search_active: `(${listed}, ${newestFirst}, date_of_birth)`,
    profiles_search_gender: `(${listed}, gender, ${newestFirst}, date_of_birth)`,
    profiles_search_country: `(${listed}, country, ${newestFirst}, region, gender, date_of_birth)`,
    profiles_search_gender_country: `(${listed}, gender, country, ${newestFirst}, region, date_of_birth)`,
    profiles_search_region: `(${listed}, country, region, gender, date_of_birth)`,
    profiles_search_name: `(${listed}, name_key, id)`,
    profiles_search_members: `(${listed}, ${newestFirst}, gender, country, region, date_of_birth)
      where hosted = 0 and test_account = 0`,
  };
}

/** Profiles without their kept face and its triggers, and the search indexes as they were. */
export async function undoFacesInSearch(db: Kysely<unknown>, engine: Engine): Promise<void> {
  for (const [trigger, table] of [
    ['profiles_face', 'profiles'],
    ['photos_face_status', 'photos'],
    ['photos_face_delete', 'photos'],
  ] as const) {
    await sql`drop trigger ${sql.id(trigger)}${engine === 'postgres' ? sql` on ${sql.table(table)}` : sql``}`.execute(
      db,
    );
  }
  if (engine === 'postgres') {
    for (const name of ['profile_face', 'photo_face']) await sql`drop function ${sql.id(name)}()`.execute(db);
  }
  for (const [name, definition] of Object.entries(indexesBefore(engine))) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql.raw(`create index ${name} on profiles ${definition}`).execute(db);
  }
  await sql`alter table profiles drop column has_face`.execute(db);
  await sql`delete from kysely_migration where name = '1765290000000-FacesInSearch'`.execute(db);
}
