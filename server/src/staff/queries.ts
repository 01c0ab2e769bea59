import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { StaffLogTable, StaffRole, StaffUsersTable } from '../db/schema.js';

export function insertStaffUser(db: Db, user: Insertable<StaffUsersTable>) {
  return db.insertInto('staff_users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findStaffByEmail(db: Db, email: string) {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db.selectFrom('staff_users').selectAll().orderBy('id').execute();
}

export async function insertSession(db: Db, session: { id: string; staffId: number; now: string; expires: string }) {
  await db
    .insertInto('staff_sessions')
    .values({ id: session.id, staff_id: session.staffId, created_at: session.now, expires_at: session.expires })
    .execute();
}

export function findSessionStaff(db: Db, sessionId: string, now: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.disabled_at'])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.deleteFrom('staff_sessions').where('id', '=', sessionId).execute();
}

export function findStaffById(db: Db, id: number) {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateStaff(db: Db, id: number, change: { role?: StaffRole; disabled_at?: string | null }) {
  await db.updateTable('staff_users').set(change).where('id', '=', id).execute();
}

/** A staff member's sessions still valid, newest first. */
export function sessionsOf(db: Db, staffId: number, now: string) {
  return db
    .selectFrom('staff_sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now)
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

export function logOf(db: Db, limit: number) {
  return db
    .selectFrom('staff_log as l')
    .innerJoin('staff_users as u', 'u.id', 'l.staff_id')
    .select([
      'l.id',
      'u.name as staff',
      'l.action',
      'l.conversation_id',
      'l.profile_id',
      'l.message_id',
      'l.created_at',
    ])
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertNote(db: Db, note: { profileId: number; staffId: number; text: string; now: string }) {
  await db
    .insertInto('staff_notes')
    .values({ profile_id: note.profileId, staff_id: note.staffId, text: note.text, created_at: note.now })
    .execute();
}

export function notesOn(db: Db, profileId: number) {
  return db
    .selectFrom('staff_notes as n')
    .innerJoin('staff_users as u', 'u.id', 'n.staff_id')
    .select(['n.id', 'n.text', 'n.created_at', 'u.name as staff'])
    .where('n.profile_id', '=', profileId)
    .orderBy('n.id', 'asc')
    .execute();
}

export function staffNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('staff_users').select(['id', 'name']).where('id', 'in', ids).execute();
}
