/**
 * Unsubscribe links (RFC 8058): the member's id and a signature over it and their address, made
 * with this deployment's key, so a link works without logging in and only as it was mailed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_BYTES = 24;

export function unsubscribeSignature(key: Buffer, userId: number, email: string): string {
  return createHmac('sha256', key)
    .update(`unsubscribe\n${userId}\n${email.toLowerCase()}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

export function validUnsubscribeSignature(key: Buffer, userId: number, email: string, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(key, userId, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function unsubscribeQuery(key: Buffer, userId: number, email: string): string {
  return `u=${userId}&s=${unsubscribeSignature(key, userId, email)}`;
}
