import { type Kysely, sql } from 'kysely';
import { searchKey } from '../../members/search-key.js';
import type { Engine } from '../columns.js';

const BACKFILL_BATCH = 1000;

/** The top bar's search: profiles found by the start of their name or city (members/search-key.ts). */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('city_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; name: string; city: string | null }>`
      select id, name, city from profiles where id > ${after} order by id limit ${BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      await sql`update profiles set name_key = ${searchKey(row.name)}, city_key = ${searchKey(row.city ?? '')}
        where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1].id;
  }

  await sql`create index profiles_name_key on profiles (site_id, name_key)`.execute(db);
  await sql`create index profiles_city_key on profiles (site_id, city_key)`.execute(db);
}
