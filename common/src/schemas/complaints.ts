import { z } from 'zod';
import { COMPLAINT_CATEGORIES, COMPLAINT_MESSAGE_MAX_LENGTH } from '../constants.js';
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
