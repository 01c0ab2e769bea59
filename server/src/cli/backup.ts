/**
 * `npm run backup -- <dir>` copies the configured database (SQLite through its online backup API,
 * PostgreSQL with pg_dump) and every media object into a new or empty folder, while the app
 * serves; `npm run restore -- <dir>` brings it back (docs/operations.md, Backups).
 */
import { backUp } from '../platform/backup/backup.js';
import { configuredMediaStore } from '../platform/media/store.js';
import { backupFolder, failWith, loadToolConfig, refusalsFail } from './tool.js';

const fail: (message: string) => never = failWith('backup');
const dir = backupFolder(fail, 'usage: npm run backup -- <new or empty folder>');
const config = loadToolConfig(fail);
const manifest = await refusalsFail(fail, () =>
  backUp({ database: config.database, media: configuredMediaStore(config) }, dir, console.log),
);
console.log(
  `Backed up the database as of ${manifest.databaseAt} and ${manifest.media.objects} media objects ` +
    `(${manifest.media.bytes} bytes) into ${dir}.`,
);
