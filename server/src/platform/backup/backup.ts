/**
 * A backup while the app serves: the database as of one moment (SQLite's online backup API, or
 * pg_dump) and every media object, into a new folder (docs/operations.md, Backups).
 */
import fs from 'node:fs/promises';
import type { DatabaseConfig } from '../config.js';
import { createDiskStore, type MediaStore } from '../media/store.js';
import { BACKUP_FORMAT, BackupRefused, backupFiles, type Manifest, writeManifest } from './manifest.js';
import { copyNewObjects } from './media.js';
import { checkPostgresDumpable, dumpPostgres } from './postgres.js';
import { backUpSqlite, checkSqliteReadable } from './sqlite.js';

/** What a backup copies, or a restore fills: the configured database and media store. */
export interface BackupPlace {
  database: DatabaseConfig;
  media: MediaStore;
}

/** Refuses a `dir` that is not a folder or not empty: a backup never mixes with other files. */
async function checkFolder(dir: string): Promise<void> {
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat) return;
  if (!stat.isDirectory()) throw new BackupRefused(`${dir} is not a folder`);
  if ((await fs.readdir(dir)).length > 0) {
    throw new BackupRefused(`${dir} is not empty: back up into a new or empty folder`);
  }
}

/** Refuses a database that cannot be copied, before anything is; pg_dump's version on PostgreSQL. */
async function checkDatabase(database: DatabaseConfig): Promise<number | null> {
  if (database.engine === 'postgres') return checkPostgresDumpable(database.url);
  checkSqliteReadable(database.file);
  return null;
}

async function copyDatabase(database: DatabaseConfig, dir: string): Promise<{ migration: string | null }> {
  const files = backupFiles(dir);
  return database.engine === 'sqlite'
    ? backUpSqlite(database.file, files.sqlite)
    : dumpPostgres(database.url, files.postgres);
}

/**
 * Backs up `source` into `dir`, reporting each step. The media is copied before the database and
 * again after it (only the objects new since): an object is stored before the row that names it,
 * so every photo a row of the copied database names is in the backup, even one uploaded during it
 * (unless it was removed again before the second pass). The manifest is written last.
 */
export async function backUp(
  source: BackupPlace,
  dir: string,
  report: (line: string) => void = () => {},
): Promise<Manifest> {
  await checkFolder(dir);
  const pgDumpVersion = await checkDatabase(source.database);
  await fs.mkdir(dir, { recursive: true });
  const startedAt = new Date().toISOString();
  const folder = createDiskStore(backupFiles(dir).media);
  const copied = new Map<string, number>();
  report('Copying the media…');
  await copyNewObjects(source.media, folder, copied);
  report(`Copying the database (${source.database.engine})…`);
  const databaseAt = new Date().toISOString();
  const { migration } = await copyDatabase(source.database, dir);
  const before = copied.size;
  await copyNewObjects(source.media, folder, copied);
  report(`Copied the media added meanwhile: ${copied.size - before} objects.`);
  const bytes = [...copied.values()].reduce((sum, size) => sum + size, 0);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    engine: source.database.engine,
    startedAt,
    databaseAt,
    finishedAt: new Date().toISOString(),
    migration,
    pgDumpVersion,
    media: { objects: copied.size, bytes },
  };
  await writeManifest(dir, manifest);
  return manifest;
}
