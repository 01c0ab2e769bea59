/** A member's own photos: upload within the limit, choose the main one, reorder, delete, review (photo files by who may see them: file-access.ts). */
import type { Readable } from 'node:stream';
import { FREE_PHOTO_LIMIT, type PhotoRejection, type PhotosResponse, PREMIUM_PHOTO_LIMIT } from '@amora/common';
import type { Clock } from '../../platform/clock.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { NewPhotoRow, PhotoRow, ProfileRow } from '../../platform/db/schema.js';
import { DomainError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { CdnPurge } from '../../platform/media/purge.js';
import type { MediaStore } from '../../platform/media/store.js';
import type { Site } from '../../platform/site.js';
import type { SitesService } from '../../sites/service.js';
import { toOwnPhoto } from '../presenter.js';
import * as profileQueries from '../profiles/queries.js';
import { recordProfileChange } from '../profiles/service.js';
import type { VisibilityPolicy } from '../safety/visibility.js';
import { createPhotoFileAccess } from './file-access.js';
import { removePhotoFiles, storePhotoFiles, UPLOAD_FORMATS } from './files.js';
import * as queries from './queries.js';

export interface Uploader {
  userId: number;
  paid: boolean;
}

const photoLimit = (paid: boolean) => (paid ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

export interface PhotoDecisions {
  approved: number[];
  rejected: number[];
  /** Not pending any more when this decision came: decided by someone else meanwhile, or deleted. */
  alreadyDecided: number[];
}

export interface PhotosDeps {
  db: Db;
  clock: Clock;
  /** Where the photos' objects are kept. */
  store: MediaStore;
  visibility: VisibilityPolicy;
  events: EventBus;
  sites: SitesService;
  purge: CdnPurge;
}

export function createPhotosService({ db, clock, store, visibility, events, sites, purge }: PhotosDeps) {
  /**
   * Removes the objects no photo shows any more (one image stored twice in a folder is one object,
   * a shared avatar is behind many photos), and asks the site's CDN to forget them.
   */
  async function removeUnusedObjects(siteId: number, files: string[]) {
    const unused: string[] = [];
    for (const file of new Set(files)) {
      const users = await queries.photosInFile(db, file);
      if (!users.some((photo) => photo.status !== 'rejected')) unused.push(file);
    }
    await removePhotoFiles(store, unused);
    await purge.forget(await sites.findById(siteId), unused);
  }

  const objectsOf = (photo: Pick<PhotoRow, 'filename' | 'thumb_filename'>) => [photo.filename, photo.thumb_filename];

  /** An erased profile's photo objects go with it: the objects of its folder no other photo shows. */
  async function removeObjectsOfErased({ siteId, profileId }: { siteId: number; profileId: number }) {
    const files: string[] = [];
    for await (const { key } of store.list(`p/${profileId}/`)) files.push(key);
    await removeUnusedObjects(siteId, files);
  }
  const unsubscribe = events.subscribeLocal('account.erased', removeObjectsOfErased);

  /** A main photo replaced is no longer everyone's to see: the CDN forgets its copy (the object stays). */
  async function forgetFormerMain(profile: ProfileRow, photos: PhotoRow[], newMainId: number | undefined) {
    if (newMainId === undefined || newMainId === profile.main_photo_id) return;
    const former = photos.find((photo) => photo.id === profile.main_photo_id);
    if (former) await purge.forget(await sites.findById(profile.site_id), objectsOf(former));
  }

  async function ownRow(userId: number, trx: Db = db): Promise<ProfileRow> {
    const row = await profileQueries.findProfileByUser(trx, userId);
    if (!row) throw new Error(`user ${userId} has no profile`);
    return row;
  }

  async function listing(userId: number): Promise<PhotosResponse> {
    const row = await ownRow(userId);
    const photos = await queries.photosOfProfile(db, row.id);
    return {
      photos: photos.map((photo) => toOwnPhoto(photo, row.main_photo_id)),
      main_image: row.main_photo_id,
    };
  }

  async function assertBelowLimit(trx: Db, profileId: number, limit: number) {
    if ((await queries.countPhotos(trx, profileId)) >= limit) {
      throw new DomainError('photo_limit', { limit, premium_limit: PREMIUM_PHOTO_LIMIT });
    }
  }

  /** After the main photo goes, the first remaining photo takes its place. */
  async function repairMain(trx: Db, profile: ProfileRow) {
    const photos = await queries.photosOfProfile(trx, profile.id);
    const current = photos.find((photo) => photo.id === profile.main_photo_id && photo.status !== 'rejected');
    if (current) return;
    const shareable = photos.filter((photo) => photo.private === 0);
    const next =
      shareable.find((photo) => photo.status === 'active') ?? shareable.find((photo) => photo.status === 'pending');
    await profileQueries.updateProfile(trx, profile.id, { main_photo_id: next?.id ?? null });
  }

  /** Re-encodes and stores an upload on a profile within `limit` photos; the first becomes the main one. */
  async function storeUpload(
    profile: ProfileRow,
    input: Buffer,
    rules: { limit: number; status: PhotoRow['status'] },
    audit?: InTransaction<PhotoRow>,
  ): Promise<PhotoRow> {
    // Checked before the costly re-encode, and again under the row lock below.
    await assertBelowLimit(db, profile.id, rules.limit);
    const files = await storePhotoFiles(store, `p/${profile.id}`, input, UPLOAD_FORMATS);
    try {
      return await db.transaction().execute(async (trx) => {
        // Locking the profile row first makes parallel uploads to one profile wait for each other.
        await profileQueries.lockProfile(trx, profile.id);
        await assertBelowLimit(trx, profile.id, rules.limit);
        const photo = await queries.insertPhoto(trx, {
          profile_id: profile.id,
          filename: files.filename,
          thumb_filename: files.thumbFilename,
          width: files.width,
          height: files.height,
          status: rules.status,
          premium_only: 0,
          position: await queries.nextPhotoPosition(trx, profile.id),
          created_at: clock.now().toISOString(),
        });
        const fresh = await profileQueries.findProfileById(trx, profile.id);
        if (fresh?.main_photo_id === null) {
          await profileQueries.updateProfile(trx, profile.id, { main_photo_id: photo.id });
        }
        await recordProfileChange(events, trx, profile);
        if (audit) await audit(trx, photo);
        return photo;
      });
    } catch (error) {
      await removeUnusedObjects(profile.site_id, [files.filename, files.thumbFilename]);
      throw error;
    } finally {
      await events.relay();
    }
  }

  /** Deletes a photo of the profile with its files; 404 for another profile's. `audit` is written with the deletion. */
  async function removeFrom(profile: ProfileRow, photoId: number, audit?: InTransaction<PhotoRow>) {
    const photo = await queries.findPhoto(db, profile.id, photoId);
    if (!photo) throw notFound();
    await db.transaction().execute(async (trx) => {
      await queries.deletePhoto(trx, photo.id);
      await repairMain(trx, profile);
      await recordProfileChange(events, trx, profile);
      if (audit) await audit(trx, photo);
    });
    await events.relay();
    await removeUnusedObjects(profile.site_id, objectsOf(photo));
  }

  /** The main photo is everyone's first look: it cannot be private. */
  function assertMayBeMain(photo: PhotoRow) {
    if (photo.private === 1) throw new DomainError('photo_main_private');
  }

  /** Makes a photo of the profile private, or public again; 404 for another profile's. */
  async function setPrivate(trx: Db, profile: ProfileRow, photo: PhotoRow | undefined, isPrivate: boolean) {
    if (!photo) throw notFound();
    if (isPrivate && profile.main_photo_id === photo.id) throw new DomainError('photo_main_private');
    await queries.setPrivate(trx, photo.id, isPrivate);
  }

  return {
    close: unsubscribe,
    listing,
    ...createPhotoFileAccess({ db, store, visibility }),

    /** A member's own photos, whatever their state, for their data export: each with its file to read. */
    async exportOf(profileId: number) {
      return (await queries.photosOfProfile(db, profileId)).map((row) => ({
        id: row.id,
        status: row.status,
        position: row.position,
        width: row.width,
        height: row.height,
        premium_only: row.premium_only === 1,
        created_at: row.created_at,
        reviewed_at: row.reviewed_at,
        rejection: row.rejection,
        openFile: async (): Promise<Readable | null> => (await store.get(row.filename))?.body ?? null,
      }));
    },

    async upload(site: Site, uploader: Uploader, input: Buffer): Promise<PhotosResponse> {
      const profile = await ownRow(uploader.userId);
      await storeUpload(profile, input, {
        limit: photoLimit(uploader.paid),
        status: site.settings.photo_moderation ? 'pending' : 'active',
      });
      return listing(uploader.userId);
    },

    async update(
      userId: number,
      change: { order?: number[]; main_image?: number; private_photo?: { id: number; private: boolean } },
    ): Promise<PhotosResponse> {
      const profile = await ownRow(userId);
      const photos = await queries.photosOfProfile(db, profile.id);
      const owned = new Set(photos.map((photo) => photo.id));
      const main = change.main_image;
      const newMain = photos.find((photo) => photo.id === main && photo.status !== 'rejected');
      if (main !== undefined && !newMain) throw notFound();
      if (newMain) assertMayBeMain(newMain);
      if (change.order?.some((id) => !owned.has(id))) throw notFound();
      const privacy = change.private_photo;
      await db.transaction().execute(async (trx) => {
        if (privacy) {
          const photo = photos.find((each) => each.id === privacy.id);
          await setPrivate(trx, { ...profile, main_photo_id: main ?? profile.main_photo_id }, photo, privacy.private);
        }
        if (change.order) {
          const positions = [...new Set(change.order)];
          for (const [position, id] of positions.entries()) await queries.setPhotoPosition(trx, id, position);
        }
        if (main !== undefined) await profileQueries.updateProfile(trx, profile.id, { main_photo_id: main });
        await recordProfileChange(events, trx, profile);
      });
      await events.relay();
      await forgetFormerMain(profile, photos, main);
      return listing(userId);
    },

    async remove(userId: number, photoId: number): Promise<PhotosResponse> {
      await removeFrom(await ownRow(userId), photoId);
      return listing(userId);
    },

    /** A moderator's verdict on a photo; a rejected main photo hands over to the next one. */
    async review(photoId: number, status: Exclude<PhotoRow['status'], 'pending'>) {
      const photo = await queries.findPhotoById(db, photoId);
      if (!photo) throw notFound();
      const profile = await db.transaction().execute(async (trx) => {
        await queries.setPhotoStatus(trx, photo.id, status);
        const profile = await profileQueries.findProfileById(trx, photo.profile_id);
        if (!profile) return undefined;
        await repairMain(trx, profile);
        await recordProfileChange(events, trx, profile);
        return profile;
      });
      await events.relay();
      if (status === 'rejected' && profile) await removeUnusedObjects(profile.site_id, objectsOf(photo));
    },

    /** Every photo of a profile, whatever its status, for staff. */
    allOf: (profileId: number) => queries.photosOfProfile(db, profileId),
    /** Every photo of these profiles, whatever its status, for staff. */
    allOfProfiles: (profileIds: number[]) => queries.photosOf(db, profileIds),

    /** A hosted profile's new photo, put up by staff: re-encoded as a member's, shown at once. */
    uploadForHosted: (profile: ProfileRow, input: Buffer, audit?: InTransaction<PhotoRow>) =>
      storeUpload(profile, input, { limit: PREMIUM_PHOTO_LIMIT, status: 'active' }, audit),

    /**
     * A hosted profile's main photo, or whether only premium members (or only those granted) see
     * one; 404 for another profile's. `audit` is given the photo as it was, in the change's transaction.
     */
    async changeHostedPhoto(
      profile: ProfileRow,
      photoId: number,
      change: { main?: true; premium_only?: boolean; private?: boolean },
      audit?: InTransaction<PhotoRow>,
    ) {
      const photo = await queries.findPhoto(db, profile.id, photoId);
      if (!photo) throw notFound();
      const isPrivate = change.private ?? photo.private === 1;
      if (change.main && isPrivate) throw new DomainError('photo_main_private');
      await db.transaction().execute(async (trx) => {
        if (change.premium_only !== undefined) {
          await queries.setPremiumOnly(trx, photo.id, change.premium_only);
        }
        if (change.private !== undefined) await setPrivate(trx, profile, photo, change.private);
        if (change.main) await profileQueries.updateProfile(trx, profile.id, { main_photo_id: photo.id });
        if (audit) await audit(trx, photo);
      });
      if (change.main) await forgetFormerMain(profile, await queries.photosOfProfile(db, profile.id), photo.id);
      return photo;
    },

    removeFromHosted: removeFrom,

    /** The moderation queue: photos waiting, oldest first, on one site or all; and how many wait. */

    async moderationQueue(options: { limit: number; siteId?: number }) {
      const [photos, waiting] = await Promise.all([
        queries.pendingPhotos(db, options.limit, options.siteId),
        queries.countPending(db, options.siteId),
      ]);
      return { photos, waiting };
    },

    /**
     * Approves or rejects pending photos, in one transaction. A photo decided meanwhile keeps that
     * decision. A rejected main photo hands over to the next one, and each member whose photos were
     * rejected is told once, with the reason. `audit` is written for each photo decided, with it.
     */
    async decide(
      photoIds: number[],
      decision: { status: 'active' } | { status: 'rejected'; rejection: PhotoRejection },
      audit?: InTransaction<PhotoRow & { site_id: number }>,
    ): Promise<PhotoDecisions> {
      const outcome: PhotoDecisions = { approved: [], rejected: [], alreadyDecided: [] };
      const decidedRows: (PhotoRow & { site_id: number })[] = [];
      const reviewedAt = clock.now().toISOString();
      const rejection = decision.status === 'rejected' ? decision.rejection : null;
      await db.transaction().execute(async (trx) => {
        const rejectedOf = new Map<number, { siteId: number; userId: number; photos: number }>();
        const changed = new Map<number, ProfileRow>();
        for (const photoId of [...new Set(photoIds)].sort((a, b) => a - b)) {
          const decided = await queries.decidePending(trx, photoId, {
            status: decision.status,
            rejection,
            reviewed_at: reviewedAt,
          });
          const photo = decided ? await queries.findPhotoById(trx, photoId) : undefined;
          const profile = photo && (await profileQueries.findProfileById(trx, photo.profile_id));
          if (!photo || !profile) {
            outcome.alreadyDecided.push(photoId);
            continue;
          }
          const row = { ...photo, site_id: profile.site_id };
          decidedRows.push(row);
          if (audit) await audit(trx, row);
          changed.set(profile.id, profile);
          if (decision.status === 'active') {
            outcome.approved.push(photoId);
            if (profile.main_photo_id === null) await repairMain(trx, profile);
            continue;
          }
          outcome.rejected.push(photoId);
          await repairMain(trx, profile);
          if (profile.user_id !== null) {
            const told = rejectedOf.get(profile.user_id);
            rejectedOf.set(profile.user_id, {
              siteId: profile.site_id,
              userId: profile.user_id,
              photos: (told?.photos ?? 0) + 1,
            });
          }
        }
        for (const profile of changed.values()) await recordProfileChange(events, trx, profile);
        for (const told of rejectedOf.values()) {
          await events.record(trx, { type: 'photo.rejected', ...told, rejection: rejection as PhotoRejection });
        }
      });
      await events.relay();
      for (const row of decidedRows) {
        if (row.status === 'rejected') await removeUnusedObjects(row.site_id, objectsOf(row));
      }
      return outcome;
    },

    /** Stores an image for many photo rows to share, under p/<folder> (bulk-seeded profiles' avatars). */
    storeSharedFiles: (folder: string, input: Buffer) => storePhotoFiles(store, `p/${folder}`, input),

    /** Photo rows of files stored already, e.g. avatars shared by bulk-seeded profiles. */
    addPhotoRowsInBulk(rows: NewPhotoRow[], trx: Db = db): Promise<void> {
      return queries.insertPhotos(trx, rows);
    },

    /** Makes each profile's first photo its main one where it has none. */
    useFirstPhotosAsMain(profileIds: number[], trx: Db = db): Promise<void> {
      return queries.setFirstPhotoAsMain(trx, profileIds);
    },

    /** Adds an already-made image to a profile, e.g. a generated avatar for a hosted profile. */
    async addPhoto(profileId: number, input: Buffer, options: { premiumOnly?: boolean; main?: boolean } = {}) {
      const files = await storePhotoFiles(store, `p/${profileId}`, input);
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
