/**
 * Outside production the deployment's keys live in the database when the environment leaves them
 * out: made once, by whichever instance starts first, the same for instances starting at once; an
 * install that kept them under DATA_DIR keeps them. The environment's keys come first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { loadDeploymentKeys, newKeysEnvironment } from '../src/platform/keys/deployment-keys.js';
import { client, useTestApp } from './helpers.js';

const t = useTestApp();

const folders: string[] = [];
/** A DATA_DIR of its own, as each machine has, with the files given. */
function dataDir(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-keys-'));
  folders.push(dir);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** An instance starting on the test database with its own DATA_DIR and this environment. */
const startKeys = (dir: string, env: Record<string, string> = {}) =>
  loadDeploymentKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...env }), t.db, t.clock);

const keptNames = async () =>
  (await t.db.selectFrom('deployment_keys').select('name').orderBy('name').execute()).map((row) => row.name);

/** The files an install before issue 37 made under DATA_DIR. */
function oldInstallFiles() {
  const keys = newKeysEnvironment();
  return {
    keys,
    files: {
      'vapid.json': JSON.stringify({ publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY }),
      'link-signing.key': keys.LINK_SIGNING_KEY,
    },
  };
}

describe('the deployment keys kept in the database', () => {
  it('hands browsers the push key the database keeps, and keeps no key file in DATA_DIR', async () => {
    expect(await keptNames()).toEqual(['link_signing', 'vapid']);
    const kept = await t.db
      .selectFrom('deployment_keys')
      .select('value')
      .where('name', '=', 'vapid')
      .executeTakeFirst();
    const { push_public_key } = (await client(t.app).get('/api/settings.php')).json();
    expect(push_public_key).toBe(JSON.parse(kept?.value ?? '{}').publicKey);
    expect(fs.readdirSync(t.dataDir)).not.toContain('vapid.json');
    expect(fs.readdirSync(t.dataDir)).not.toContain('link-signing.key');
  });

  describe('on a database that has none yet', () => {
    beforeEach(async () => {
      await t.db.deleteFrom('deployment_keys').execute();
    });

    it('makes one set for instances starting at once, each with its own DATA_DIR', async () => {
      const started = await Promise.all(Array.from({ length: 5 }, () => startKeys(dataDir())));
      for (const keys of started.slice(1)) expect(keys).toEqual(started[0]);
      expect(await startKeys(dataDir())).toEqual(started[0]);
      expect(await keptNames()).toEqual(['link_signing', 'vapid']);
    });

    it('takes an old install’s key files in once, then reads them no more', async () => {
      const old = oldInstallFiles();
      const first = await startKeys(dataDir(old.files));
      expect(first.vapid).toEqual({ publicKey: old.keys.VAPID_PUBLIC_KEY, privateKey: old.keys.VAPID_PRIVATE_KEY });
      expect(first.link.current).toEqual(Buffer.from(old.keys.LINK_SIGNING_KEY, 'base64url'));

      // Another machine's files, made before the keys were shared, lose to the database's.
      expect(await startKeys(dataDir(oldInstallFiles().files))).toEqual(first);
      expect(await startKeys(dataDir())).toEqual(first);
    });

    it('takes the environment’s keys first, and keeps none of its own for them', async () => {
      const env = newKeysEnvironment();
      const keys = await startKeys(dataDir(oldInstallFiles().files), env);
      expect(keys).toEqual({
        vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
        link: { current: Buffer.from(env.LINK_SIGNING_KEY, 'base64url'), previous: null },
      });
      expect(await keptNames()).toEqual([]);
    });
  });
});
