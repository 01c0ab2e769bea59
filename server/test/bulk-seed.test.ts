import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engineOf } from '../src/db/index.js';
import { seedHostedProfilesInBulk, seedLikesInBulk } from '../src/demo/seed.js';
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

describe('npm run seed (bulk loads)', () => {
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
