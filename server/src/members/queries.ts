import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, NewProfileRow, PhotoRow, ProfileRow } from '../db/schema.js';

export async function insertProfile(db: Db, profile: NewProfileRow): Promise<ProfileRow> {
  return db.insertInto('profiles').values(profile).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts many profiles in one statement (keep the batch within the engines' bound-parameter
 * limits) and returns their ids in the order given: ids are handed out in VALUES order.
 */
export async function insertProfiles(db: Db, profiles: NewProfileRow[]): Promise<number[]> {
  if (profiles.length === 0) return [];
  const rows = await db.insertInto('profiles').values(profiles).returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export function findProfileByUser(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findProfile(db: Db, siteId: number, profileId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('id', '=', profileId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export function findProfileById(db: Db, profileId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', profileId).executeTakeFirst();
}

export async function updateProfile(db: Db, profileId: number, values: Partial<ProfileRow>): Promise<void> {
  await db.updateTable('profiles').set(values).where('id', '=', profileId).execute();
}

/** Takes the profile row's write lock until the transaction ends, changing nothing. */
export async function lockProfile(db: Db, profileId: number): Promise<void> {
  await db
    .updateTable('profiles')
    .set((eb) => ({ main_photo_id: eb.ref('main_photo_id') }))
    .where('id', '=', profileId)
    .execute();
}

export async function updateProfileStatusOfUser(db: Db, userId: number, status: ProfileRow['status']): Promise<void> {
  await db.updateTable('profiles').set({ status }).where('user_id', '=', userId).execute();
}

/** Marks a profile active now, at most once per `since` so a busy member costs few writes. */
export async function touchProfile(db: Db, userId: number, now: string, since: string): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ last_active_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', since)]))
    .execute();
}

// Photos

export function photosOf(db: Db, profileIds: number[]): Promise<PhotoRow[]> {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photos')
    .selectAll()
    .where('profile_id', 'in', profileIds)
    .orderBy('profile_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function mainPhotosOf(db: Db, profileIds: number[]): Promise<PhotoRow[]> {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.main_photo_id', 'photos.id')
    .selectAll('photos')
    .where('profiles.id', 'in', profileIds)
    .where('photos.status', '=', 'active')
    .execute();
}

export async function countPhotos(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPhoto(db: Db, photo: Omit<PhotoRow, 'id'>): Promise<PhotoRow> {
  return db.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
}

/** Inserts many photo rows in one statement, e.g. shared avatars of seeded hosted profiles. */
export async function insertPhotos(db: Db, photos: Omit<PhotoRow, 'id'>[]): Promise<void> {
  if (photos.length === 0) return;
  await db.insertInto('photos').values(photos).execute();
}

/** Makes each profile's first photo (lowest position, then id) its main photo when it has none. */
export async function setFirstPhotoAsMain(db: Db, profileIds: number[]): Promise<void> {
  if (profileIds.length === 0) return;
  await db
    .updateTable('profiles')
    .set((eb) => ({
      main_photo_id: eb
        .selectFrom('photos')
        .select('photos.id')
        .whereRef('photos.profile_id', '=', 'profiles.id')
        .orderBy('photos.position')
        .orderBy('photos.id')
        .limit(1),
    }))
    .where('profiles.id', 'in', profileIds)
    .where('profiles.main_photo_id', 'is', null)
    .execute();
}

export function findPhoto(db: Db, profileId: number, photoId: number): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('id', '=', photoId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export async function deletePhoto(db: Db, photoId: number): Promise<void> {
  await db.deleteFrom('photos').where('id', '=', photoId).execute();
}

export async function setPhotoPosition(db: Db, photoId: number, position: number): Promise<void> {
  await db.updateTable('photos').set({ position }).where('id', '=', photoId).execute();
}

export async function setPhotoStatus(db: Db, photoId: number, status: PhotoRow['status']): Promise<void> {
  await db.updateTable('photos').set({ status }).where('id', '=', photoId).execute();
}

export async function nextPhotoPosition(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('position').as('top'))
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

// Blocks and reports

export async function insertBlock(db: Db, blocker: number, blocked: number, now: string): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_profile_id: blocker, blocked_profile_id: blocked, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_profile_id', 'blocked_profile_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where('blocker_profile_id', '=', blocker)
    .where('blocked_profile_id', '=', blocked)
    .execute();
}

/** Profiles on either side of a block with `profileId`: hidden from each other in lists. */
export async function blockedEitherWay(db: Db, profileId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_profile_id as id')
    .where('blocker_profile_id', '=', profileId)
    .union(db.selectFrom('blocks').select('blocker_profile_id as id').where('blocked_profile_id', '=', profileId))
    .execute();
  return rows.map((row) => row.id);
}

export async function hasBlocked(db: Db, blocker: number, blocked: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('created_at')
    .where('blocker_profile_id', '=', blocker)
    .where('blocked_profile_id', '=', blocked)
    .executeTakeFirst();
  return row !== undefined;
}

export function blockedBy(db: Db, blocker: number): Promise<ProfileRow[]> {
  return db
    .selectFrom('blocks')
    .innerJoin('profiles', 'profiles.id', 'blocks.blocked_profile_id')
    .selectAll('profiles')
    .where('blocks.blocker_profile_id', '=', blocker)
    .orderBy('blocks.created_at', 'desc')
    .execute();
}

export async function insertReport(
  db: Db,
  report: { reporter: number; reported: number; reason: string; comment: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      reporter_profile_id: report.reporter,
      reported_profile_id: report.reported,
      reason: report.reason,
      comment: report.comment,
      created_at: report.now,
    })
    .execute();
}

// Search

export interface SearchFilter {
  siteId: number;
  gender?: string;
  country?: string;
  region?: string;
  /** Born on or before this day (the minimum age). */
  bornOnOrBefore?: string;
  /** Born after this day (the maximum age). */
  bornAfter?: string;
  /** Profiles never listed: the searcher's own and both sides of their blocks. */
  excluded: number[];
}

function matching(filter: SearchFilter) {
  return (eb: ExpressionBuilder<Database, 'profiles'>) => {
    const conditions = [eb('site_id', '=', filter.siteId), eb('status', '=', 'active'), eb('invisible', '=', 0)];
    if (filter.gender) conditions.push(eb('gender', '=', filter.gender));
    if (filter.country) conditions.push(eb('country', '=', filter.country));
    if (filter.region) conditions.push(eb('region', '=', filter.region));
    if (filter.bornOnOrBefore) conditions.push(eb('date_of_birth', '<=', filter.bornOnOrBefore));
    if (filter.bornAfter) conditions.push(eb('date_of_birth', '>', filter.bornAfter));
    if (filter.excluded.length > 0) conditions.push(eb('id', 'not in', filter.excluded));
    return eb.and(conditions);
  };
}

/**
 * Recently active first, never-active last (PostgreSQL would put nulls first); the id keeps the
 * order stable between pages.
 */
export function searchProfiles(db: Db, filter: SearchFilter, limit: number, offset: number): Promise<ProfileRow[]> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where(matching(filter))
    .orderBy('last_active_at', (order) => order.desc().nullsLast())
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countProfiles(db: Db, filter: SearchFilter): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of `ids` the filter (ignoring its exclusions) would list. */
export async function countProfilesAmong(db: Db, filter: SearchFilter, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(matching({ ...filter, excluded: [] }))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes (by database trigger, in the same transaction) whenever a profile is added, removed or
 * listed differently: a count read after reading version v is valid for as long as v is current.
 */
export async function listingVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('profile_listing_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return String(row.version);
}
