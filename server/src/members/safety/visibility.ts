/**
 * The one access policy for members: who may see a profile and its private photos, and who may
 * like it or write to it. The profile page, likes, photo files, blocks, reports and the chat ask
 * here; search asks the same rule (rule.ts) of many profiles at once. Likes and the chat tell it who
 * has been in touch; the chat tells it who asked for and was granted private photos.
 *
 * Private photos: their owner sees them always; another member while granted them and neither has
 * blocked the other (the owner's block hides the whole profile; the viewer's block ends the grant's
 * effect too); visitors never. One grant covers all the owner's private photos.
 */

import { type ErrorCode, type PrivatePhotoStanding, visitorMayBrowse } from '@amora/common';
import { permits, viewerActor } from '../../access/authorize.js';
import type { Db } from '../../platform/db/index.js';
import type { ProfileRow } from '../../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import type { Viewer } from '../presenter.js';
import * as queries from './queries.js';

export interface ViewableProfile {
  row: ProfileRow;
  /** The viewer blocked this profile: they see it, marked, to be able to unblock. */
  blockedByViewer: boolean;
  /** Where the viewer stands with this profile's private photos. */
  privateAccess: PrivatePhotoStanding;
  /** Where this profile stands with the viewer's private photos. */
  myPrivatePhotos: PrivatePhotoStanding;
  /** The viewer may see this profile's private photos. */
  privatePhotosShown: boolean;
}

/** Visitors browse only where the site allows it, perhaps only when they came with a traffic source. */
export function assertVisitorMayBrowse(site: Site, trafficSource: string | undefined, refusal: ErrorCode) {
  if (!visitorMayBrowse(site.settings, trafficSource)) throw new DomainError(refusal);
}

export function createVisibilityPolicy(db: Db) {
  return {
    /** The profile as `viewer` may see it, or a 404 that looks like a missing profile. */
    async viewable(site: Site, viewer: Viewer, profileId: number, trafficSource?: string): Promise<ViewableProfile> {
      if (!viewer) assertVisitorMayBrowse(site, trafficSource, 'profile_login_required');
      const found = await queries.visibleProfile(db, site.id, profileId, viewer?.profileId, 'view');
      if (!found) throw notFound();
      const granted = found.privateAccess === 'granted' && !found.blockedByViewer;
      const privatePhotosShown = permits(viewerActor(viewer), 'privatePhotos.view', {
        ownerProfileId: profileId,
        granted,
      });
      return { ...found, privatePhotosShown };
    },

    /** May `viewer` like (or write to) this profile? A 404 as for a missing one when not. */
    async contactable(site: Site, viewer: NonNullable<Viewer>, profileId: number): Promise<ProfileRow> {
      if (profileId === viewer.profileId) throw fieldError('profile_id', 'invalid_choice');
      const found = await queries.visibleProfile(db, site.id, profileId, viewer.profileId, 'contact');
      if (!found) throw notFound();
      return found.row;
    },

    /** Two profiles have been in touch (a like, a conversation), inside the transaction that made it so. */
    recordContact: (trx: Db, profileId: number, otherProfileId: number) =>
      queries.insertContacts(trx, [[profileId, otherProfileId]]),

    /** Many pairs at once (bulk loads). */
    recordContactsInBulk: (trx: Db, pairs: [number, number][]) => queries.insertContacts(trx, pairs),

    /**
     * Records, inside the chat's transaction that writes its line, where a pair stands with the
     * owner's private photos; each says whether it changed anything (one open request per pair,
     * one grant). The chat checks first that the two may contact each other.
     */
    privatePhotos: {
      ask: (trx: Db, owner: number, viewer: number, now: string) =>
        queries.insertPrivatePhotoRequest(trx, owner, viewer, now),
      grant: (trx: Db, owner: number, viewer: number, now: string) =>
        queries.grantPrivatePhotos(trx, owner, viewer, now),
      decline: (trx: Db, owner: number, viewer: number) =>
        queries.deletePrivatePhotoAccess(trx, owner, viewer, 'asked'),
      revoke: (trx: Db, owner: number, viewer: number) =>
        queries.deletePrivatePhotoAccess(trx, owner, viewer, 'granted'),
    },
  };
}

export type VisibilityPolicy = ReturnType<typeof createVisibilityPolicy>;
