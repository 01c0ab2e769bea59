/** The staff API (/api/staff/): staff accounts, their sign-in in two steps, their sessions and language. */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { STAFF_ROLES } from '../staff-rights.js';
import { localeField } from './accounts.js';
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
  /** The language of the account's back office, its dates and numbers, and its mails. */
  language: localeField,
});

/** POST /api/staff/status.php: available or away. */
export const staffStatusRequest = z.object({ away: z.boolean({ message: 'invalid' }) });
/** POST /api/staff/language.php: the staff member's own language, one of the app's locales. */
export const staffLanguageRequest = z.object({ language: z.enum(localeField.options, { message: 'invalid_choice' }) });
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
 * POST /api/staff/login.php: signed in, or the password was right and the code of the account's
 * authenticator app is needed next.
 */
export const staffLoginResponse = z.union([
  z.object({ staff: staffMember }),
  z.object({ two_step: z.literal('code') }),
]);
export type StaffLogin = z.infer<typeof staffLoginResponse>;

/** An invitation's token, from its link. */
const invitationToken = z.string().regex(/^[\w-]{20,100}$/, 'invalid');

/**
 * POST /api/staff/two-step.php: the six digits of the authenticator app, or a recovery code
 * (xxxx-xxxx-xxxx); while an app is set up, also the invitation it is set up through.
 */
export const twoStepRequest = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^(\d{6}|[a-z2-9]{4}-?[a-z2-9]{4}-?[a-z2-9]{4})$/i, 'two_step_code_wrong')),
  invitation: invitationToken.optional(),
});
/** A staff member signed in: after the code (POST two-step.php), or a status change. */
export const staffResponse = z.object({ staff: staffMember });
/** POST /api/staff/two-step.php: signed in; after setting up an app, with its recovery codes, shown this once. */
export const twoStepResponse = staffResponse.extend({ recovery_codes: z.array(z.string()).optional() });

/** POST /api/staff/invitation.php: an invitation's link and the account's password start setting up its app. */
export const staffInvitationRequest = z.object({
  invitation: invitationToken,
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});
/** GET /api/staff/invitation.php: the invitation of a link, before its password is given. */
export const staffInvitationQuery = z.object({ token: invitationToken });
/** The language of the account an invitation is for: its page is in that language from the first screen. */
export const invitationLanguage = z.object({ language: localeField });
/** The app to set up, for the account (by its address) the invitation is for. */
export const invitationSetup = twoStepSetup.extend({ email: z.string() });
/** POST /api/staff/two-step-setup.php: the set-up link went to the staff member's own address. */
export const setupLinkMailed = z.object({ mailed_to: z.string() });
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
