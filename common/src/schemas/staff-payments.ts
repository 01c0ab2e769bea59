/** The back office's payments desk: payments across sites, and refunds. */
import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_REFUSALS, PAYMENT_STATUSES } from '../constants.js';
import { id } from './ids.js';
import { transaction } from './payments.js';
import { namedRecord } from './staff.js';
import { text } from './text.js';

/** POST /api/staff/refund.php: the payment to refund, and why (for the audit log). */
export const staffRefundRequest = z.object({
  payment: id,
  reason: text().trim().min(1, 'required').max(500, 'too_long'),
});
/** POST /api/staff/refund.php: the purchase refunded, and how many of its credits were taken back. */
export const staffRefundResponse = z.object({ transaction, credits_taken: z.number() });
/** GET /api/staff/payments.php: filters; `before` pages back from a payment id. */
export const staffPaymentsQuery = z.object({
  site: id.optional(),
  status: z.enum(PAYMENT_STATUSES, { message: 'invalid_choice' }).optional(),
  method: z.enum(PAYMENT_METHODS, { message: 'invalid_choice' }).optional(),
  /** A member's profile id. */
  member: id.optional(),
  before: id.optional(),
});

/** A payment as admins see it: whose, where, how much and how it stands, and whether it may be refunded now. */
export const staffPayment = z.object({
  id: z.number(),
  site: namedRecord,
  member: namedRecord.nullable(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  currency: z.string(),
  credits: z.number(),
  refunded_credits: z.number(),
  refusal: z.enum(PAYMENT_REFUSALS).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Why it may not be refunded now; null when an admin may. */
  refund_refusal: z.string().nullable(),
});
export type StaffPayment = z.infer<typeof staffPayment>;
export const staffPaymentsResponse = z.object({ payments: z.array(staffPayment), next_before: z.number().nullable() });
