/** A member's own photos: upload within the limit, choose the main one, reorder, delete, review; photo files by who may see them. */
import path from 'node:path';
import { FREE_PHOTO_LIMIT, type PhotosResponse, PREMIUM_PHOTO_LIMIT } from '@amora/common';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import type { PhotoRow, ProfileRow } from '../../db/schema.js';
import { DomainError, notFound } from '../../errors.js';
import type { Site } from '../../sites/service.js';
import { maySeePhoto, toOwnPhoto, type Viewer } from '../presenter.js';
import * as profileQueries from '../profiles/queries.js';
import type { VisibilityPolicy } from '../safety/visibility.js';
import { removePhotoFiles, storePhotoFiles, UPLOAD_FORMATS } from './files.js';
import * as queries from './queries.js';

export interface Uploader {
  userId: number;
  paid: boolean;
}

const photoLimit = (paid: boolean) => (paid ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

/** A photo file's name as stored: p/<profile id or shared folder>/<32 hex>[-thumb].webp. */
const PHOTO_FILE = /^p\/(\d+|hosted)\/[0-9a-f]{32}(-thumb)?\.webp$/;

export interface ServedPhotoFile {
  path: string;
  /** Anyone may see it (a listed profile's main photo): shared caches may keep it. */
  public: boolean;
}

export function createPhotosService(db: Db, clock: Clock, mediaRoot: string, visibility: VisibilityPolicy) {
  /** Whether `viewer` may see the photo, and whether everyone may; null when they may not. */
  async function accessTo(
    site: Site,
    viewer: Viewer,
    photo: PhotoRow,
    trafficSource?: string,
  ): Promise<{ public: boolean } | null> {
    if (photo.status === 'rejected') return null;
    const profile = await profileQueries.findProfileById(db, photo.profile_id);
    if (!profile || profile.site_id !== site.id) return null;
    if (viewer?.profileId !== profile.id) {
      if (photo.status !== 'active') return null;
      const seen = await visibility.viewable(site, viewer, profile.id, trafficSource).catch((error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      });
      if (!seen) return null;
    }
    const photos = await queries.photosOf(db, [profile.id]);
    const own = photos.find((candidate) => candidate.id === photo.id) ?? photo;
    if (!maySeePhoto(profile, photos, own, viewer)) return null;
    const everyone = photo.status === 'active' && maySeePhoto(profile, photos, own, null) && profile.invisible === 0;
    return { public: everyone && site.settings.logged_out_search && profile.status === 'active' };
  }

  async function ownRow(userId: number, trx: Db = db): Promise<ProfileRow> {
    const row = await profileQueries.findProfileByUser(trx, userId);
    if (!row) throw new Error(`user ${userId} has no profile`);
    return row;
  }

  async function listing(userId: number): Promise<PhotosResponse> {
    const row = await ownRow(userId);
    const photos = await queries.photosOf(db, [row.id]);
    return {
      photos: photos.map(toOwnPhoto),
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
    await profileQueries.updateProfile(trx, profile.id, { main_photo_id: next?.id ?? null });
  }

  return {
    listing,

    /**
     * A photo file as `viewer` may fetch it: active photos as the profile page shows them, pending
     * ones to their owner only, rejected and deleted ones to nobody. A 404 otherwise.
     */
    async photoFile(site: Site, viewer: Viewer, file: string, trafficSource?: string): Promise<ServedPhotoFile> {
      if (!PHOTO_FILE.test(file)) throw notFound();
      // Shared avatars (bulk-seeded profiles) are one file behind many photos.
      for (const photo of await queries.photosInFile(db, file)) {
        const access = await accessTo(site, viewer, photo, trafficSource);
        if (access) return { path: path.join(mediaRoot, file), public: access.public };
      }
      throw notFound();
    },

    async upload(site: Site, uploader: Uploader, input: Buffer): Promise<PhotosResponse> {
      const profile = await ownRow(uploader.userId);
      // Checked before the costly re-encode, and again under the row lock below.
      await assertBelowLimit(db, profile.id, uploader.paid);
      const files = await storePhotoFiles(mediaRoot, `p/${profile.id}`, input, UPLOAD_FORMATS);
      try {
        await db.transaction().execute(async (trx) => {
          // Locking the profile row first makes parallel uploads of one member wait for each other.
          await profileQueries.lockProfile(trx, profile.id);
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
          if (fresh.main_photo_id === null)
            await profileQueries.updateProfile(trx, profile.id, { main_photo_id: photo.id });
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
        if (main !== undefined) await profileQueries.updateProfile(trx, profile.id, { main_photo_id: main });
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
        const profile = await profileQueries.findProfileById(trx, photo.profile_id);
        if (profile) await repairMain(trx, profile);
      });
    },

    /** Photo rows of files stored already, e.g. avatars shared by bulk-seeded profiles. */
    addPhotoRowsInBulk(rows: Omit<PhotoRow, 'id'>[], trx: Db = db): Promise<void> {
      return queries.insertPhotos(trx, rows);
    },

    /** Makes each profile's first photo its main one where it has none. */
    useFirstPhotosAsMain(profileIds: number[], trx: Db = db): Promise<void> {
      return queries.setFirstPhotoAsMain(trx, profileIds);
    },

    /** Adds an already-made image to a profile, e.g. a generated avatar for a hosted profile. */
    async addPhoto(profileId: number, input: Buffer, options: { premiumOnly?: boolean; main?: boolean } = {}) {
      const files = await storePhotoFiles(mediaRoot, `p/${profileId}`, input);
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
      if (options.main) await profileQueries.updateProfile(db, profileId, { main_photo_id: photo.id });
      return photo;
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
