/** The queries of sessions: a member's open sessions, the browsers they signed in from, and failed sign-ins. */
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { SessionsTable, UserRow } from '../../platform/db/schema.js';

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
