/** The secrets of cookies and mailed links (members' and staff's), of which only a hash is stored. */
import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a mailed link; only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
