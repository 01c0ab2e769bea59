/** Members' passwords: hashed with argon2id, checked, and the mark of an account that has none. */
import { hash, verify } from '@node-rs/argon2';
import type { UserRow } from '../../platform/db/schema.js';

/** What a member who dropped their password (they sign in with a passkey) has for one. */
export const NO_PASSWORD = '';
export const hasPassword = (user: Pick<UserRow, 'password_hash'>) => user.password_hash !== NO_PASSWORD;

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real check so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
