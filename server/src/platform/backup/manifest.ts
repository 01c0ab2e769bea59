/**
 * What a backup folder holds and how it is laid out. The manifest is written last: a folder
 * without one is not a backup, or one that did not finish.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Engine } from '../db/columns.js';

/** A backup, or a restore, that would not be whole or would overwrite something; nothing was changed. */
export class BackupRefused extends Error {}

export const BACKUP_FORMAT = 1;

export const backupFiles = (dir: string) => ({
  manifest: path.join(dir, 'manifest.json'),
  sqlite: path.join(dir, 'database.sqlite'),
  /** pg_dump's custom format, for pg_restore. */
  postgres: path.join(dir, 'database.pgdump'),
  /** The media objects under their keys, as the disk store keeps them. */
  media: path.join(dir, 'media'),
});

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  engine: Engine;
  startedAt: string;
  /** When the database was copied: the backup holds the rows as of then. */
  databaseAt: string;
  finishedAt: string;
  /** The newest migration the database had (null: none); restored only by an Amora that knows it. */
  migration: string | null;
  /** The major version of the pg_dump that wrote the dump; pg_restore must be as new. */
  pgDumpVersion: number | null;
  /** Every object of the media store, including those added while the database was copied. */
  media: { objects: number; bytes: number };
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(backupFiles(dir).manifest, `${JSON.stringify(manifest, null, 2)}\n`);
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

function isManifest(value: unknown): value is Manifest {
  const manifest = value as Partial<Manifest> | null;
  return (
    manifest?.format === BACKUP_FORMAT &&
    (manifest.engine === 'sqlite' || manifest.engine === 'postgres') &&
    typeof manifest.databaseAt === 'string' &&
    (manifest.migration === null || typeof manifest.migration === 'string') &&
    (manifest.pgDumpVersion === null || isCount(manifest.pgDumpVersion)) &&
    isCount(manifest.media?.objects) &&
    isCount(manifest.media?.bytes)
  );
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = backupFiles(dir).manifest;
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) throw new BackupRefused(`${file} is missing: ${dir} is not a backup, or one that did not finish`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    manifest = null;
  }
  if (!isManifest(manifest)) {
    throw new BackupRefused(`${file} is not a manifest of backup format ${BACKUP_FORMAT}: was it edited?`);
  }
  return manifest;
}
