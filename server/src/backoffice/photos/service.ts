/**
 * The photo desk of the back office: those who moderate photos approve or reject what members
 * upload, on every site; staff fetch photo files, whatever their status, through the staff path.
 */
import type { PhotoRejection } from '@amora/common';
import { permits, staffActor } from '../../access/authorize.js';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import { staffMediaUrl } from '../../identity/staff/media-path.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight, requireSignedIn } from '../../identity/staff/policy.js';
import type { PhotosService } from '../../members/photos/service.js';
import type { OperatorsService } from '../../operators/service.js';
import type { Clock } from '../../platform/clock.js';
import type { PhotoRow } from '../../platform/db/schema.js';
import type { Site } from '../../platform/site.js';

/** Photos a moderator sees at once; the queue says how many more wait. */
const PHOTO_QUEUE_PAGE = 60;

export function createPhotoDesk(deps: {
  clock: Clock;
  photos: PhotosService;
  operators: OperatorsService;
  log: AuditLog;
  siteNamesOf: (siteIds: number[]) => Promise<Map<number, string>>;
}) {
  const { clock, photos, operators, log, siteNamesOf } = deps;

  return {
    /** The photo queue, oldest first, across sites or on one; for staff who moderate photos. */
    async photoQueue(staff: StaffMember | null, siteId: number | undefined) {
      requireRight(staff, 'photos');
      const { photos: waiting, waiting: count } = await photos.moderationQueue({ limit: PHOTO_QUEUE_PAGE, siteId });
      const siteNames = await siteNamesOf(waiting.map((photo) => photo.site_id));
      return {
        photos: waiting.map((photo) => ({
          id: photo.id,
          site: { id: photo.site_id, name: siteNames.get(photo.site_id) ?? '' },
          profile: { id: photo.profile_id, name: photo.name, hosted: photo.hosted === 1 },
          url: staffMediaUrl(photo.filename),
          thumb_url: staffMediaUrl(photo.thumb_filename),
          width: photo.width,
          height: photo.height,
          uploaded_at: photo.created_at,
        })),
        waiting: count,
        refreshed_at: clock.now().toISOString(),
      };
    },

    /**
     * Approves or rejects photos; each decided one is in the audit log, written in the decision's
     * transaction, with the reason for a rejection.
     */
    async decidePhotos(
      staff: StaffMember | null,
      input: { photos: number[]; decision: 'approve' | 'reject'; rejection?: PhotoRejection },
    ) {
      const moderator = requireRight(staff, 'photos');
      const audit = auditedAs(log, moderator, `photo.${input.decision}`, (row: PhotoRow & { site_id: number }) => ({
        site: row.site_id,
        profile: row.profile_id,
        record: `photo:${row.id}`,
        changes: { status: ['pending', row.status] },
        ...(row.rejection && { reason: row.rejection }),
      }));
      const { approved, rejected, alreadyDecided } = await photos.decide(
        input.photos,
        input.decision === 'approve'
          ? { status: 'active' }
          : { status: 'rejected', rejection: input.rejection as PhotoRejection },
        audit,
      );
      return { approved, rejected, already_decided: alreadyDecided };
    },

    /**
     * A photo file for staff: a chat photo to the operator holding its conversation; any stored
     * photo to those who moderate photos; an approved one of this site's profiles to operators.
     */
    async mediaObject(site: Site, staff: StaffMember | null, file: string) {
      const member = requireSignedIn(staff);
      if (file.startsWith('c/')) {
        requireRight(staff, 'inbox');
        return operators.inbox.chatPhotoObject(site, member, file);
      }
      if (permits(staffActor(member), 'staff:photos')) return photos.object(await photos.fileForModerator(file));
      requireRight(staff, 'inbox');
      return photos.object(await photos.fileForOperator(site, file));
    },
  };
}
