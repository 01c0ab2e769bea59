import { type Insertable, sql } from 'kysely';
import { dayOf, type FigurePeriod } from '../platform/db/figures.js';
import { type Db, engineOf } from '../platform/db/index.js';
import type {
  AccountTokensTable,
  NewUser,
  PasskeyChallengesTable,
  PasskeyPurpose,
  PasskeysTable,
  SessionsTable,
  TokenPurpose,
  UserRow,
} from '../platform/db/schema.js';

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

/** Compare-and-set of the mail-off reasons: false when another change came first. */
export async function replaceNotificationsDisabled(
  db: Db,
  id: number,
  expected: string,
  next: readonly string[],
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ notifications_disabled: JSON.stringify(next) })
    .where('id', '=', id)
    .where('notifications_disabled', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Live accounts of a site in a status, and signed up in [from, to) when asked. */
export async function userIdsOfSite(
  db: Db,
  siteId: number,
  status: UserRow['status'],
  signedUp?: { from: string; to: string },
): Promise<number[]> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', siteId)
    .where('status', '=', status)
    .where('deleted_at', 'is', null);
  if (signedUp) query = query.where('signup_date', '>=', signedUp.from).where('signup_date', '<', signedUp.to);
  return (await query.execute()).map((row) => row.id);
}

export function languagesOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'language']).where('id', 'in', userIds).execute();
}

export async function userIdsWithEmailKey(db: Db, emailKey: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('email_key', '=', emailKey).execute();
  return rows.map((row) => row.id);
}

export async function insertSession(db: Db, session: Insertable<SessionsTable>) {
  await db.insertInto('sessions').values(session).execute();
}

/** A session's account, and when the session was last seen. */
export function findSessionUser(
  db: Db,
  sessionId: string,
  now: string,
): Promise<(UserRow & { session_seen_at: string }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.last_seen_at as session_seen_at')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Moves a session's last sighting on, unless a request since `staleBefore` did already. */
export async function markSessionSeen(
  db: Db,
  sessionId: string,
  seen: { at: string; country: string | null },
  staleBefore: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: seen.at, country: seen.country })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', staleBefore)
    .execute();
}

/** A member's open sessions, the one last seen first, with what they show of their device and place. */
export function sessionsOf(db: Db, userId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'country', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Notes that the member signed in from this browser; true when it is new to them and they had
 * signed in from another before (their very first, at signup or from before devices were kept, is not news).
 */
export async function rememberDevice(db: Db, userId: number, deviceHash: string, now: string): Promise<boolean> {
  const added = await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, first_seen_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!added) return false;
  const other = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('device_hash', '!=', deviceHash)
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}

/** The open session of an account on the site that a new-device mail's link names. */
export function sessionByEndToken(db: Db, siteId: number, endTokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_agent', 'sessions.country', 'sessions.created_at'])
    .where('sessions.end_token_hash', '=', endTokenHash)
    .where('sessions.expires_at', '>', now)
    .where('users.site_id', '=', siteId)
    .executeTakeFirst();
}

/** Ends the session of an account on the site that a new-device mail's link names; undefined when none is left. */
export function deleteSessionByEndToken(db: Db, siteId: number, endTokenHash: string) {
  return db
    .deleteFrom('sessions')
    .where('end_token_hash', '=', endTokenHash)
    .where('user_id', 'in', (users) => users.selectFrom('users').select('users.id').where('users.site_id', '=', siteId))
    .returning('id')
    .executeTakeFirst();
}

