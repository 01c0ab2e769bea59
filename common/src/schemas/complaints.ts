import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  APPEAL_PARTIES,
  APPEAL_TEXT_MAX_LENGTH,
  CASE_KINDS,
  CASE_MEASURES,
  COMPLAINT_CATEGORIES,
  COMPLAINT_MESSAGE_MAX_LENGTH,
} from '../constants.js';
import { emailField } from './accounts.js';
import { choice } from './members.js';
import { multilineText, nameText, text } from './text.js';

/** POST /api/complaints.php: a retried send with the same client_id files the complaint once. */
export const complaintRequest = z.object({
  name: nameText().trim().min(1, 'required').max(100, 'too_long'),
  email: emailField,
  category: choice(COMPLAINT_CATEGORIES),
  /** A payment, profile or message the complaint is about, in the complainant's words. */
  reference: text().trim().max(100, 'too_long').optional(),
  message: multilineText().trim().min(1, 'required').max(COMPLAINT_MESSAGE_MAX_LENGTH, 'too_long'),
  client_id: z.string().uuid('invalid'),
});
export type ComplaintRequest = z.infer<typeof complaintRequest>;

/** The complaint's number, which the confirmation mail repeats. */
export const complaintResponse = z.object({ number: z.number().int() });

/** An appeal link's secret, as mailed with a statement of reasons. */
const appealToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid');

/** GET /api/appeal.php: the decision an appeal link is about. */
export const appealQuery = z.object({ token: appealToken });

/** POST /api/appeal.php: the appeal, once per side and decision, within APPEAL_DAYS. */
export const appealRequest = z.object({
  token: appealToken,
  text: multilineText().trim().min(1, 'required').max(APPEAL_TEXT_MAX_LENGTH, 'too_long'),
});

/** A decision as the side an appeal link was mailed to sees it, and their appeal and its review. */
export const appealResponse = z.object({
  appeal: z.object({
    kind: z.enum(CASE_KINDS),
    party: z.enum(APPEAL_PARTIES),
    /** The measure taken, or 'dismissed'. */
    decision: z.enum([...CASE_MEASURES, 'dismissed']),
    decided_at: z.string(),
    open_until: z.string(),
    may_appeal: z.boolean(),
    appealed_at: z.string().nullable(),
    text: z.string().nullable(),
    outcome: z.enum(APPEAL_OUTCOMES).nullable(),
    explanation: z.string().nullable(),
    reviewed_at: z.string().nullable(),
  }),
});
export type AppealResponse = z.infer<typeof appealResponse>;
