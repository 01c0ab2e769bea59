/** The back office's photo desk: the photos waiting for a moderator, and decisions on them. */
import { z } from 'zod';
import { PHOTO_REJECTIONS } from '../constants.js';
import { id } from './ids.js';
import { namedRecord } from './staff.js';

/** A photo waiting for a moderator: whose, on which site, and its files as staff fetch them. */
export const moderationPhoto = z.object({
  id: z.number(),
  site: namedRecord,
  profile: namedRecord.extend({ hosted: z.boolean() }),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  uploaded_at: z.string(),
});
export type ModerationPhoto = z.infer<typeof moderationPhoto>;

export const photoQueueQuery = z.object({ site: id.optional() });

/** GET /api/staff/photos.php[?site=]: the oldest photos waiting, on one site or all, and how many wait. */
export const photoQueueResponse = z.object({
  photos: z.array(moderationPhoto),
  waiting: z.number(),
  refreshed_at: z.string(),
});

/** POST /api/staff/photos.php: approve or reject photos (a rejection says why, and the member is told). */
export const decidePhotosRequest = z
  .object({
    photos: z.array(id).min(1, 'required').max(100, 'too_many'),
    decision: z.enum(['approve', 'reject'], { message: 'invalid_choice' }),
    rejection: z.enum(PHOTO_REJECTIONS, { message: 'invalid_choice' }).optional(),
  })
  .refine((input) => input.decision === 'approve' || input.rejection !== undefined, {
    message: 'required',
    path: ['rejection'],
  });
/** `already_decided`: photos another moderator decided first (or their member deleted); their decision stands. */
export const decidePhotosResponse = z.object({
  approved: z.array(z.number()),
  rejected: z.array(z.number()),
  already_decided: z.array(z.number()),
});
