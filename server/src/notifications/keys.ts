/**
 * This deployment's own keys, made on first start and kept under DATA_DIR: the VAPID keys that
 * sign its pushes, and the key that signs unsubscribe links in its mails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point, as settings.php hands it to browsers. */
  publicKey: string;
  privateKey: string;
}

/** The file's content; written first when missing. Only this user may read it; of two instances starting at once, one writes. */
function keptFile(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, make(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8');
}

export function loadVapidKeys(dataDir: string): VapidKeys {
  return JSON.parse(keptFile(dataDir, 'vapid.json', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}

export function loadLinkKey(dataDir: string): Buffer {
  return Buffer.from(
    keptFile(dataDir, 'link-signing.key', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
}
