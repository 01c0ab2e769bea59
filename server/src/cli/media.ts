/**
 * `npm run media -- migrate [--from <dir>]` copies a disk media store (DATA_DIR/media, or <dir>)
 * into the configured bucket (MEDIA_STORE=s3 and the S3_* variables), verifying each object's
 * size and SHA-256, and prints the counts. Objects already copied are skipped: run it again after
 * a stop, or once more just before switching the instances over to catch the latest uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateMedia } from '../platform/media/migrate.js';
import { configuredMediaStore, createDiskStore, diskMediaRoot } from '../platform/media/store.js';
import { failWith, loadToolConfig } from './tool.js';

const fail: (message: string) => never = failWith('media');
const USAGE = 'usage: npm run media -- migrate [--from <dir>]';

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: { from: { type: 'string' } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}

const { values, positionals } = parse();
if (positionals.length !== 1 || positionals[0] !== 'migrate') fail(USAGE);

const config = loadToolConfig(fail);
if (config.media.store !== 's3') fail('MEDIA_STORE=s3 and S3_BUCKET name the bucket to copy into');
const from = path.resolve(values.from ?? diskMediaRoot(config.dataDir));
if (!fs.existsSync(from)) fail(`${from} does not exist: give the disk store's folder with --from`);
const bucket = config.media.store === 's3' ? config.media.s3.bucket : '';
console.log(`Copying ${from} into bucket ${bucket}…`);
const counts = await migrateMedia(createDiskStore(from), configuredMediaStore(config), (key, outcome) => {
  if (outcome === 'failed') console.error(`  ${key}: the copy differs from the original`);
});
console.log(
  `Copied ${counts.copied}, already there ${counts.skipped}, failed ${counts.failed} ` +
    `(${counts.copied + counts.skipped + counts.failed} objects).`,
);
if (counts.failed > 0) process.exit(1);
