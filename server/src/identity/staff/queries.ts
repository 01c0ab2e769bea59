import type { Locale } from '@amora/common';
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { StaffLogTable, StaffRole, StaffUsersTable } from '../../platform/db/schema.js';

export function insertStaffUser(db: Db, user: Insertable<StaffUsersTable>) {
  return db.insertInto('staff_users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findStaffByEmail(db: Db, email: string) {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db.selectFrom('staff_users').selectAll().orderBy('id').execute();
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
    language?: Locale;
    away?: number;
  },
) {
  await db.updateTable('staff_users').set(change).where('id', '=', id).execute();
}

export async function log(db: Db, entry: Insertable<StaffLogTable>) {
  await db.insertInto('staff_log').values(entry).execute();
}

export function staffNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('staff_users').select(['id', 'name']).where('id', 'in', ids).execute();
}
