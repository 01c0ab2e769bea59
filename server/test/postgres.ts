/** PostgreSQL for the api-postgres project: one throw-away database per test file. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || 'postgres://root@127.0.0.1:5432/test';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Null when PostgreSQL answers and may create databases; otherwise what went wrong. */
export async function postgresProblem(): Promise<string | null> {
  try {
    const canCreate = await withAdmin(async (client) => {
      const { rows } = await client.query<{ ok: boolean }>(
        'select rolcreatedb or rolsuper as ok from pg_roles where rolname = current_user',
      );
      return rows[0]?.ok === true;
    });
    return canCreate ? null : 'the role may not create databases';
  } catch (error) {
    return `PostgreSQL is not reachable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Creates an empty database and returns its URL. */
export async function createTestDatabase(): Promise<{ name: string; url: string }> {
  const name = `amora_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Postgres' code for "database is being accessed by other users". */
const DATABASE_IN_USE = '55006';

export async function dropTestDatabase(name: string): Promise<void> {
  if (!/^amora_t_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await withAdmin(async (client) => {
    // pg's pool.end() resolves before its connections have closed; forcing the drop at once would
    // kill them mid-goodbye, and their error would surface as an unhandled one in the test run.
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        await client.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== DATABASE_IN_USE) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    await client.query(`drop database if exists ${name} with (force)`);
  });
}
