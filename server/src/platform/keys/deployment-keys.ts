/**
 * The deployment's keys, the same on every instance: the VAPID pair that signs its pushes and the
 * key that signs unsubscribe links in its mails. Production takes them from the environment
 * (config.ts). Elsewhere a key the environment leaves out is kept in the database, made by whichever
 * instance starts first; never in a file of one machine, whose keys another would not know.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Clock } from '../clock.js';
import { type Config, LINK_KEY_MIN_BYTES, type LinkKeys, type VapidKeys } from '../config.js';
import type { Db } from '../db/index.js';
import * as queries from './queries.js';

export interface DeploymentKeys {
  vapid: VapidKeys;
  link: LinkKeys;
}

const newLinkKey = () => randomBytes(LINK_KEY_MIN_BYTES).toString('base64url');

/** A new set, as the environment takes it (`npm run keys -- generate`). */
export function newKeysEnvironment() {
  const vapid = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, LINK_SIGNING_KEY: newLinkKey() };
}

/**
 * A file an install before issue 37 kept its key in under DATA_DIR: taken into the database when it
 * has none, so that install's browsers keep their subscriptions and its mailed links keep working.
 */
function oldInstallKey(dataDir: string, name: string): string | null {
  const file = path.join(dataDir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

const newVapidKeysJson = () => JSON.stringify(webpush.generateVAPIDKeys());

/** The key kept under `name`; of instances starting at once, the first insert stands and all read it. */
async function keptKey(db: Db, clock: Clock, name: string, make: () => string): Promise<string> {
  const kept = await queries.deploymentKey(db, name);
  if (kept !== undefined) return kept;
  await queries.insertDeploymentKeyIfAbsent(db, { name, value: make(), created_at: clock.now().toISOString() });
  const stored = await queries.deploymentKey(db, name);
  if (stored === undefined) throw new Error(`the deployment key ${name} was not stored`);
  return stored;
}

/** This instance's keys: the environment's, else the database's. */
export async function loadDeploymentKeys(config: Config, db: Db, clock: Clock): Promise<DeploymentKeys> {
  const { dataDir } = config;
  const vapid =
    config.vapidKeys ??
    (JSON.parse(
      await keptKey(db, clock, 'vapid', () => oldInstallKey(dataDir, 'vapid.json') ?? newVapidKeysJson()),
    ) as VapidKeys);
  const link = config.linkKeys ?? {
    current: Buffer.from(
      await keptKey(db, clock, 'link_signing', () => oldInstallKey(dataDir, 'link-signing.key') ?? newLinkKey()),
      'base64url',
    ),
    previous: null,
  };
  return { vapid, link };
}
