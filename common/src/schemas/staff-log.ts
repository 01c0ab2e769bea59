/** The back office's audit log: who did what to which record, the values before and after, and why. */
import { z } from 'zod';
import { id } from './ids.js';
import { text } from './text.js';

/** GET /api/staff/log.php: the audit log, newest first; filters by staff id, record and action (or its family). */
export const auditLogQuery = z.object({
  staff: id.optional(),
  record: text()
    .trim()
    .regex(/^[a-z_]+:\d+$/, 'invalid')
    .optional(),
  action: text()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'invalid')
    .optional(),
  before: id.optional(),
});

export const auditEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  staff_id: z.number(),
  staff: z.string(),
  action: z.string(),
  site_id: z.number().nullable(),
  record: z.string().nullable(),
  /** The name of what the entry is about (a staff account, a member, a profile, a site), where it has one. */
  subject: z.string().nullable(),
  /** The fields changed: [before, after]. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  reason: z.string().nullable(),
  conversation_id: z.number().nullable(),
  profile_id: z.number().nullable(),
  message_id: z.number().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLogResponse = z.object({ entries: z.array(auditEntry), next_before: z.number().nullable() });
