/** The back office's member desk: finding members, what staff may know of one, and actions on their account. */
import { z } from 'zod';
import {
  DECISION_EXPLANATION_MAX_LENGTH,
  LOCALES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REPORT_REASONS,
} from '../constants.js';
import { openSession } from './accounts.js';
import { id } from './ids.js';
import { profileStatus } from './members.js';
import { namedRecord } from './staff.js';
import { decisionExplanation } from './staff-cases.js';
import { text } from './text.js';

/** GET /api/staff/members.php: a profile id, the start of a name, or (admins) an address. */
export const staffMembersQuery = z.object({
  q: text().trim().min(1, 'required').max(254, 'too_long'),
  site: id.optional(),
});

export const staffMembersResponse = z.object({
  members: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      site: namedRecord,
      status: profileStatus,
      /** For admins only. */
      email: z.string().nullable(),
      signup_date: z.string(),
      paid: z.boolean(),
    }),
  ),
});

export const staffMemberQuery = z.object({ id });

/** GET /api/staff/member.php: what staff may know of a member (never a password or a payment card). */
export const staffMemberResponse = z.object({
  member: z.object({
    id: z.number(),
    name: z.string(),
    site: namedRecord,
    status: profileStatus,
    date_of_birth: z.string(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    about: z.string(),
    /** For admins only. */
    email: z.string().nullable(),
    language: z.enum(LOCALES),
    confirmed: z.boolean(),
    paid: z.boolean(),
    signup_date: z.string(),
    deleted_at: z.string().nullable(),
    suspended_at: z.string().nullable(),
    suspension: z.enum(['suspension', 'ban']).nullable(),
  }),
  photos: z.array(
    z.object({
      id: z.number(),
      url: z.string(),
      thumb_url: z.string(),
      status: z.string(),
      rejection: z.string().nullable(),
    }),
  ),
  credits: z.object({
    balance: z.number(),
    ledger: z.array(
      z.object({
        id: z.number(),
        delta: z.number(),
        balance_after: z.number(),
        reason: z.string(),
        reference: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  payments: z.array(
    z.object({
      id: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS),
      amount: z.number(),
      currency: z.string(),
      credits: z.number(),
      created_at: z.string(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.number(),
      reason: z.string(),
      comment: z.string().nullable(),
      created_at: z.string(),
      direction: z.enum(['made', 'received']),
      other: z.object({ id: z.number(), name: z.string() }),
    }),
  ),
  sessions: z.array(openSession),
});
export type StaffMemberDetail = z.infer<typeof staffMemberResponse>;

/** Credits granted or taken at once, at most. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;

/**
 * POST /api/staff/member-action.php: suspend or ban (with a reason, mailed as a statement of
 * reasons), lift, or grant (positive) or take (negative) credits with an explanation.
 */
export const memberActionRequest = z.object({
  member: id,
  action: z.enum(['suspend', 'ban', 'lift', 'credits', 'activation'], { message: 'invalid_choice' }),
  reason: z.enum(REPORT_REASONS, { message: 'invalid_choice' }).optional(),
  amount: z
    .number({ message: 'invalid' })
    .int('invalid')
    .min(-CREDIT_ADJUSTMENT_MAX, 'invalid')
    .max(CREDIT_ADJUSTMENT_MAX, 'invalid')
    .optional(),
  explanation: decisionExplanation,
});

/** POST /api/staff/member-erase.php: the account erased at once, as its own deletion would once its grace ran out. */
export const eraseMemberRequest = z.object({
  member: id,
  explanation: text().trim().min(1, 'required').max(DECISION_EXPLANATION_MAX_LENGTH, 'too_long'),
});
