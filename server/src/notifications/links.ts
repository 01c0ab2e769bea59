/**
 * Unsubscribe links (RFC 8058): the member's id and a signature over it and their address, made
 * with this deployment's key, so a link works without logging in and only as it was mailed.
 */
import type { LinkKeys } from '../platform/config.js';
import { sign, validSignature } from '../platform/keys/signatures.js';

const signed = (userId: number, email: string) => `${userId}\n${email.toLowerCase()}`;

export function validUnsubscribeSignature(
  keys: LinkKeys,
  now: Date,
  userId: number,
  email: string,
  signature: string,
): boolean {
  return validSignature(keys, now, 'unsubscribe', signed(userId, email), signature);
}

/** The link's query, signed with the current key. */
export function unsubscribeQuery(keys: LinkKeys, userId: number, email: string): string {
  return `u=${userId}&s=${sign(keys, 'unsubscribe', signed(userId, email))}`;
}
