/**
 * What the deployment signs so that it takes back only what it made: unsubscribe links, search
 * cursors. HMAC-SHA256 with the link key, told apart by purpose; after a rotation, what the previous
 * key signed is still taken until its grace period ends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LinkKeys } from '../config.js';

type SignedPurpose = 'unsubscribe' | 'search-cursor' | 'likes-cursor';

const SIGNATURE_BYTES = 24;

function signatureWith(key: Buffer, purpose: SignedPurpose, text: string): string {
  return createHmac('sha256', key)
    .update(`${purpose}\n${text}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

/** The keys a signature may be made with at `now`: the current one, and the previous one within its grace. */
function acceptedKeys(keys: LinkKeys, now: Date): Buffer[] {
  const { current, previous } = keys;
  return previous && now < previous.until ? [current, previous.key] : [current];
}

/** The signature of `text` for `purpose`, with the current key. */
export function sign(keys: LinkKeys, purpose: SignedPurpose, text: string): string {
  return signatureWith(keys.current, purpose, text);
}

/** Whether `signature` is one this deployment made of `text` for `purpose`, with a key accepted at `now`. */
export function validSignature(
  keys: LinkKeys,
  now: Date,
  purpose: SignedPurpose,
  text: string,
  signature: string,
): boolean {
  const given = Buffer.from(signature);
  return acceptedKeys(keys, now).some((key) => {
    const expected = Buffer.from(signatureWith(key, purpose, text));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
