/** The VAPID keys that sign this deployment's pushes: made on first start, kept under DATA_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point, as settings.php hands it to browsers. */
  publicKey: string;
  privateKey: string;
}

export function loadVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // Only this user may read the private key; of two instances starting at once, one writes.
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
}
