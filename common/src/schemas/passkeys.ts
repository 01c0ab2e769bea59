/**
 * Passkeys (WebAuthn): adding, naming and removing them, and signing in or confirming with one.
 * The browser's answers are the JSON that @simplewebauthn/browser makes; every part is base64url
 * of a bounded size, so nothing else reaches the verifier.
 */
import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.js';
import { id } from './ids.js';
import { nameText, text } from './text.js';

const base64url = (max: number) =>
  text()
    .max(max, 'too_long')
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'invalid');

/** A credential id is at most 1023 bytes (WebAuthn), i.e. 1364 base64url characters. */
const credentialId = base64url(1400).min(1, 'required');

const extensionResults = z.looseObject({});

/** What navigator.credentials.create() answered, as startRegistration() returns it. */
export const passkeyRegistration = z.object({
  id: credentialId,
  rawId: credentialId,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    transports: z.array(text().max(20, 'too_long')).max(10, 'too_many').optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  type: z.literal('public-key'),
});

/** What navigator.credentials.get() answered, as startAuthentication() returns it. */
export const passkeyAssertion = z.object({
  id: credentialId,
  rawId: credentialId,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  type: z.literal('public-key'),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

const passkeyName = nameText().trim().min(1, 'required').max(PASSKEY_NAME_MAX_LENGTH, 'too_long');

/** POST /api/passkeys.php: the new passkey, and its name (the device's when none is given). */
export const addPasskeyRequest = z.object({ credential: passkeyRegistration, name: passkeyName.optional() });
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequest>;

export const renamePasskeyRequest = z.object({ id, name: passkeyName });
export const passkeyIdBody = z.object({ id });

/** A signed-in member's proof of who they are: their password, or without one a fresh passkey answer. */
export const ownerProof = {
  password: text().max(PASSWORD_MAX_LENGTH, 'password_too_long').optional(),
  passkey: passkeyAssertion.optional(),
};

/** DELETE /api/password.php: the member drops their password and signs in with passkeys only. */
export const removePasswordRequest = z.object({
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'password_too_long'),
});

/** POST /api/passkey-options.php: options to add a passkey, or to confirm a change with one. */
export const passkeyOptionsRequest = z.object({
  purpose: z.enum(['register', 'confirm'], { message: 'invalid_choice' }),
});

export const passkeyLoginRequest = z.object({ credential: passkeyAssertion });

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

/** The member's passkeys, newest first, and whether they still have a password. */
export const passkeysResponse = z.object({ passkeys: z.array(passkey), has_password: z.boolean() });
export type PasskeysResponse = z.infer<typeof passkeysResponse>;

/** Options for navigator.credentials.create() or .get(), as @simplewebauthn/server makes them. */
export const passkeyOptionsResponse = z.object({ options: z.looseObject({ challenge: z.string() }) });
