/** The back office's case desk: reports and complaints, decisions with a statement of reasons, and appeals. */
import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  APPEAL_PARTIES,
  CASE_KINDS,
  CASE_MEASURES,
  CASE_STATUSES,
  DECISION_EXPLANATION_MAX_LENGTH,
} from '../constants.js';
import { id } from './ids.js';
import { multilineText } from './text.js';

/** GET /api/staff/cases.php: reports and complaints waiting (oldest first), decided (newest first), or appealed. */
export const caseQueueQuery = z.object({
  view: z.enum(['waiting', 'decided', 'appealed'], { message: 'invalid_choice' }).default('waiting'),
  kind: z.enum(CASE_KINDS, { message: 'invalid_choice' }).optional(),
  site: id.optional(),
  /** Pages on from a case id: later ones in the queue, earlier ones among the decided. */
  before: id.optional(),
});

const staffName = z.string().nullable();

export const moderationCase = z.object({
  id: z.number(),
  kind: z.enum(CASE_KINDS),
  status: z.enum(CASE_STATUSES),
  site: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  /** The report's reason or the complaint's category. */
  reason: z.string(),
  /** What the reporter or complainant wrote. */
  text: z.string().nullable(),
  /** What a complaint says it is about (a payment, a profile), in the complainant's words. */
  reference: z.string().nullable(),
  /** Who reported or complained; none for a staff member's own initiative. */
  reporter: z
    .object({
      profile: z.object({ id: z.number(), name: z.string() }).nullable(),
      name: z.string(),
      /** A complainant's address: for admins only. */
      email: z.string().nullable(),
    })
    .nullable(),
  subject: z.object({ id: z.number(), name: z.string(), hosted: z.boolean(), suspended: z.boolean() }).nullable(),
  reviewer: staffName,
  reviewing_by_me: z.boolean(),
  decision: z
    .object({
      measure: z.enum(CASE_MEASURES).nullable(),
      explanation: z.string().nullable(),
      decided_by: z.string(),
      decided_at: z.string(),
      by_me: z.boolean(),
    })
    .nullable(),
  appeals: z.array(
    z.object({
      id: z.number(),
      party: z.enum(APPEAL_PARTIES),
      text: z.string(),
      appealed_at: z.string(),
      outcome: z.enum(APPEAL_OUTCOMES).nullable(),
      explanation: z.string().nullable(),
      decided_by: staffName,
      decided_at: z.string().nullable(),
    }),
  ),
});
export type ModerationCase = z.infer<typeof moderationCase>;

export const caseQueueResponse = z.object({
  cases: z.array(moderationCase),
  waiting: z.number(),
  appeals_waiting: z.number(),
  next_before: z.number().nullable(),
  refreshed_at: z.string(),
});

/** POST /api/staff/case-review.php: take a waiting case in review. */
export const caseReviewRequest = z.object({ case: id });

export const decisionExplanation = multilineText().trim().max(DECISION_EXPLANATION_MAX_LENGTH, 'too_long').optional();

/** POST /api/staff/case-decision.php: actioned with a measure, or dismissed; the explanation is mailed as written. */
export const caseDecisionRequest = z.object({
  case: id,
  decision: z.enum(['actioned', 'dismissed'], { message: 'invalid_choice' }),
  measure: z.enum(CASE_MEASURES, { message: 'invalid_choice' }).optional(),
  explanation: decisionExplanation,
});

/** POST /api/staff/appeal-decision.php: the decision stands (upheld) or is withdrawn (reversed). */
export const appealDecisionRequest = z.object({
  appeal: id,
  outcome: z.enum(APPEAL_OUTCOMES, { message: 'invalid_choice' }),
  explanation: decisionExplanation,
});
