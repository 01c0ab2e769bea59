/** The queries of mailed one-use links (activation, reset, mail change, reactivation): account_tokens. */
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { AccountTokensTable, TokenPurpose } from '../../platform/db/schema.js';

export async function insertToken(db: Db, token: Insertable<AccountTokensTable>) {
  await db.insertInto('account_tokens').values(token).execute();
}

/** Marks an unused, unexpired token used and returns it; a second use finds nothing. */
export async function consumeToken(db: Db, tokenHash: string, purpose: TokenPurpose, now: string) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export function findValidToken(db: Db, tokenHash: string, purpose: TokenPurpose, now: string) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function countTokensSince(db: Db, userId: number, purpose: TokenPurpose, since: string): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function invalidateTokens(db: Db, userId: number, purpose: TokenPurpose, now: string) {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
