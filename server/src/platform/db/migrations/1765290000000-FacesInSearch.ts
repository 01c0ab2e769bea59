import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 50: search flat at a million. Search shows faces first (members/search/pages.ts), and
 * asked each matching profile's main photo twice to know whether it has one: a narrow filter of
 * 2,000 matches cost 4,000 photo lookups before its 24 cards were picked. `has_face` (1: the main
 * photo is active) says it on the profile itself. The database keeps it, whichever statement
 * changes a main photo or a photo's state: triggers, so no writer (the app's, a seed's, a test's)
 * can leave it stale. Insertions fire none: a new profile has no main photo yet, and a restored
 * one brings its own value.
 *
 * The search indexes end with the columns every search filters on (hosted, has_face,
 * test_account), so a page's profiles are picked from the index alone and only the page's 24 rows
 * and photos are read; the regional one, the narrowest, has the part of the order (hosted,
 * has_face) before the order itself, so a page of it reads its first matches in order.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('has_face', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update profiles set has_face = 1 where exists
    (select 1 from photos where photos.id = profiles.main_photo_id and photos.status = 'active')`.execute(db);
  await (engine === 'postgres' ? keepFacesOnPostgres(db) : keepFacesOnSqlite(db));
  await rebuildSearchIndexes(db, engine);
}

const ACTIVE_MAIN = `exists (select 1 from photos where photos.id = new.main_photo_id and photos.status = 'active')`;

async function keepFacesOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function profile_face() returns trigger language plpgsql as $$
       begin new.has_face := case when ${ACTIVE_MAIN} then 1 else 0 end; return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger profiles_face before update of main_photo_id on profiles for each row
       when (old.main_photo_id is distinct from new.main_photo_id) execute function profile_face()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function photo_face() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then
           update profiles set has_face = 0 where id = old.profile_id and main_photo_id = old.id;
         else
           update profiles set has_face = case when new.status = 'active' then 1 else 0 end
             where id = new.profile_id and main_photo_id = new.id;
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger photos_face_status after update of status on photos for each row
       when (old.status is distinct from new.status) execute function photo_face()`,
    )
    .execute(db);
  await sql
    .raw(`create trigger photos_face_delete after delete on photos for each row execute function photo_face()`)
    .execute(db);
}

async function keepFacesOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create trigger profiles_face after update of main_photo_id on profiles
       when old.main_photo_id is not new.main_photo_id
       begin update profiles set has_face = ${ACTIVE_MAIN} where id = new.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger photos_face_status after update of status on photos when old.status is not new.status
       begin update profiles set has_face = (new.status = 'active') where id = new.profile_id and main_photo_id = new.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger photos_face_delete after delete on photos
       begin update profiles set has_face = 0 where id = old.profile_id and main_photo_id = old.id; end`,
    )
    .execute(db);
}

async function rebuildSearchIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // The order of migration FastMemberSearch: newest activity first, never-active last.
  const newestFirst =
    engine === 'postgres' ? 'last_active_at desc nulls last, id desc' : 'last_active_at desc, id desc';
  const listed = 'site_id, status, invisible';
  const shown = 'hosted, has_face, test_account';
  const indexes: Record<string, string> = {
    profiles_search_active: `(${listed}, ${newestFirst}, date_of_birth, ${shown})`,
    profiles_search_gender: `(${listed}, gender, ${newestFirst}, date_of_birth, ${shown})`,
    profiles_search_country: `(${listed}, country, ${newestFirst}, region, gender, date_of_birth, ${shown})`,
    profiles_search_gender_country: `(${listed}, gender, country, ${newestFirst}, region, date_of_birth, ${shown})`,
    // A region's part of a search in its order, its ages read from the index on the way.
    profiles_search_region: `(${listed}, country, region, gender, hosted, has_face, ${newestFirst}, date_of_birth, test_account)`,
    profiles_search_name: `(${listed}, name_key, id, test_account)`,
    // Members with a face: the first part of every search.
    profiles_search_members: `(${listed}, ${newestFirst}, gender, country, region, date_of_birth)
      where hosted = 0 and test_account = 0 and has_face = 1`,
  };
  for (const [name, definition] of Object.entries(indexes)) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql.raw(`create index ${name} on profiles ${definition}`).execute(db);
  }
}
