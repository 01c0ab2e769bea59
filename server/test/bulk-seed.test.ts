import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedHostedProfilesInBulk, seedLikesInBulk } from '../src/demo/bulk-seed.js';
import { bulkLoad } from '../src/platform/db/bulk-load.js';
import { engineOf } from '../src/platform/db/index.js';
import { buildMember, useTestApp } from './helpers.js';

const t = useTestApp();
const PROFILES = 300;

/** Rows the planner believes a table has: PostgreSQL's estimate, SQLite's ANALYZE count (null when it has none). */
async function plannedRows(table: string): Promise<number | null> {
  if (engineOf(t.db) === 'postgres') {
    const { rows } = await sql<{ reltuples: number; analyzed: boolean }>`
      select c.reltuples, exists (select 1 from pg_stats s where s.tablename = c.relname) as analyzed
      from pg_class c where c.relname = ${table} and c.relkind = 'r'`.execute(t.db);
    return rows[0]?.analyzed ? Number(rows[0].reltuples) : null;
  }
  const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = ${table}`.execute(t.db);
  return rows.length > 0 ? Math.max(...rows.map((row) => Number(row.stat.split(' ')[0]))) : null;
}

/** The tables' indexes and constraints, as the engine would make them again. */
async function definitionsOf(tables: string[]): Promise<string[]> {
  if (engineOf(t.db) === 'postgres') {
    const { rows } = await sql<{ definition: string }>`
      select indexdef as definition from pg_indexes where tablename = any(${tables})
      union all
      select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where conrelid in (select oid from pg_class where relname = any(${tables}))`.execute(t.db);
    return rows.map((row) => row.definition).sort();
  }
  const { rows } = await sql<{ definition: string }>`
    select sql as definition from sqlite_master where tbl_name in (${sql.join(tables)}) and sql is not null`.execute(
    t.db,
  );
  return rows.map((row) => row.definition).sort();
}

describe('npm run seed (bulk loads)', () => {
  it('builds the indexes and checks the constraints it set aside, so the tables end as they began', async () => {
    const before = await definitionsOf(['profiles', 'photos']);
    await seedHostedProfilesInBulk(t.db, t.services, t.site, t.clock, { count: PROFILES });
    expect(await definitionsOf(['profiles', 'photos'])).toEqual(before);
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from profiles where hosted = 1 and main_photo_id is not null`.execute(t.db);
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(PROFILES);
  });

  it('refuses a load that breaks a constraint, and keeps nothing of it', async () => {
    const before = await definitionsOf(['photos']);
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from photos`.execute(t.db)).rows[0]?.n);
    const photos = await count();
    const orphan = {
      profile_id: 999_999,
      filename: 'orphan.webp',
      thumb_filename: 'orphan-thumb.webp',
      width: 10,
      height: 10,
      status: 'active' as const,
      premium_only: 0,
      position: 0,
      created_at: t.clock.now().toISOString(),
    };
    await expect(
      bulkLoad(t.db, { photos: 1_000_000 }, (trx) => trx.insertInto('photos').values(orphan).execute()),
    ).rejects.toThrow(/foreign key/i);
    expect(await count()).toBe(photos);
    expect(await definitionsOf(['photos'])).toEqual(before);
  });

  it('leaves the planner statistics of the tables it filled, so a fresh load is ready to serve', async () => {
    const member = await buildMember(t.services);
    await seedHostedProfilesInBulk(t.db, t.services, t.site, t.clock, { count: PROFILES });
    expect(await plannedRows('profiles')).toBeGreaterThanOrEqual(PROFILES);
    expect(await plannedRows('photos')).toBeGreaterThanOrEqual(PROFILES);

    await seedLikesInBulk(t.db, t.services, t.site, t.clock, {
      memberProfileId: member.profileId,
      received: 20,
      unseen: 5,
      given: 10,
      perProfile: 2,
    });
    expect(await plannedRows('likes')).toBeGreaterThanOrEqual(PROFILES);
  });
});
