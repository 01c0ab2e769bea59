/**
 * A backup brought into an empty database and an empty media store. Everything is checked before
 * anything is written: a refusal changes nothing. Migrations then run as usual when the app starts.
 */
import fs from 'node:fs/promises';
import { isKnownMigration } from '../db/index.js';
import { migrateMedia } from '../media/migrate.js';
import { createDiskStore } from '../media/store.js';
import type { BackupPlace } from './backup.js';
import { BackupRefused, backupFiles, type Manifest, readManifest } from './manifest.js';
import { countObjects, isEmptyStore } from './media.js';
import { checkPostgresRestorable, restorePostgres } from './postgres.js';
import { checkSqliteEmpty, restoreSqlite } from './sqlite.js';

const ENGINE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

async function checkBackup(dir: string, manifest: Manifest, target: BackupPlace): Promise<void> {
  const { engine } = target.database;
  if (manifest.engine !== engine) {
    throw new BackupRefused(
      `${dir} is a backup of a ${ENGINE_NAMES[manifest.engine]} database, and DATABASE_URL names ${ENGINE_NAMES[engine]}: restore it into the same engine`,
    );
  }
  if (manifest.migration !== null && !isKnownMigration(manifest.migration)) {
    throw new BackupRefused(
      `${dir} was made by a newer Amora (its database has the migration ${manifest.migration}): restore it with that version`,
    );
  }
  const files = backupFiles(dir);
  const database = engine === 'sqlite' ? files.sqlite : files.postgres;
  if (!(await fs.stat(database).catch(() => null))?.isFile()) throw new BackupRefused(`${database} is missing`);
  const media = await countObjects(createDiskStore(files.media));
  if (media.objects !== manifest.media.objects || media.bytes !== manifest.media.bytes) {
    throw new BackupRefused(
      `${files.media} holds ${media.objects} objects of ${media.bytes} bytes, and the manifest says ${manifest.media.objects} of ${manifest.media.bytes}: the backup is damaged`,
    );
  }
}

async function checkTarget(manifest: Manifest, target: BackupPlace): Promise<void> {
  const { database } = target;
  if (database.engine === 'sqlite') await checkSqliteEmpty(database.file);
  else await checkPostgresRestorable(database.url, manifest.pgDumpVersion);
  if (!(await isEmptyStore(target.media))) {
    throw new BackupRefused(
      'the media store is not empty: restore into an empty one (an empty DATA_DIR/media, or a new bucket in S3_BUCKET)',
    );
  }
}

/** Restores the backup in `dir` into `target`'s empty database and store, reporting each step. */
export async function restore(
  target: BackupPlace,
  dir: string,
  report: (line: string) => void = () => {},
): Promise<Manifest> {
  const manifest = await readManifest(dir);
  await checkBackup(dir, manifest, target);
  await checkTarget(manifest, target);
  const files = backupFiles(dir);
  const { database } = target;
  report(`Restoring the database (${ENGINE_NAMES[database.engine]}, as of ${manifest.databaseAt})…`);
  if (database.engine === 'sqlite') await restoreSqlite(files.sqlite, database.file);
  else await restorePostgres(database.url, files.postgres);
  report(`Restoring ${manifest.media.objects} media objects…`);
  const counts = await migrateMedia(createDiskStore(files.media), target.media);
  if (counts.failed > 0) {
    throw new Error(
      `the database is restored, but ${counts.failed} media objects were not copied whole (${counts.failures.slice(0, 3).join(', ')}…): ` +
        `copy ${files.media} into the store again (into a bucket: npm run media -- migrate --from ${files.media})`,
    );
  }
  return manifest;
}
