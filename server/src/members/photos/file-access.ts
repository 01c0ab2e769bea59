/** Who may fetch a photo file: anyone as the profile page shows it, its owner, operators and moderators. */
import { permits, viewerActor } from '../../access/authorize.js';
import type { Db } from '../../platform/db/index.js';
import type { PhotoRow } from '../../platform/db/schema.js';
import { DomainError, notFound } from '../../platform/errors.js';
import type { MediaStore } from '../../platform/media/store.js';
import type { Site } from '../../platform/site.js';
import { maySeePhoto, type Viewer } from '../presenter.js';
import * as profileQueries from '../profiles/queries.js';
import type { VisibilityPolicy } from '../safety/visibility.js';
import * as queries from './queries.js';

/** A photo file's name as stored: p/<profile id or shared folder>/<32 hex>[-thumb].webp. */
const PHOTO_FILE = /^p\/(\d+|hosted)\/[0-9a-f]{32}(-thumb)?\.webp$/;

export interface ServedPhotoFile {
  /** The object's key in the media store. */
  file: string;
  /** Anyone may see it (a listed profile's main photo): shared caches may keep it. */
  public: boolean;
}

export function createPhotoFileAccess({
  db,
  store,
  visibility,
}: {
  db: Db;
  store: MediaStore;
  visibility: VisibilityPolicy;
}) {
  /** Whether `viewer` may see the photo, and whether everyone may; null when they may not. */
  async function accessTo(
    site: Site,
    viewer: Viewer,
    photo: PhotoRow,
    trafficSource?: string,
  ): Promise<{ public: boolean } | null> {
    const profile = await profileQueries.findProfileById(db, photo.profile_id);
    if (!profile || profile.site_id !== site.id) return null;
    const seen = await visibility.viewable(site, viewer, profile.id, trafficSource).catch((error: unknown) => {
      if (error instanceof DomainError) return null;
      throw error;
    });
    const photos = seen ? await queries.photosOfProfile(db, profile.id) : [];
    const own = photos.find((candidate) => candidate.id === photo.id) ?? photo;
    const shown = seen !== null && maySeePhoto(profile, photos, own, viewer, seen.privatePhotosShown);
    const subject = { ownerProfileId: profile.id, status: photo.status, visible: seen !== null, shown };
    if (!permits(viewerActor(viewer), 'photo.view', subject)) return null;
    const everyone =
      photo.status === 'active' && maySeePhoto(profile, photos, own, null, false) && profile.invisible === 0;
    return { public: everyone && site.settings.logged_out_search && profile.status === 'active' };
  }

  return {
    /**
     * A photo file as `viewer` may fetch it: active photos as the profile page shows them, pending
     * ones to their owner only, rejected and deleted ones to nobody. A 404 otherwise.
     */
    async photoFile(site: Site, viewer: Viewer, file: string, trafficSource?: string): Promise<ServedPhotoFile> {
      if (!PHOTO_FILE.test(file)) throw notFound();
      // Shared avatars (bulk-seeded profiles) are one file behind many photos.
      for (const photo of await queries.photosInFile(db, file)) {
        const access = await accessTo(site, viewer, photo, trafficSource);
        if (access) return { file, public: access.public };
      }
      throw notFound();
    },

    /** A photo's object, or null when it is not stored: for a file the caller has let through. */
    async object(file: string) {
      if (!PHOTO_FILE.test(file)) return null;
      return store.get(file);
    },

    /** A photo file for operators: an approved photo of a profile of the site they work on. */
    async fileForOperator(site: Site, file: string): Promise<string> {
      if (!PHOTO_FILE.test(file)) throw notFound();
      for (const photo of await queries.photosInFile(db, file)) {
        if (photo.status !== 'active') continue;
        const profile = await profileQueries.findProfileById(db, photo.profile_id);
        if (profile?.site_id === site.id) return file;
      }
      throw notFound();
    },

    /** A photo file for staff who moderate: any photo still stored, whatever its status or site. */
    async fileForModerator(file: string): Promise<string> {
      if (!PHOTO_FILE.test(file) || (await queries.photosInFile(db, file)).length === 0) throw notFound();
      return file;
    },
  };
}
