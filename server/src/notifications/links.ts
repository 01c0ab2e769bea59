/**
 * Unsubscribe links (RFC 8058): the member's id and a signature over it and their address, made
 * with this deployment's key, so a link works without logging in and only as it was mailed. After
 * a rotation, links signed with the previous key still work until its grace period ends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LinkKeys } from '../platform/config.js';

const SIGNATURE_BYTES = 24;

function unsubscribeSignature(key: Buffer, userId: number, email: string): string {
  return createHmac('sha256', key)
    .update(`unsubscribe\n${userId}\n${email.toLowerCase()}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

/** The keys a link may be signed with at `now`: the current one, and the previous one within its grace. */
function acceptedKeys(keys: LinkKeys, now: Date): Buffer[] {
  const { current, previous } = keys;
  return previous && now < previous.until ? [current, previous.key] : [current];
}

export function validUnsubscribeSignature(
  keys: LinkKeys,
  now: Date,
  userId: number,
  email: string,
  signature: string,
): boolean {
  const given = Buffer.from(signature);
  return acceptedKeys(keys, now).some((key) => {
    const expected = Buffer.from(unsubscribeSignature(key, userId, email));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The link's query, signed with the current key. */
export function unsubscribeQuery(keys: LinkKeys, userId: number, email: string): string {
  return `u=${userId}&s=${unsubscribeSignature(keys.current, userId, email)}`;
}
