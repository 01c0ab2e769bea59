/**
 * `npm run media -- migrate`: a disk store copied into a bucket (s3rver), every object verified,
 * counted; run again, it copies only what changed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { migrateMedia } from '../src/platform/media/migrate.js';
import { createDiskStore, createS3Store, putOptionsFor, readObject } from '../src/platform/media/store.js';
import { testPhoto } from './helpers.js';
import { s3TestEnv } from './s3.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-migrate-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function migrate(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/media.ts', 'migrate', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Each run starts a Node process with tsx: slow on a busy machine. */
const SPAWNS = { timeout: 90_000 };

describe('npm run media -- migrate', () => {
  it('copies DATA_DIR/media into the bucket, verified, and skips what is there already', SPAWNS, async () => {
    const disk = createDiskStore(path.join(dataDir, 'media'));
    const objects = new Map<string, Buffer>([
      ['p/7/0123456789abcdef0123456789abcdef.webp', await testPhoto()],
      ['p/7/0123456789abcdef0123456789abcdef-thumb.webp', await testPhoto()],
      ['c/7/fedcba9876543210fedcba9876543210.webp', await testPhoto()],
      [`exports/${'e'.repeat(32)}.zip`, Buffer.from('PK zip bytes')],
    ]);
    for (const [key, bytes] of objects) await disk.put(key, bytes, putOptionsFor(key));
    const env = await s3TestEnv();

    const first = migrate(env);
    expect(first.out).toContain('Copied 4, already there 0, failed 0 (4 objects).');
    expect(first.status).toBe(0);
    const config = loadConfig({ ...env, DATA_DIR: dataDir });
    if (config.media.store !== 's3') throw new Error('not configured for S3');
    const bucket = createS3Store(config.media.s3);
    for (const [key, bytes] of objects) expect(await readObject(bucket, key), key).toEqual(bytes);

    // Run again (as the command does): only what changed is copied.
    expect(await migrateMedia(disk, bucket)).toEqual({ copied: 0, skipped: 4, failed: 0, failures: [] });
    const changed = 'c/7/fedcba9876543210fedcba9876543210.webp';
    await disk.put(changed, Buffer.from('other bytes'), putOptionsFor(changed));
    expect(await migrateMedia(disk, bucket)).toEqual({ copied: 1, skipped: 3, failed: 0, failures: [] });
    expect(await readObject(bucket, changed)).toEqual(Buffer.from('other bytes'));
  });

  it('copies from another folder with --from', SPAWNS, async () => {
    const other = path.join(dataDir, 'elsewhere');
    const key = 'p/hosted/abcdefabcdefabcdefabcdefabcdefab.webp';
    await createDiskStore(other).put(key, await testPhoto(), putOptionsFor(key));
    const run = migrate(await s3TestEnv(), '--from', other);
    expect(run.out).toContain('Copied 1, already there 0, failed 0 (1 objects).');
  });

  it('refuses without a bucket to copy into, or a folder that is not there', SPAWNS, async () => {
    const withoutBucket = migrate({});
    expect(withoutBucket.status).toBe(1);
    expect(withoutBucket.out).toContain('amora media: MEDIA_STORE=s3 and S3_BUCKET name the bucket to copy into');
    const missing = migrate(await s3TestEnv(), '--from', path.join(dataDir, 'nothing'));
    expect(missing.status).toBe(1);
    expect(missing.out).toContain('does not exist');
  });
});
