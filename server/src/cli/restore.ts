/**
 * `npm run restore -- <dir>` brings a backup of `npm run backup` into the configured database and
 * media store, both empty, with the app stopped; it refuses anything else and then changes nothing.
 * Start the app after: migrations run as usual (docs/operations.md, Backups).
 */
import { restore } from '../platform/backup/restore.js';
import { configuredMediaStore } from '../platform/media/store.js';
import { backupFolder, failWith, loadToolConfig, refusalsFail } from './tool.js';

const fail: (message: string) => never = failWith('restore');
const dir = backupFolder(fail, 'usage: npm run restore -- <backup folder>');
const config = loadToolConfig(fail);
const manifest = await refusalsFail(fail, () =>
  restore({ database: config.database, media: configuredMediaStore(config) }, dir, console.log),
);
console.log(
  `Restored the database as of ${manifest.databaseAt} and ${manifest.media.objects} media objects from ${dir}. ` +
    'Start Amora: it migrates the database as usual.',
);
