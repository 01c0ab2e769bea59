/** PostgreSQL for the bench: an admin connection, and a throw-away database per run. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** BENCH_POSTGRES_URL, else postgres://<PGUSER|postgres|root>@127.0.0.1:5432/postgres; null when unreachable. */
export async function postgresAdminUrl(): Promise<string | null> {
  const candidates = process.env.BENCH_POSTGRES_URL
    ? [process.env.BENCH_POSTGRES_URL]
    : [...new Set([process.env.PGUSER, 'postgres', 'root'].filter(Boolean))].map(
        (user) => `postgres://${user}@127.0.0.1:5432/postgres`,
      );
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return url;
    } catch {
      // try the next user
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

async function withAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database; returns its URL and the function that drops it. */
export async function throwAwayDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `amora_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdmin(adminUrl, `drop database if exists ${name} with (force)`) };
}