/** Ends one of a member's sessions; false when it was not theirs or had ended already. */
export async function deleteSessionOf(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Ends a member's sessions (all, or all but one); returns the ids of those it ended. */
export async function deleteSessionsOf(
  db: Db,
  userId: number,
  exceptSessionId: string | null = null,
): Promise<string[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  return (await query.returning('id').execute()).map((row) => row.id);
}

/** Of the sessions asked about, those still open: not ended, not expired, of an account not deleted. */
export async function openSessionIds(db: Db, sessionIds: string[], now: string): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.expires_at', '>', now)
    .where('users.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
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

/** Deletes an account with everything that hangs off it; false when it was gone already. */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
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

// Login attempts (failures until a success)

/**
 * Counts a login attempt before its password is checked, in one statement, so attempts sent at
 * once each get a number of their own and only the first few are checked at all. A block that
 * has run out starts the count again. Returns the attempt's number and the block in force.
 */
export async function countLoginAttempt(
  db: Db,
  attempt: { siteId: number; emailKey: string; now: string },
): Promise<{ number: number; blockedUntil: string | null }> {
  const blockOver = sql<boolean>`login_failures.blocked_until is not null and login_failures.blocked_until <= ${attempt.now}`;
  const row = await db
    .insertInto('login_failures')
    .values({
      site_id: attempt.siteId,
      email_key: attempt.emailKey,
      failures: 1,
      blocked_until: null,
      updated_at: attempt.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'email_key']).doUpdateSet({
        failures: sql`case when ${blockOver} then 1 else login_failures.failures + 1 end`,
        blocked_until: sql`case when ${blockOver} then null else login_failures.blocked_until end`,
        updated_at: attempt.now,
      }),
    )
    .returning(['failures', 'blocked_until'])
    .executeTakeFirstOrThrow();
  return { number: row.failures, blockedUntil: row.blocked_until };
}

/** Blocks logins to the address until `until`, unless a block is in force already; returns the block in force. */
export async function blockLogins(db: Db, siteId: number, emailKey: string, until: string): Promise<string> {
  const row = await db
    .updateTable('login_failures')
    .set((eb) => ({ blocked_until: eb.fn.coalesce('blocked_until', eb.val(until)) }))
    .where('site_id', '=', siteId)
    .where('email_key', '=', emailKey)
    .returning('blocked_until')
    .executeTakeFirst();
  return row?.blocked_until ?? until;
}

export async function clearLoginFailures(db: Db, siteId: number, emailKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('site_id', '=', siteId).where('email_key', '=', emailKey).execute();
}

export async function banAddress(db: Db, siteId: number, emailKey: string, now: string): Promise<void> {
  await db
    .insertInto('banned_addresses')
    .values({ site_id: siteId, email_key: emailKey, created_at: now })
    .onConflict((conflict) => conflict.columns(['site_id', 'email_key']).doNothing())
    .execute();
}

export async function unbanAddress(db: Db, siteId: number, emailKey: string): Promise<void> {
  await db.deleteFrom('banned_addresses').where('site_id', '=', siteId).where('email_key', '=', emailKey).execute();
}

export async function isBanned(db: Db, siteId: number, emailKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('banned_addresses')
    .select('email_key')
    .where('site_id', '=', siteId)
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Accounts with this address on any site. */
export function usersByEmailKey(db: Db, emailKey: string) {
  return db.selectFrom('users').select('id').where('email_key', '=', emailKey).execute();
}

export function accountsByIds(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'language',
      'status',
      'paid_user',
      'signup_date',
      'deleted_at',
      'suspended_at',
      'suspension',
    ])
    .where('id', 'in', userIds)
    .execute();
}

/**
 * Suspends an account, or turns its suspension into a ban, in one statement: false when it stands
 * already (another staff member was first), so a measure is taken, and told, once.
 */
export async function markSuspended(db: Db, userId: number, kind: 'suspension' | 'ban', now: string) {
  const marked = await db
    .updateTable('users')
    .set({ suspended_at: now, suspension: kind })
    .where('id', '=', userId)
    .where((eb) =>
      kind === 'ban'
        ? eb.or([eb('suspended_at', 'is', null), eb('suspension', '=', 'suspension')])
        : eb('suspended_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  return marked !== undefined;
}

/** Lifts a suspension or ban once: false when none stands. */
export async function markLifted(db: Db, userId: number) {
  const lifted = await db
    .updateTable('users')
    .set({ suspended_at: null, suspension: null })
    .where('id', '=', userId)
    .where('suspended_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return lifted !== undefined;
}

/**
 * The period's signups and, of those, the activated ones (who followed their activation link or
 * were made activated); one pass over the index users_by_signup_date.
 */
export async function signupFigures(db: Db, period: FigurePeriod) {
  let query = db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('signups'),
      eb.fn
        .sum<number | string | null>(eb.case().when('status', '=', 'confirmed').then(1).else(0).end())
        .as('activations'),
    ])
    .where('signup_date', '>=', period.from)
    .where('signup_date', '<', period.to);
  if (period.siteId !== undefined) query = query.where('site_id', '=', period.siteId);
  const row = await query.executeTakeFirstOrThrow();
  return { signups: Number(row.signups), activations: Number(row.activations ?? 0) };
}

/** Signups per UTC day of the period (days without any are left out). */
export async function signupsByDay(db: Db, period: FigurePeriod) {
  const day = sql<string>`${sql.raw(dayOf('signup_date'))}`;
  let query = db
    .selectFrom('users')
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('signups')])
    .where('signup_date', '>=', period.from)
    .where('signup_date', '<', period.to)
    .groupBy(day)
    .orderBy(day);
  if (period.siteId !== undefined) query = query.where('site_id', '=', period.siteId);
  return (await query.execute()).map((row) => ({ day: row.day, signups: Number(row.signups) }));
}

// Passkeys and their challenges

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

/**
 * The account's row, locked until the transaction ends on PostgreSQL (SQLite runs one at a time),
 * so whether it keeps a way in (a password or a passkey) is still true when a change is written.
 */
export async function lockUser(db: Db, userId: number): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', userId);
  return (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
