/** The queries of the account itself (users) and of the addresses banned from signing up. */
import { sql } from 'kysely';
import { dayOf, type FigurePeriod } from '../../platform/db/figures.js';
import { type Db, engineOf } from '../../platform/db/index.js';
import type { NewUser, UserRow } from '../../platform/db/schema.js';

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

/** Changes an account's row; the account (its id and site) when there was one. */
export function updateUser(db: Db, id: number, changes: Partial<Omit<UserRow, 'id'>>) {
  return db.updateTable('users').set(changes).where('id', '=', id).returning(['id', 'site_id']).executeTakeFirst();
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

/** Deletes an account with everything that hangs off it; false when it was gone already. */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function usersDeletedBefore(db: Db, before: string): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .execute();
  return rows.map((row) => row.id);
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

/**
 * The account's row, locked until the transaction ends on PostgreSQL (SQLite runs one at a time),
 * so whether it keeps a way in (a password or a passkey) is still true when a change is written.
 */
export async function lockUser(db: Db, userId: number): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', userId);
  return (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
