/** The SQLite half of a backup: SQLite's online backup API into a file, and that file put in place. */
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { BackupRefused } from './manifest.js';

/**
 * Pages per step of the backup: all of them. A write by another connection (the serving app)
 * between two steps starts the copy over, so a busy database copied in steps might never finish;
 * one step copies it within one read transaction, which in WAL mode holds up no writer.
 */
const ALL_PAGES = 0x7fffffff;

function open(file: string): SQLite.Database {
  const sqlite = new SQLite(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** The newest migration the database has; null without any. */
function latestMigration(sqlite: SQLite.Database): string | null {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
    .get(DEFAULT_MIGRATION_TABLE);
  if (!table) return null;
  const row = sqlite.prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name desc limit 1`).get() as
    | { name: string }
    | undefined;
  return row?.name ?? null;
}

/** Refuses unless `file` is a database SQLite opens. */
export function checkSqliteReadable(file: string): void {
  try {
    open(file).close();
  } catch {
    throw new BackupRefused(`${file} is not a SQLite database Amora can open: check DATA_DIR and DATABASE_URL`);
  }
}

/** Copies the database at `file`, as it is at one moment, into `target`; the migration it has. */
export async function backUpSqlite(file: string, target: string): Promise<{ migration: string | null }> {
  const source = open(file);
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = open(target);
  try {
    // One file, with no journal beside it to keep with it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy of ${file} fails SQLite's check: ${String(check)}`);
    return { migration: latestMigration(copy) };
  } finally {
    copy.close();
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** Refuses unless `file` is missing or holds no table: a restore never overwrites a database. */
export async function checkSqliteEmpty(file: string): Promise<void> {
  if (!(await exists(file))) return;
  const sqlite = open(file);
  try {
    const { n } = sqlite.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    if (n > 0) {
      throw new BackupRefused(
        `${file} already holds a database (${n} tables): restore into an empty one (move that file away first)`,
      );
    }
  } finally {
    sqlite.close();
  }
}

/** Puts the backup's database file in place as `file`, whole or not at all. */
export async function restoreSqlite(backupFile: string, file: string): Promise<void> {
  const part = `${file}.restoring-${process.pid}`;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.copyFile(backupFile, part);
  // An empty database left by an earlier start may have its journal beside it; it is not this one's.
  for (const left of [`${file}-wal`, `${file}-shm`]) await fs.rm(left, { force: true });
  await fs.rename(part, file);
}
