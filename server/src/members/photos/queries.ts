/** Photo rows: a profile's photos, its main one, and those waiting for a moderator. */
import type { Db } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/prepared.js';
import type { NewPhotoRow, PhotoRow } from '../../platform/db/schema.js';

const profilePhotosStatement = prepared((db, p: { profileId: number }) =>
  db.selectFrom('photos').selectAll().where('profile_id', '=', p.profileId).orderBy('position').orderBy('id'),
);

/** One profile's photos in their order: the read of every profile page. */
export function photosOfProfile(db: Db, profileId: number): Promise<PhotoRow[]> {
  return profilePhotosStatement.rows(db, { profileId });
}

/** The photos of many profiles, by profile and in their order. */
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

export async function insertPhoto(db: Db, photo: NewPhotoRow): Promise<PhotoRow> {
  return db.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
}

/** Inserts many photo rows in one statement, e.g. shared avatars of seeded hosted profiles. */
export async function insertPhotos(db: Db, photos: NewPhotoRow[]): Promise<void> {
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

/** The photos stored in a file, as original or thumbnail (shared avatars have several). */
export function photosInFile(db: Db, file: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where((eb) => eb.or([eb('filename', '=', file), eb('thumb_filename', '=', file)]))
    .limit(20)
    .execute();
}

export function findPhotoById(db: Db, photoId: number): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirst();
}

/** Photos waiting for a moderator, oldest first, with whose profile (and site) they are on. */
export function pendingPhotos(db: Db, limit: number, siteId?: number) {
  let query = db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select([
      'photos.id',
      'photos.profile_id',
      'profiles.name',
      'profiles.site_id',
      'profiles.hosted',
      'photos.filename',
      'photos.thumb_filename',
      'photos.width',
      'photos.height',
      'photos.created_at',
    ])
    .where('photos.status', '=', 'pending');
  if (siteId !== undefined) query = query.where('profiles.site_id', '=', siteId);
  return query.orderBy('photos.id').limit(limit).execute();
}

export async function countPending(db: Db, siteId?: number): Promise<number> {
  let query = db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('photos.status', '=', 'pending');
  if (siteId !== undefined) query = query.where('profiles.site_id', '=', siteId);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * A moderator's decision on a photo still pending, in one statement: false when it is not pending
 * (any more), so of two moderators deciding one photo, one decision stands.
 */
export async function decidePending(
  db: Db,
  photoId: number,
  decision: Pick<PhotoRow, 'status' | 'rejection' | 'reviewed_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('photos')
    .set(decision)
    .where('id', '=', photoId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

/** Whether only premium members see the photo. */
export async function setPremiumOnly(db: Db, photoId: number, premiumOnly: boolean): Promise<void> {
  await db
    .updateTable('photos')
    .set({ premium_only: premiumOnly ? 1 : 0 })
    .where('id', '=', photoId)
    .execute();
}

/** Whether only the owner and those they granted see the photo. */
export async function setPrivate(db: Db, photoId: number, isPrivate: boolean): Promise<void> {
  await db
    .updateTable('photos')
    .set({ private: isPrivate ? 1 : 0 })
    .where('id', '=', photoId)
    .execute();
}
