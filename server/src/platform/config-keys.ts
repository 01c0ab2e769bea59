/**
 * The deployment's keys as the environment gives them (VAPID_*, LINK_SIGNING_KEY*), checked: a key
 * of the wrong shape, or a pair that does not belong together, stops the start with its name.
 */
import { createECDH } from 'node:crypto';
import { type Env, fail } from './config-env.js';

/** The key new links are signed with, and the one before it, which verifies links until its grace ends. */
export interface LinkKeys {
  current: Buffer;
  previous: { key: Buffer; until: Date } | null;
}

/** The VAPID pair that signs the deployment's pushes. */
export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point, as settings.php hands it to browsers. */
  publicKey: string;
  /** base64url of the 32-byte private key. */
  privateKey: string;
}

const MAKE_KEYS = 'make a set with npm run keys -- generate';
/** How long an HMAC key must be to be as strong as the hash it keys (SHA-256). */
export const LINK_KEY_MIN_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The P-256 point (uncompressed, 65 bytes) of a 32-byte private key; null when it is none. */
function publicPointOf(privateKey: Buffer): Buffer | null {
  if (privateKey.length !== 32) return null;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    return ecdh.getPublicKey();
  } catch {
    return null;
  }
}

/** Both or neither; the public key must be the private key's, as browsers check pushes with it. */
export function readVapidKeys(env: Env, production: boolean): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY || '';
  const privateKey = env.VAPID_PRIVATE_KEY || '';
  if (!publicKey && !privateKey) {
    if (production)
      fail('VAPID_PUBLIC_KEY', `and VAPID_PRIVATE_KEY are required when NODE_ENV=production (${MAKE_KEYS})`);
    return null;
  }
  if (!publicKey) fail('VAPID_PUBLIC_KEY', 'is required with VAPID_PRIVATE_KEY');
  if (!privateKey) fail('VAPID_PRIVATE_KEY', 'is required with VAPID_PUBLIC_KEY');
  const point = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : Buffer.alloc(0);
  if (point.length !== 65 || point[0] !== 4)
    fail('VAPID_PUBLIC_KEY', 'must be a P-256 public key: 65 bytes (uncompressed point) in base64url');
  const derived = BASE64URL.test(privateKey) ? publicPointOf(Buffer.from(privateKey, 'base64url')) : null;
  if (!derived) fail('VAPID_PRIVATE_KEY', 'must be a P-256 private key: 32 bytes in base64url');
  if (!derived.equals(point)) fail('VAPID_PRIVATE_KEY', 'is not the private key of VAPID_PUBLIC_KEY');
  return { publicKey, privateKey };
}

function readLinkKey(env: Env, name: string): Buffer | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const key = BASE64URL.test(raw) ? Buffer.from(raw, 'base64url') : Buffer.alloc(0);
  if (key.length < LINK_KEY_MIN_BYTES)
    fail(name, `must be at least ${LINK_KEY_MIN_BYTES} random bytes in base64url (${MAKE_KEYS})`);
  return key;
}

/** An ISO 8601 date (its start, UTC) or date and time with its offset (2027-01-31T12:00+01:00). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

function readIsoDate(env: Env, name: string): Date | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const at = ISO_DATE.test(raw) ? new Date(raw) : null;
  if (!at || Number.isNaN(at.getTime()))
    fail(name, `"${raw}" is not an ISO 8601 date, nor a date and time with its offset (2027-01-31, 2027-01-31T12:00Z)`);
  return at;
}

/**
 * LINK_SIGNING_KEY signs new links; after a rotation LINK_SIGNING_KEY_PREVIOUS, the key before it,
 * still verifies the links mailed with it until LINK_SIGNING_KEY_PREVIOUS_UNTIL.
 */
export function readLinkKeys(env: Env, production: boolean): LinkKeys | null {
  const current = readLinkKey(env, 'LINK_SIGNING_KEY');
  const previousKey = readLinkKey(env, 'LINK_SIGNING_KEY_PREVIOUS');
  const until = readIsoDate(env, 'LINK_SIGNING_KEY_PREVIOUS_UNTIL');
  if (previousKey && !until)
    fail('LINK_SIGNING_KEY_PREVIOUS_UNTIL', 'is required with LINK_SIGNING_KEY_PREVIOUS: when its links stop working');
  if (until && !previousKey)
    fail('LINK_SIGNING_KEY_PREVIOUS_UNTIL', 'needs LINK_SIGNING_KEY_PREVIOUS, the key it ends');
  if (!current) {
    if (production) fail('LINK_SIGNING_KEY', `is required when NODE_ENV=production (${MAKE_KEYS})`);
    if (previousKey) fail('LINK_SIGNING_KEY', 'is required with LINK_SIGNING_KEY_PREVIOUS');
    return null;
  }
  return { current, previous: previousKey && until ? { key: previousKey, until } : null };
}
