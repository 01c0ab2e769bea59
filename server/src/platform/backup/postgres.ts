/**
 * The PostgreSQL half of a backup: pg_dump's custom format, in one snapshot of the database while
 * it serves, and pg_restore into an empty database in one transaction. Both tools are taken from
 * PATH; pg_dump refuses a server of a newer major version than its own, so that is checked first.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import pg from 'pg';
import { BackupRefused } from './manifest.js';

/** PostgreSQL's code for "database does not exist". */
const NO_DATABASE = '3D000';

const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * The tools' connection: the URL without its password, which goes in PGPASSWORD instead, since a
 * command line is visible to every user of the machine.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(
          new BackupRefused(
            `${tool} is not on PATH: install PostgreSQL's client tools and put their bin folder on PATH`,
          ),
        );
      }
      reject(new Error(`${tool} failed: ${stderr.trim() || error.message}`));
    });
  });
}

/** The major version of a PostgreSQL tool on PATH: "pg_dump (PostgreSQL) 15.20 (Debian …)" is 15. */
async function toolVersion(tool: string): Promise<number> {
  const out = await run(tool, ['--version']);
  const major = out.match(/\(PostgreSQL\)\s+(\d+)/)?.[1];
  if (!major) throw new Error(`${tool} --version said "${out.trim()}", not a PostgreSQL version`);
  return Number(major);
}

/** How the operator gets a version's client tools, for a message. */
const toolsOf = (major: number) =>
  `install PostgreSQL ${major}'s client tools (e.g. the package postgresql-client-${major}) and put their bin folder first on PATH`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const name = nameOf(url);
    if ((error as { code?: string }).code === NO_DATABASE) {
      throw new BackupRefused(`the database ${name} does not exist: create it first (createdb ${name})`);
    }
    throw new BackupRefused(`PostgreSQL did not let us in to ${name}: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function latestMigration(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ present: boolean }>('select to_regclass($1) is not null as present', [
    DEFAULT_MIGRATION_TABLE,
  ]);
  if (!rows[0]?.present) return null;
  const latest = await client.query<{ name: string }>(
    `select name from ${DEFAULT_MIGRATION_TABLE} order by name desc limit 1`,
  );
  return latest.rows[0]?.name ?? null;
}

/** Refuses unless the database at `url` answers and pg_dump can dump it; pg_dump's major version. */
export async function checkPostgresDumpable(url: string): Promise<number> {
  const server = await withClient(url, async (client) => {
    const { rows } = await client.query<{ version: number }>(
      "select current_setting('server_version_num')::int as version",
    );
    return Math.floor(Number(rows[0]?.version) / 10_000);
  });
  const pgDumpVersion = await toolVersion('pg_dump');
  if (pgDumpVersion < server) {
    throw new BackupRefused(
      `pg_dump on PATH is version ${pgDumpVersion} and the server ${server}: pg_dump must be of the server's major version or newer; ${toolsOf(server)}`,
    );
  }
  return pgDumpVersion;
}

/** Dumps the database at `url` into `target`, as of one moment; the migration it has. */
export async function dumpPostgres(url: string, target: string): Promise<{ migration: string | null }> {
  const migration = await withClient(url, latestMigration);
  const { dbname, env } = toolConnection(url);
  await run('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${dbname}`], env);
  if (!(await fs.stat(target).catch(() => null))?.size) throw new Error(`pg_dump ended well but wrote no ${target}`);
  return { migration };
}

/** Refuses unless pg_restore can read a dump of that pg_dump and the database at `url` has no table. */
export async function checkPostgresRestorable(url: string, pgDumpVersion: number | null): Promise<void> {
  const pgRestoreVersion = await toolVersion('pg_restore');
  if (pgDumpVersion !== null && pgRestoreVersion < pgDumpVersion) {
    throw new BackupRefused(
      `pg_restore on PATH is version ${pgRestoreVersion} and cannot read the dump of pg_dump ${pgDumpVersion}; ${toolsOf(pgDumpVersion)}`,
    );
  }
  const tables = await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n);
  });
  if (tables > 0) {
    const name = nameOf(url);
    throw new BackupRefused(
      `the database ${name} already holds ${tables} tables: restore into an empty database (dropdb ${name} and createdb ${name}, or name a new one in DATABASE_URL)`,
    );
  }
}

/** Restores the dump into the database at `url`, in one transaction: whole, or nothing. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dump],
    env,
  );
}
