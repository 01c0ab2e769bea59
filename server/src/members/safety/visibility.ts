/**
 * The one access policy: who may see a profile, and who may like it or (with the chat) write to
 * it. Search, the profile page, likes, photo files and the chat all ask here; search applies the
 * same rules in bulk in SQL (search/queries.ts: a listed profile is active, not invisible, on the site,
 * and no block stands between it and the searcher).
 *
 * - A profile is seen on its own site only, while active; its owner always sees it.
 * - A block either way hides the blocker from the blocked; the blocker still sees whom they blocked
 *   (to unblock), but neither may contact the other.
 * - An invisible profile is hidden from everyone it has had no contact with.
 * - Visitors see profiles only where the site lets them search while logged out.
 */

import { visitorMayBrowse } from '@amora/common';
import type { Db } from '../../db/index.js';
import type { ProfileRow } from '../../db/schema.js';
import { DomainError, fieldError, notFound } from '../../errors.js';
import type { Site } from '../../sites/service.js';
import type { Viewer } from '../presenter.js';
import * as profileQueries from '../profiles/queries.js';
import * as queries from './queries.js';

/** Whether two profiles have been in touch (a like either way; the chat adds its conversations). */
export type ContactCheck = (profileId: number, otherProfileId: number) => Promise<boolean>;

export interface ViewableProfile {
  row: ProfileRow;
  /** The viewer blocked this profile: they see it, marked, to be able to unblock. */
  blockedByViewer: boolean;
}

/** Visitors browse only where the site allows it, perhaps only when they came with a traffic source. */
export function assertVisitorMayBrowse(site: Site, trafficSource: string | undefined, refusal: DomainError) {
  if (!visitorMayBrowse(site.settings, trafficSource)) throw refusal;
}

export function createVisibilityPolicy(db: Db) {
  const contactChecks: ContactCheck[] = [];

  async function haveContact(profileId: number, otherProfileId: number): Promise<boolean> {
    for (const check of contactChecks) if (await check(profileId, otherProfileId)) return true;
    return false;
  }

  /** The profile as `viewer` may see it, or a 404 that looks like a missing profile. */
  async function viewable(
    site: Site,
    viewer: Viewer,
    profileId: number,
    trafficSource?: string,
  ): Promise<ViewableProfile> {
    if (!viewer) {
      assertVisitorMayBrowse(site, trafficSource, new DomainError('profile_login_required'));
      const row = await profileQueries.findProfile(db, site.id, profileId);
      if (row?.status !== 'active' || row.invisible === 1) throw notFound();
      return { row, blockedByViewer: false };
    }
    if (viewer.profileId === profileId) {
      const row = await profileQueries.findProfile(db, site.id, profileId);
      if (!row) throw notFound();
      return { row, blockedByViewer: false };
    }
    const found = await queries.profileWithBlocks(db, site.id, profileId, viewer.profileId);
    if (!found) throw notFound();
    const { row, blockedByViewer, blockedByProfile } = found;
    if (row.status !== 'active' || blockedByProfile) throw notFound();
    if (row.invisible === 1 && !(await haveContact(viewer.profileId, profileId))) throw notFound();
    return { row, blockedByViewer };
  }

  return {
    viewable,

    /** May `viewer` like (or write to) this profile? A 404 as for a missing one when not. */
    async contactable(site: Site, viewer: NonNullable<Viewer>, profileId: number): Promise<ProfileRow> {
      if (profileId === viewer.profileId) throw fieldError('profile_id', 'invalid_choice');
      const { row, blockedByViewer } = await viewable(site, viewer, profileId);
      if (blockedByViewer) throw notFound();
      return row;
    },

    haveContact,

    /** Another domain tells what counts as contact (likes now, conversations with the chat). */
    addContactCheck(check: ContactCheck) {
      contactChecks.push(check);
    },
  };
}

export type VisibilityPolicy = ReturnType<typeof createVisibilityPolicy>;
