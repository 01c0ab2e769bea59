/** Safety: blocks and reports between members; who may see whom is the visibility policy beside this. */
import type { ReportRequest } from '@amora/common';
import type { ModerationService } from '../../moderation/service.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import { fieldError } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import * as photoQueries from '../photos/queries.js';
import { presentCard, type SignedInViewer } from '../presenter.js';
import * as queries from './queries.js';
import type { VisibilityPolicy } from './visibility.js';

export function createSafetyService(db: Db, clock: Clock, visibility: VisibilityPolicy, moderation: ModerationService) {
  const nowIso = () => clock.now().toISOString();

  return {
    async block(site: Site, viewer: SignedInViewer, profileId: number) {
      if (profileId === viewer.profileId) throw fieldError('profile_id', 'invalid_choice');
      await visibility.viewable(site, viewer, profileId);
      await db.transaction().execute(async (trx) => {
        await queries.insertBlock(trx, viewer.profileId, profileId, nowIso());
        // A block ends what the two shared of their private photos, and what they asked of each other.
        await queries.deletePrivatePhotoAccessBetween(trx, viewer.profileId, profileId);
      });
    },

    async unblock(viewer: SignedInViewer, profileId: number) {
      await queries.deleteBlock(db, viewer.profileId, profileId);
    },

    async blockedProfiles(viewer: SignedInViewer) {
      const rows = await queries.blockedBy(db, viewer.profileId);
      const mains = await photoQueries.mainPhotosOf(
        db,
        rows.map((row) => row.id),
      );
      const today = clock.now();
      return rows.map((row) =>
        presentCard(
          row,
          mains.find((photo) => photo.profile_id === row.id),
          today,
        ),
      );
    },

    /** The blocks and reports a member made, for their data export. */
    async exportOf(profileId: number) {
      return {
        blocks: await queries.blocksMadeBy(db, profileId),
        reports: await queries.reportsMadeBy(db, profileId),
      };
    },

    /** Files a report; moderators find it in their queue as a case. */
    async report(site: Site, viewer: SignedInViewer, input: ReportRequest) {
      if (input.profile_id === viewer.profileId) throw fieldError('profile_id', 'invalid_choice');
      await visibility.viewable(site, viewer, input.profile_id);
      await db.transaction().execute(async (trx) => {
        const reportId = await queries.insertReport(trx, {
          reporter: viewer.profileId,
          reported: input.profile_id,
          reason: input.reason,
          comment: input.comment || null,
          now: nowIso(),
        });
        await moderation.open(trx, {
          siteId: site.id,
          kind: 'report',
          sourceId: reportId,
          subjectProfileId: input.profile_id,
        });
      });
    },

    /** Reports as moderators read them: what was said, by whom, about whom. */
    reportsByIds: (ids: number[]) => queries.reportsByIds(db, ids),

    /** Reports a profile made and received, newest first, for staff. */
    reportsInvolving: (profileId: number, limit: number) => queries.reportsInvolving(db, profileId, limit),
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
