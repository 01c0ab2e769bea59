/** Profiles: a member's own (made with the account) and the site's hosted ones. */
import type { Db } from '../../platform/db/index.js';
import type { NewProfileRow, ProfileRow } from '../../platform/db/schema.js';
import { pastPrefix, searchKey } from '../search/key.js';

/** The search key that goes with a new or changed name. */
function withSearchKeys<T extends { name?: string }>(values: T) {
  return values.name === undefined ? values : { ...values, name_key: searchKey(values.name) };
}

export async function insertProfile(db: Db, profile: NewProfileRow): Promise<ProfileRow> {
  return db.insertInto('profiles').values(withSearchKeys(profile)).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts many profiles in one statement (keep the batch within the engines' bound-parameter
 * limits) and returns their ids in the order given: ids are handed out in VALUES order.
 */
export async function insertProfiles(db: Db, profiles: NewProfileRow[]): Promise<number[]> {
  if (profiles.length === 0) return [];
  const rows = await db.insertInto('profiles').values(profiles.map(withSearchKeys)).returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export function findProfileByUser(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findProfileById(db: Db, profileId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', profileId).executeTakeFirst();
}

/** Ids of a site's hosted profiles, in id order (load tests). */
export async function hostedProfileIds(db: Db, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('site_id', '=', siteId)
    .where('hosted', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function updateProfile(db: Db, profileId: number, values: Partial<ProfileRow>): Promise<void> {
  await db.updateTable('profiles').set(withSearchKeys(values)).where('id', '=', profileId).execute();
}

/** Takes the profile row's write lock until the transaction ends, changing nothing. */
export async function lockProfile(db: Db, profileId: number): Promise<void> {
  await db
    .updateTable('profiles')
    .set((eb) => ({ main_photo_id: eb.ref('main_photo_id') }))
    .where('id', '=', profileId)
    .execute();
}

/** The profile changed, if the account has one. */
export function updateProfileStatusOfUser(db: Db, userId: number, status: ProfileRow['status']) {
  return db
    .updateTable('profiles')
    .set({ status })
    .where('user_id', '=', userId)
    .returning(['id', 'site_id'])
    .executeTakeFirst();
}

/** Online until `until` (null: gone now); a member's last activity is now either way. */
export async function setOnlineUntil(db: Db, profileId: number, until: string | null, now: string): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ online_until: until, last_active_at: now })
    .where('id', '=', profileId)
    .execute();
}

export async function countMembersCreatedSince(db: Db, siteId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('site_id', '=', siteId)
    .where('hosted', '=', 0)
    .where('status', '=', 'active')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function namesOf(db: Db, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('profiles')
    .select(['id', 'name', 'country', 'user_id', 'status', 'hosted'])
    .where('id', 'in', profileIds)
    .execute();
}

export function profilesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('profiles').select(['id', 'name', 'user_id']).where('user_id', 'in', userIds).execute();
}

export function presenceRows(db: Db, profileIds: number[]) {
  return db
    .selectFrom('profiles')
    .select(['id', 'hosted', 'online_until', 'last_active_at'])
    .where('id', 'in', profileIds)
    .execute();
}

export async function touchProfile(db: Db, userId: number, now: string, since: string): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ last_active_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', since)]))
    .execute();
}

/** Members' profiles (never hosted ones) for staff: by id, name start or account; newest first. */
export function membersForStaff(
  db: Db,
  filter: { siteId?: number; profileId?: number; nameStart?: string; userIds?: number[]; limit: number },
) {
  let query = db
    .selectFrom('profiles')
    .select(['id', 'name', 'site_id', 'status', 'user_id', 'created_at'])
    .where('hosted', '=', 0);
  if (filter.siteId !== undefined) query = query.where('site_id', '=', filter.siteId);
  if (filter.profileId !== undefined) query = query.where('id', '=', filter.profileId);
  if (filter.nameStart !== undefined) {
    query = query.where('name_key', '>=', filter.nameStart).where('name_key', '<', pastPrefix(filter.nameStart));
  }
  if (filter.userIds !== undefined) {
    if (filter.userIds.length === 0) return Promise.resolve([]);
    query = query.where('user_id', 'in', filter.userIds);
  }
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** A site's hosted profiles (or all sites') for staff, in a status, by the start of the name or by id. */
export function hostedForStaff(
  db: Db,
  filter: { siteId?: number; status?: ProfileRow['status']; nameStart?: string; ids?: number[]; limit: number },
) {
  if (filter.ids?.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('profiles').selectAll().where('hosted', '=', 1);
  if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids);
  if (filter.siteId !== undefined) query = query.where('site_id', '=', filter.siteId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.nameStart !== undefined) {
    query = query.where('name_key', '>=', filter.nameStart).where('name_key', '<', pastPrefix(filter.nameStart));
  }
  return query.orderBy('name_key').orderBy('id').limit(filter.limit).execute();
}

/** A hosted profile's status from `from` to `to`, in one statement: false when it was not in `from`. */
export async function changeHostedStatus(
  db: Db,
  profileId: number,
  from: ProfileRow['status'],
  to: ProfileRow['status'],
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ status: to })
    .where('id', '=', profileId)
    .where('hosted', '=', 1)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
