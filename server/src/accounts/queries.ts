import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { AccountTokensTable, NewUser, SessionsTable, TokenPurpose, UserRow } from '../db/schema.js';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, siteId: number, emailKey: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function insertSession(db: Db, session: Insertable<SessionsTable>) {
  await db.insertInto('sessions').values(session).execute();
}

export function findSessionUser(db: Db, sessionId: string, now: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsOf(db: Db, userId: number, exceptSessionId: string | null = null) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

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

export async function deleteUsersDeletedBefore(db: Db, before: string): Promise<number> {
  const rows = await db
    .deleteFrom('users')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .returning('id')
    .execute();
  return rows.length;
}

// Failed logins

export function findLoginBlock(db: Db, siteId: number, emailKey: string) {
  return db
    .selectFrom('login_failures')
    .select('blocked_until')
    .where('site_id', '=', siteId)
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
}

/**
 * Counts one failed login in a single statement, so failures sent at once are all counted: the
 * one that reaches `maxFailures` sets the block (until `blockUntil`) and starts the count again.
 * Returns the block in force after this failure, if any.
 */
export async function countLoginFailure(
  db: Db,
  failure: { siteId: number; emailKey: string; now: string; maxFailures: number; blockUntil: string },
): Promise<string | null> {
  const reachesLimit = sql<boolean>`login_failures.failures + 1 >= ${failure.maxFailures}`;
  const row = await db
    .insertInto('login_failures')
    .values({
      site_id: failure.siteId,
      email_key: failure.emailKey,
      failures: 1,
      blocked_until: null,
      updated_at: failure.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'email_key']).doUpdateSet({
        failures: sql`case when ${reachesLimit} then 0 else login_failures.failures + 1 end`,
        blocked_until: sql`case when ${reachesLimit} then ${failure.blockUntil} else login_failures.blocked_until end`,
        updated_at: failure.now,
      }),
    )
    .returning('blocked_until')
    .executeTakeFirstOrThrow();
  return row.blocked_until;
}

export async function clearLoginFailures(db: Db, siteId: number, emailKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('site_id', '=', siteId).where('email_key', '=', emailKey).execute();
}
