/** GET /healthz while PostgreSQL is out of reach (PostgreSQL only: api-sqlite leaves out postgres-*.test.ts). */
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type TestApp, useTestApp } from './helpers.js';
import { TEST_POSTGRES_URL } from './postgres.js';

/** Closes the app's PostgreSQL database to every connection, as an outage would; returns what opens it again. */
async function takeTheDatabaseAway(t: TestApp): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const name = rows[0]?.name ?? '';
  if (!/^amora_t_[0-9a-f]+$/.test(name)) throw new Error(`refusing to close ${name}`);
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  let away = true;
  const bringBack = async () => {
    if (!away) return;
    away = false;
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
  };
  onTestFinished(bringBack);
  await admin.query(`alter database ${name} allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  return bringBack;
}

describe('GET /healthz on PostgreSQL', () => {
  const t = useTestApp();

  it('answers 503 service_unavailable while PostgreSQL is out of reach, 200 when back', async () => {
    const bringBack = await takeTheDatabaseAway(t);

    const down = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'service_unavailable',
      message: 'The service is unavailable for a moment. Please try again in a few minutes.',
      request_id: down.headers['x-request-id'],
    });

    await bringBack();
    const back = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(back.statusCode).toBe(200);
  });
});
