/**
 * The one session store (issue 48): members' sessions and staff's, in one table, each of its kind.
 * Every query names the kind it reads, changes or ends, so a token of one kind never signs anyone
 * in, nor ends a session, as the other.
 */
import type { ExpressionBuilder, NotNull } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Database, SessionKind, StaffSessionStage, UserRow } from '../../platform/db/schema.js';

/** Whose sessions: a member's account, or a staff account. */
export type SessionOwner = { kind: 'member'; userId: number } | { kind: 'staff'; staffId: number };

interface NewSession {
  id: string;
  created_at: string;
  expires_at: string;
}

type NewMemberSession = NewSession & {
  kind: 'member';
  user_id: number;
  user_agent?: string | null;
  country?: string | null;
  last_seen_at: string;
  end_token_hash?: string | null;
};

type NewStaffSession = NewSession & {
  kind: 'staff';
  staff_id: number;
  stage: StaffSessionStage;
  pending_secret?: string | null;
};

export async function insertSession(db: Db, session: NewMemberSession | NewStaffSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const ownedBy = (eb: ExpressionBuilder<Database, 'sessions'>, owner: SessionOwner) =>
  owner.kind === 'member'
    ? eb.and([eb('kind', '=', 'member'), eb('user_id', '=', owner.userId)])
    : eb.and([eb('kind', '=', 'staff'), eb('staff_id', '=', owner.staffId)]);

export async function deleteSession(db: Db, kind: SessionKind, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).where('kind', '=', kind).execute();
}

/** Ends one session of the owner's; false when it was not theirs or had ended already. */
export async function deleteSessionOf(db: Db, owner: SessionOwner, sessionId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where((eb) => ownedBy(eb, owner))
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Ends the owner's sessions (all, or all but one); returns the ids of those it ended. */
export async function deleteSessionsOf(
  db: Db,
  owner: SessionOwner,
  exceptSessionId: string | null = null,
): Promise<string[]> {
  let query = db.deleteFrom('sessions').where((eb) => ownedBy(eb, owner));
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  return (await query.returning('id').execute()).map((row) => row.id);
}

// Members' sessions

/** A member's session's account, and when the session was last seen and ends. */
export function findSessionUser(
  db: Db,
  sessionId: string,
  now: string,
): Promise<(UserRow & { session_seen_at: string; session_expires_at: string }) | undefined> {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.last_seen_at as session_seen_at', 'sessions.expires_at as session_expires_at'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.kind', '=', 'member')
      .where('sessions.expires_at', '>', now)
      // A member's session is seen from its sign-in on (the table's check holds it to that).
      .$narrowType<{ session_seen_at: NotNull }>()
      .executeTakeFirst()
  );
}

/** Moves a member's session's last sighting on, unless a request since `staleBefore` did already. */
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
    .where('kind', '=', 'member')
    .where('last_seen_at', '<', staleBefore)
    .execute();
}

/** A member's open sessions, the one last seen first, with what they show of their device and place. */
export function memberSessionsOf(db: Db, userId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'country', 'created_at', 'last_seen_at'])
    .where((eb) => ownedBy(eb, { kind: 'member', userId }))
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .$narrowType<{ last_seen_at: NotNull }>()
    .execute();
}

/** The open session of an account on the site that a new-device mail's link names. */
export function sessionByEndToken(db: Db, siteId: number, endTokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_agent', 'sessions.country', 'sessions.created_at'])
    .where('sessions.end_token_hash', '=', endTokenHash)
    .where('sessions.kind', '=', 'member')
    .where('sessions.expires_at', '>', now)
    .where('users.site_id', '=', siteId)
    .executeTakeFirst();
}

/** Ends the session of an account on the site that a new-device mail's link names; undefined when none is left. */
export function deleteSessionByEndToken(db: Db, siteId: number, endTokenHash: string) {
  return db
    .deleteFrom('sessions')
    .where('end_token_hash', '=', endTokenHash)
    .where('kind', '=', 'member')
    .where('user_id', 'in', (users) => users.selectFrom('users').select('users.id').where('users.site_id', '=', siteId))
    .returning('id')
    .executeTakeFirst();
}

/** Of the members' sessions asked about, those still open: not ended, not expired, of an account not deleted. */
export async function openSessionIds(db: Db, sessionIds: string[], now: string): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.kind', '=', 'member')
    .where('sessions.expires_at', '>', now)
    .where('users.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

// Staff sessions

/** What a staff session's checks and screens read of its staff member. */
const STAFF_COLUMNS = [
  'u.id',
  'u.email',
  'u.name',
  'u.role',
  'u.disabled_at',
  'u.totp_secret',
  'u.capacity',
  'u.away',
  'u.language',
] as const;

/** The staff member of a signed-in staff session (both steps done). */
export function findSessionStaff(db: Db, sessionId: string, now: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select(STAFF_COLUMNS)
    .where('s.id', '=', sessionId)
    .where('s.kind', '=', 'staff')
    .where('s.expires_at', '>', now)
    .where('s.stage', '=', 'signed_in')
    .executeTakeFirst();
}

/** A staff session waiting for a code: the app's at sign-in, or the first of an app being set up through an invitation. */
export function findTwoStepSession(db: Db, sessionId: string, now: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select([...STAFF_COLUMNS, 's.stage', 's.pending_secret', 'u.totp_last_step'])
    .where('s.id', '=', sessionId)
    .where('s.kind', '=', 'staff')
    .where('s.expires_at', '>', now)
    .where('s.stage', '!=', 'signed_in')
    .executeTakeFirst();
}

/** Counts one code tried on the staff session; false once it has had `max`. */
export async function takeCodeAttempt(db: Db, sessionId: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
    .where('id', '=', sessionId)
    .where('kind', '=', 'staff')
    .where('code_attempts', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Both steps done: the staff session is signed in, until `expires` when given. */
export async function completeSession(db: Db, sessionId: string, expires: string | null) {
  await db
    .updateTable('sessions')
    .set({ stage: 'signed_in', pending_secret: null, code_attempts: 0, ...(expires && { expires_at: expires }) })
    .where('id', '=', sessionId)
    .where('kind', '=', 'staff')
    .execute();
}

/** A staff member's sessions still valid, newest first. */
export function staffSessionsOf(db: Db, staffId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where((eb) => ownedBy(eb, { kind: 'staff', staffId }))
    .where('expires_at', '>', now)
    .where('stage', '=', 'signed_in')
    .orderBy('created_at', 'desc')
    .execute();
}
