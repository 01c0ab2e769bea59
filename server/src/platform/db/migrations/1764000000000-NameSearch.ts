import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * The name key as this migration wrote it, copied rather than imported: a migration keeps doing
 * what it did when it ran, whatever members/search/key.ts becomes.
 */
function searchKeyAtMigration(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const BACKFILL_BATCH = 1000;

/**
 * The top bar's search: listed profiles by the start of their name (members/search/key.ts), in
 * name order, read from one index. A renamed profile also changes the listing version, so the
 * totals of name searches can be cached like the others.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; name: string }>`
      select id, name from profiles where id > ${after} order by id limit ${BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      await sql`update profiles set name_key = ${searchKeyAtMigration(row.name)} where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1].id;
  }

  await sql`create index profiles_search_name on profiles (site_id, status, invisible, name_key, id)`.execute(db);

  const columns = ['site_id', 'status', 'invisible', 'gender', 'country', 'region', 'date_of_birth', 'name_key'];
  const changed = columns.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
  await sql`drop trigger profiles_listing_update${sql.raw(engine === 'postgres' ? ' on profiles' : '')}`.execute(db);
  if (engine === 'postgres') {
    await sql
      .raw(
        `create trigger profiles_listing_update after update of ${columns.join(', ')} on profiles
         for each row when (${changed}) execute function profile_listing_changed()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger profiles_listing_update after update of ${columns.join(', ')} on profiles
         when ${changed.replaceAll('is distinct from', 'is not')}
         begin update profile_listing_version set version = version + 1 where id = 1; end`,
      )
      .execute(db);
  }
}
