import { z } from 'zod';
import {
  DELETE_REASONS,
  LOCALES,
  NAME_MAX_LENGTH,
  NOTIFICATION_TYPES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
} from '../constants.js';
import { birthDateProblem, isValidEmail, profileNameProblem } from '../validation.js';
import { ownProfile } from './members.js';

/** Messages are field error codes; each side turns them into localised text. */
export const emailField = z.string().trim().min(1, 'required').refine(isValidEmail, 'invalid_email');

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'password_too_short')
  .max(PASSWORD_MAX_LENGTH, 'password_too_long');

export const localeField = z.enum(LOCALES);

export const trackingSchema = z.object({
  network: z.string().max(100).optional(),
  ref: z.string().max(100).optional(),
  sub1: z.string().max(100).optional(),
  sub2: z.string().max(100).optional(),
  sub3: z.string().max(100).optional(),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const signupRequest = z
  .object({
    email: emailField,
    name: z.string().trim().max(NAME_MAX_LENGTH, 'name_too_long'),
    password: newPassword,
    date_of_birth: z.string(),
    signup_message: z.string().trim().max(SIGNUP_MESSAGE_MAX_LENGTH, 'too_long').optional(),
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
  email: z.string().trim().min(1, 'required').max(254, 'invalid_email'),
  password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const languageRequest = z.object({ language: localeField });

const matchingPasswords = <T extends { password: string; password_repeat: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.password_repeat) {
    ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' });
  }
};

export const resetRequest = z.object({ email: emailField });
export const resetDoRequest = z
  .object({ token: z.string().min(1).max(200), password: newPassword, password_repeat: z.string() })
  .superRefine(matchingPasswords);
export type ResetDoRequest = z.infer<typeof resetDoRequest>;

export const tokenRequest = z.object({ token: z.string().min(1, 'required').max(200) });

export const passwordChangeRequest = z
  .object({
    old_password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH),
    password: newPassword,
    password_repeat: z.string(),
  })
  .superRefine(matchingPasswords);
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const deleteAccountRequest = z.object({
  reason: z.enum(DELETE_REASONS, { message: 'invalid_choice' }),
  comment: z.string().trim().max(SIGNUP_MESSAGE_MAX_LENGTH, 'too_long').optional(),
  password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const userStatus = z.enum(['not_confirmed', 'confirmed']);
export const user = z.object({
  id: z.number(),
  email: z.string(),
  status: userStatus,
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: localeField,
  notifications_disabled: z.array(z.enum(NOTIFICATION_TYPES)),
  pending_email: z.string().nullable(),
  profile: ownProfile,
});
export type User = z.infer<typeof user>;

export const userResponse = z.object({ user: user.nullable() });
export type UserResponse = z.infer<typeof userResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

export const deleteAccountResponse = z.object({ ok: z.literal(true), final_date: z.string() });
