/** A member's own photos: upload within the limit, choose the main one, reorder, delete, review. */
import { FREE_PHOTO_LIMIT, type PhotosResponse, PREMIUM_PHOTO_LIMIT } from '@amora/common';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { PhotoRow, ProfileRow } from '../db/schema.js';
import { DomainError, notFound } from '../errors.js';
import type { Site } from '../sites/service.js';
import { removePhotoFiles, storePhotoFiles, UPLOAD_FORMATS } from './photo-files.js';
import * as queries from './queries.js';

export interface Uploader {
  userId: number;
  paid: boolean;
}

const photoLimit = (paid: boolean) => (paid ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

export function createPhotosService(db: Db, clock: Clock, mediaRoot: string) {
  async function ownRow(userId: number, trx: Db = db): Promise<ProfileRow> {
    const row = await queries.findProfileByUser(trx, userId);
    if (!row) throw new Error(`user ${userId} has no profile`);
    return row;
  }

  async function listing(userId: number): Promise<PhotosResponse> {
    const row = await ownRow(userId);
    const photos = await queries.photosOf(db, [row.id]);
    return {
      photos: photos.map((photo) => ({
        id: photo.id,
        filename: photo.filename,
        thumb_filename: photo.thumb_filename,
        status: photo.status,
        width: photo.width,
        height: photo.height,
        premium_only: photo.premium_only === 1,
      })),
      main_image: row.main_photo_id,
    };
  }

  async function assertBelowLimit(trx: Db, profileId: number, paid: boolean) {
    const limit = photoLimit(paid);
    if ((await queries.countPhotos(trx, profileId)) >= limit) {
      throw new DomainError('photo_limit', { limit, premium_limit: PREMIUM_PHOTO_LIMIT });
    }
  }

  /** After the main photo goes, the first remaining photo takes its place. */
  async function repairMain(trx: Db, profile: ProfileRow) {
    const photos = await queries.photosOf(trx, [profile.id]);
    const current = photos.find((photo) => photo.id === profile.main_photo_id && photo.status !== 'rejected');
    if (current) return;
    const next = photos.find((photo) => photo.status === 'active') ?? photos.find((p) => p.status === 'pending');
    await queries.updateProfile(trx, profile.id, { main_photo_id: next?.id ?? null });
  }

  return {
    listing,

    async upload(site: Site, uploader: Uploader, input: Buffer): Promise<PhotosResponse> {
      const profile = await ownRow(uploader.userId);
      // Checked before the costly re-encode, and again under the row lock below.
      await assertBelowLimit(db, profile.id, uploader.paid);
      const files = await storePhotoFiles(mediaRoot, profile.id, input, UPLOAD_FORMATS);
      try {
        await db.transaction().execute(async (trx) => {
          // Locking the profile row first makes parallel uploads of one member wait for each other.
          await queries.lockProfile(trx, profile.id);
          await assertBelowLimit(trx, profile.id, uploader.paid);
          const photo = await queries.insertPhoto(trx, {
            profile_id: profile.id,
            filename: files.filename,
            thumb_filename: files.thumbFilename,
            width: files.width,
            height: files.height,
            status: site.settings.photo_moderation ? 'pending' : 'active',
            premium_only: 0,
            position: await queries.nextPhotoPosition(trx, profile.id),
            created_at: clock.now().toISOString(),
          });
          const fresh = await ownRow(uploader.userId, trx);
          if (fresh.main_photo_id === null) await queries.updateProfile(trx, profile.id, { main_photo_id: photo.id });
        });
      } catch (error) {
        await removePhotoFiles(mediaRoot, files);
        throw error;
      }
      return listing(uploader.userId);
    },

    async update(userId: number, change: { order?: number[]; main_image?: number }): Promise<PhotosResponse> {
      const profile = await ownRow(userId);
      const photos = await queries.photosOf(db, [profile.id]);
      const owned = new Set(photos.map((photo) => photo.id));
      const main = change.main_image;
      if (main !== undefined && !photos.some((photo) => photo.id === main && photo.status !== 'rejected')) {
        throw notFound();
      }
      if (change.order?.some((id) => !owned.has(id))) throw notFound();
      await db.transaction().execute(async (trx) => {
        if (change.order) {
          const positions = [...new Set(change.order)];
          for (const [position, id] of positions.entries()) await queries.setPhotoPosition(trx, id, position);
        }
        if (main !== undefined) await queries.updateProfile(trx, profile.id, { main_photo_id: main });
      });
      return listing(userId);
    },

    async remove(userId: number, photoId: number): Promise<PhotosResponse> {
      const profile = await ownRow(userId);
      const photo = await queries.findPhoto(db, profile.id, photoId);
      if (!photo) throw notFound();
      await db.transaction().execute(async (trx) => {
        await queries.deletePhoto(trx, photo.id);
        await repairMain(trx, profile);
      });
      await removePhotoFiles(mediaRoot, { filename: photo.filename, thumbFilename: photo.thumb_filename });
      return listing(userId);
    },

    /** Photos waiting for a moderator (sites with photo_moderation), oldest first. */
    pending(limit: number) {
      return queries.pendingPhotos(db, limit);
    },

    /** A moderator's verdict on a photo; a rejected main photo hands over to the next one. */
    async review(photoId: number, status: Exclude<PhotoRow['status'], 'pending'>) {
      const photo = await queries.findPhotoById(db, photoId);
      if (!photo) throw notFound();
      await db.transaction().execute(async (trx) => {
        await queries.setPhotoStatus(trx, photo.id, status);
        const profile = await queries.findProfileById(trx, photo.profile_id);
        if (profile) await repairMain(trx, profile);
      });
    },

    /** Adds an already-made image to a profile, e.g. a generated avatar for a hosted profile. */
    async addPhoto(profileId: number, input: Buffer, options: { premiumOnly?: boolean; main?: boolean } = {}) {
      const files = await storePhotoFiles(mediaRoot, profileId, input);
      const photo = await queries.insertPhoto(db, {
        profile_id: profileId,
        filename: files.filename,
        thumb_filename: files.thumbFilename,
        width: files.width,
        height: files.height,
        status: 'active',
        premium_only: options.premiumOnly ? 1 : 0,
        position: await queries.nextPhotoPosition(db, profileId),
        created_at: clock.now().toISOString(),
      });
      if (options.main) await queries.updateProfile(db, profileId, { main_photo_id: photo.id });
      return photo;
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
