import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { StaffLogTable, StaffRole, StaffSessionStage, StaffUsersTable } from '../../platform/db/schema.js';

export function insertStaffUser(db: Db, user: Insertable<StaffUsersTable>) {
  return db.insertInto('staff_users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findStaffByEmail(db: Db, email: string) {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db.selectFrom('staff_users').selectAll().orderBy('id').execute();
}

export async function insertSession(
  db: Db,
  session: {
    id: string;
    staffId: number;
    now: string;
    expires: string;
    stage: StaffSessionStage;
    pendingSecret?: string;
  },
) {
  await db
    .insertInto('staff_sessions')
    .values({
      id: session.id,
      staff_id: session.staffId,
      created_at: session.now,
      expires_at: session.expires,
      stage: session.stage,
      pending_secret: session.pendingSecret ?? null,
    })
    .execute();
}

/** The staff member of a signed-in session (both steps done). */
export function findSessionStaff(db: Db, sessionId: string, now: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.disabled_at', 'u.totp_secret', 'u.capacity', 'u.away'])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .where('s.stage', '=', 'signed_in')
    .executeTakeFirst();
}

/** A session waiting for a code: at sign-in, or while a signed-in staff member sets up a secret. */
export function findTwoStepSession(db: Db, sessionId: string, now: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select([
      's.stage',
      's.pending_secret',
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.disabled_at',
      'u.totp_secret',
      'u.totp_last_step',
      'u.capacity',
      'u.away',
    ])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .where((eb) => eb.or([eb('s.stage', '!=', 'signed_in'), eb('s.pending_secret', 'is not', null)]))
    .executeTakeFirst();
}

/** Counts one code tried on the session; false once it has had `max`. */
export async function takeCodeAttempt(db: Db, sessionId: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_sessions')
    .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
    .where('id', '=', sessionId)
    .where('code_attempts', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes a code's time step for the account, in one statement: only later than the last one used,
 * and only while the account still has `secret` (an admin may have reset it meanwhile).
 */
export async function useTimeStep(db: Db, staffId: number, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps a new secret for an account that has none (another sign-in may have set one up first). */
export async function setTotpSecret(db: Db, staffId: number, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ totp_secret: secret, totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Both steps done: signed in, until `expires` when given. */
export async function completeSession(db: Db, sessionId: string, expires: string | null) {
  await db
    .updateTable('staff_sessions')
    .set({ stage: 'signed_in', pending_secret: null, code_attempts: 0, ...(expires && { expires_at: expires }) })
    .where('id', '=', sessionId)
    .execute();
}

export async function setPendingSecret(db: Db, sessionId: string, secret: string) {
  await db
    .updateTable('staff_sessions')
    .set({ pending_secret: secret, code_attempts: 0 })
    .where('id', '=', sessionId)
    .execute();
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.deleteFrom('staff_sessions').where('id', '=', sessionId).execute();
}

export function findStaffById(db: Db, id: number) {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateStaff(
  db: Db,
  id: number,
  change: {
    role?: StaffRole;
    disabled_at?: string | null;
    totp_secret?: null;
    totp_last_step?: null;
    capacity?: number;
    away?: number;
  },
) {
  await db.updateTable('staff_users').set(change).where('id', '=', id).execute();
}

/** A staff member's sessions still valid, newest first. */
export function sessionsOf(db: Db, staffId: number, now: string) {
  return db
    .selectFrom('staff_sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now)
    .where('stage', '=', 'signed_in')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends one session of a staff member's own; false when they have none by that id. */
export async function deleteOwnSession(db: Db, staffId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_sessions')
    .where('id', '=', sessionId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSessionsOf(db: Db, staffId: number) {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

export async function log(db: Db, entry: Insertable<StaffLogTable>) {
  await db.insertInto('staff_log').values(entry).execute();
}

export function staffNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('staff_users').select(['id', 'name']).where('id', 'in', ids).execute();
}
