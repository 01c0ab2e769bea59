/** The back office's team desk: staff accounts as admins manage them. */
import { z } from 'zod';
import { STAFF_ROLES } from '../staff-rights.js';
import { emailField, localeField } from './accounts.js';
import { id } from './ids.js';
import { staffMember } from './staff.js';
import { text } from './text.js';

/** A staff account as admins manage it (GET /api/staff/team.php). */
export const staffAccount = staffMember.extend({
  disabled: z.boolean(),
  created_at: z.string(),
  /** Until when the invitation to set up the authenticator app works, while it is unused. */
  invitation_until: z.string().nullable(),
  /** Until when sign-ins are blocked after wrong passwords, while they are. */
  locked_until: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccount>;
export const staffTeamResponse = z.object({ staff: z.array(staffAccount) });

/** POST /api/staff/team.php: a new staff account; its first password is shown to the admin once. */
export const addStaffRequest = z.object({
  email: emailField,
  name: text().trim().min(1, 'required').max(100, 'too_long'),
  role: z.enum(STAFF_ROLES, { message: 'invalid_choice' }),
  language: z.enum(localeField.options, { message: 'invalid_choice' }),
});
export type AddStaffRequest = z.infer<typeof addStaffRequest>;
export const addStaffResponse = z.object({ staff: staffAccount, password: z.string() });

/**
 * PUT /api/staff/team.php: another account's role, or disabled (its sessions end at once) or enabled
 * again, or its two-step sign-in reset.
 */
export const changeStaffRequest = z
  .object({
    id,
    role: z.enum(STAFF_ROLES, { message: 'invalid_choice' }).optional(),
    disabled: z.boolean().optional(),
    /** Forget the account's authenticator app (a lost phone): it sets one up at its next sign-in. */
    reset_two_step: z.literal(true).optional(),
    capacity: z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(50, 'invalid').optional(),
    /** Lift a block after wrong passwords. */
    unlock: z.literal(true).optional(),
  })
  .refine(
    (change) =>
      change.role !== undefined ||
      change.disabled !== undefined ||
      change.reset_two_step ||
      change.capacity !== undefined ||
      change.unlock,
    {
      message: 'required',
      path: ['role'],
    },
  );
export const changeStaffResponse = z.object({ staff: staffAccount });
