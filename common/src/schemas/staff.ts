/** The staff API (/api/staff/): staff accounts, their sign-in in two steps and their sessions; staff screens are in English. */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { STAFF_ROLES } from '../staff-rights.js';
import { text } from './text.js';

/** A record a staff list names: a site, a profile or a member. */
export const namedRecord = z.object({ id: z.number(), name: z.string() });

export const staffMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Signs in with a code from an authenticator app. */
  two_step: z.boolean(),
  /** Conversations an operator holds at once, at most. */
  capacity: z.number(),
  /** Away: claims nothing. */
  away: z.boolean(),
});

/** POST /api/staff/status.php: available or away. */
export const staffStatusRequest = z.object({ away: z.boolean({ message: 'invalid' }) });
export type StaffUser = z.infer<typeof staffMember>;
export const staffMeResponse = z.object({ staff: staffMember.nullable() });

/** A TOTP secret to set up in an authenticator app: as text, as an otpauth:// URI and as a QR code (SVG data URL). */
export const twoStepSetup = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetup>;

/** POST /api/staff/login.php: the password step of signing in. */
export const staffLoginRequest = z.object({
  email: text().min(1, 'required').max(254, 'too_long'),
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});

/**
 * POST /api/staff/login.php: signed in, or the password was right and a code is needed next, from
 * the account's app (`code`) or from a secret set up now (`enrol`).
 */
export const staffLoginResponse = z.union([
  z.object({ staff: staffMember }),
  z.object({ two_step: z.literal('code') }),
  twoStepSetup.extend({ two_step: z.literal('enrol') }),
]);
export type StaffLogin = z.infer<typeof staffLoginResponse>;

/** POST /api/staff/two-step.php: the code of the second step (or of a secret being set up). */
export const twoStepRequest = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'two_step_code_wrong')),
});
/** A staff member signed in: after the code (POST two-step.php), or a status change. */
export const staffResponse = z.object({ staff: staffMember });
/** GET /api/staff/sessions.php: where this staff member is signed in. */
export const staffSession = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSession>;
export const staffSessionsResponse = z.object({ sessions: z.array(staffSession) });
/** POST /api/staff/end-session.php: ends one of one's own sessions. */
export const endStaffSessionRequest = z.object({ session: z.string().regex(/^[0-9a-f]{16,128}$/, 'invalid') });
