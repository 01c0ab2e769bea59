import { z } from 'zod';
import {
  DELETE_REASONS,
  LOCALES,
  MAIL_OFF_REASONS,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '../constants.js';
import { birthDateProblem, isValidEmail, profileNameProblem } from '../validation.js';
import { ownProfile } from './members.js';
import { ownerProof } from './passkeys.js';
import { multilineText, nameText, text } from './text.js';

/** Messages are field error codes; each side turns them into localised text. */
export const emailField = text()
  .trim()
  .min(1, 'required')
  .refine(isValidEmail, 'invalid_email')
  .meta({ format: 'email' });

const newPassword = text().min(PASSWORD_MIN_LENGTH, 'password_too_short').max(PASSWORD_MAX_LENGTH, 'password_too_long');

export const localeField = z.enum(LOCALES);

export const trackingSchema = z.object({
  network: text().max(100, 'too_long').optional(),
  ref: text().max(100, 'too_long').optional(),
  sub1: text().max(100, 'too_long').optional(),
  sub2: text().max(100, 'too_long').optional(),
  sub3: text().max(100, 'too_long').optional(),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const signupRequest = z
  .object({
    email: emailField,
    name: nameText().trim().max(NAME_MAX_LENGTH, 'name_too_long'),
    password: newPassword,
    date_of_birth: text().max(10, 'birthdate_invalid').meta({ format: 'date' }),
    signup_message: multilineText().trim().max(SIGNUP_MESSAGE_MAX_LENGTH, 'too_long').optional(),
    tracking: trackingSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const nameProblem = profileNameProblem(value.name, value.email);
    if (nameProblem) ctx.addIssue({ code: 'custom', path: ['name'], message: nameProblem });
    const birthProblem = birthDateProblem(value.date_of_birth);
    if (birthProblem) ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: birthProblem });
  });
export type SignupRequest = z.infer<typeof signupRequest>;

export const loginRequest = z.object({
  email: text().trim().min(1, 'required').max(254, 'invalid_email'),
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const languageRequest = z.object({ language: localeField });

const matchingPasswords = <T extends { password: string; password_repeat: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.password_repeat) {
    ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' });
  }
};

export const resetRequest = z.object({ email: emailField });
export const mailChangeRequest = z.object({
  email: text().max(254, 'mail_change_invalid'),
  /** The current password (or a passkey without one): whoever holds a session may not take the account by changing its address. */
  ...ownerProof,
});
export type MailChangeRequest = z.infer<typeof mailChangeRequest>;
export const resetDoRequest = z
  .object({
    token: text().min(1, 'required').max(200, 'too_long'),
    password: newPassword,
    password_repeat: text().max(1000, 'too_long'),
  })
  .superRefine(matchingPasswords);
export type ResetDoRequest = z.infer<typeof resetDoRequest>;

export const tokenRequest = z.object({ token: text().min(1, 'required').max(200, 'too_long') });

export const passwordChangeRequest = z
  .object({
    old_password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
    password: newPassword,
    password_repeat: text().max(1000, 'too_long'),
  })
  .superRefine(matchingPasswords);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const deleteAccountRequest = z.object({
  reason: z.enum(DELETE_REASONS, { message: 'invalid_choice' }),
  comment: multilineText().trim().max(SIGNUP_MESSAGE_MAX_LENGTH, 'too_long').optional(),
  ...ownerProof,
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const userStatus = z.enum(['not_confirmed', 'confirmed']);
export const user = z.object({
  id: z.number(),
  email: z.string(),
  status: userStatus,
  credits: z.number().int(),
  /** Text messages left that cost no credits; they go before the credits. */
  free_messages: z.number().int(),
  /** What the member's next text, gift and photo cost, in credits (a free message aside). */
  message_prices: z.object({ text: z.number().int(), gift: z.number().int(), photo: z.number().int() }),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: localeField,
  /** Why notification mail is off; empty while it is on. */
  notifications_disabled: z.array(z.enum(MAIL_OFF_REASONS)),
  pending_email: z.string().nullable(),
  /** The site's mark for a hosted profile, shown wherever one appears. */
  fictional_icon: z.string(),
  profile: ownProfile,
});
export type User = z.infer<typeof user>;

export const userResponse = z.object({ user: user.nullable() });
export type UserResponse = z.infer<typeof userResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

export const deleteAccountResponse = z.object({ ok: z.literal(true), final_date: z.string() });

/** POST /api/user.php?push=1: the browser's push subscription (PushSubscription.toJSON()), or null to stop. */
export const pushSubscription = z.object({
  endpoint: text()
    .max(1000, 'too_long')
    .refine((value) => URL.canParse(value), 'invalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'invalid'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}$/, 'invalid'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;
export const pushSubscriptionRequest = z.object({ subscription: pushSubscription.nullable() });
export const pushQuery = z.object({ push: z.enum(['1']).optional() });

/** A session's device: its kind (for the icon) and the browser and system its user agent names. */
export const sessionDevice = z.object({
  kind: z.enum(['phone', 'tablet', 'computer']),
  browser: z.string().nullable(),
  system: z.string().nullable(),
});
export type SessionDevice = z.infer<typeof sessionDevice>;

/** One place a member is signed in; its id is not the session's secret nor what it is stored by. */
export const openSession = z.object({
  id: z.string(),
  device: sessionDevice,
  /** Two-letter country code, or null when the address told none. */
  country: z.string().nullable(),
  first_seen: z.string(),
  last_seen: z.string(),
  current: z.boolean(),
});
export type OpenSession = z.infer<typeof openSession>;

export const sessionsResponse = z.object({ sessions: z.array(openSession) });

export const sessionIdBody = z.object({ id: text().min(1, 'required').max(100, 'too_long') });

/** GET /api/session-end.php: the sign-in a new-device mail told of, for its "this wasn't me" page. */
export const signInSeenResponse = z.object({
  device: sessionDevice,
  country: z.string().nullable(),
  first_seen: z.string(),
});
export type SignInSeen = z.infer<typeof signInSeenResponse>;

/** How many sessions a request ended: 0 when another request ended them first. */
export const sessionsEndedResponse = z.object({ ok: z.literal(true), ended: z.number().int() });
