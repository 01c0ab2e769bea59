/** The queries of passkeys: the passkeys members keep and the challenges handed to browsers. */
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { PasskeyChallengesTable, PasskeyPurpose, PasskeysTable } from '../../platform/db/schema.js';

/** Stores a challenge handed to a browser, and clears those nobody answered in time. */
export async function insertPasskeyChallenge(db: Db, challenge: Insertable<PasskeyChallengesTable>, now: string) {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('passkey_challenges').values(challenge).execute();
}

/**
 * Takes a challenge for its one use, in one statement: of answers sent at once (or sent again)
 * only one finds it. Undefined when it is unknown, used, expired, of another site or purpose.
 */
export function consumePasskeyChallenge(
  db: Db,
  wanted: { challenge: string; siteId: number; purpose: PasskeyPurpose; now: string },
) {
  return db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', wanted.challenge)
    .where('site_id', '=', wanted.siteId)
    .where('purpose', '=', wanted.purpose)
    .where('expires_at', '>', wanted.now)
    .returning(['user_id'])
    .executeTakeFirst();
}

export async function insertPasskey(db: Db, passkey: Insertable<PasskeysTable>): Promise<number> {
  const row = await db.insertInto('passkeys').values(passkey).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A member's passkeys, the newest first. */
export function passkeysOf(db: Db, userId: number) {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** The passkey a browser names, with its account, if that account is of the site. */
export function findPasskeyOnSite(db: Db, siteId: number, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .selectAll('passkeys')
    .select(['users.email_key'])
    .where('passkeys.credential_id', '=', credentialId)
    .where('users.site_id', '=', siteId)
    .executeTakeFirst();
}

/**
 * Records a use: the new signature counter and when. Only if the counter moved on from the one
 * read (or the authenticator keeps none), so two answers with the same counter count once.
 */
export async function markPasskeyUsed(
  db: Db,
  passkey: { id: number; counter: number },
  use: { counter: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: use.counter, last_used_at: use.at })
    .where('id', '=', passkey.id)
    .where((eb) => (use.counter === 0 ? eb('counter', '=', 0) : eb('counter', '=', passkey.counter)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Renames a member's passkey; false when it is not theirs. */
export async function renamePasskey(db: Db, userId: number, passkeyId: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePasskey(db: Db, userId: number, passkeyId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
