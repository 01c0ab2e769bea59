/** Passkeys: adding, naming and removing them in settings, signing in with one, and dropping the password. */
import { defineRoute } from './route.js';

export const passkeyRoutes = {
  passkeys: defineRoute({
    method: 'GET',
    path: '/api/passkeys.php',
    access: 'member',
    description: "The member's passkeys, and whether they have a password.",
    response: 'passkeysResponse',
  }),
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/passkey-options.php',
    access: 'member',
    description:
      'Options for navigator.credentials: to add a passkey (register), or to confirm a change with one (confirm).',
    body: 'passkeyOptionsRequest',
    response: 'passkeyOptionsResponse',
  }),
  addPasskey: defineRoute({
    method: 'POST',
    path: '/api/passkeys.php',
    access: 'member',
    description: 'Adds the passkey the browser made with the register options; named after the device unless named.',
    body: 'addPasskeyRequest',
    response: 'passkeysResponse',
    errors: ['passkey_refused', 'passkey_taken'],
  }),
  renamePasskey: defineRoute({
    method: 'PATCH',
    path: '/api/passkeys.php',
    access: 'member',
    description: "Renames one of the member's passkeys.",
    body: 'renamePasskeyRequest',
    response: 'passkeysResponse',
    errors: ['not_found'],
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/api/passkeys.php',
    access: 'member',
    description: "Removes one of the member's passkeys; not the last one while they have no password.",
    body: 'passkeyIdBody',
    response: 'passkeysResponse',
    errors: ['not_found', 'last_passkey'],
  }),
  removePassword: defineRoute({
    method: 'DELETE',
    path: '/api/password.php',
    access: 'member',
    description: 'Removes the password of a member with a passkey; a reset by mail sets a new one.',
    body: 'removePasswordRequest',
    response: 'passkeysResponse',
    errors: ['passkey_required'],
  }),
  passkeyLoginOptions: defineRoute({
    method: 'POST',
    path: '/api/passkey-login-options.php',
    access: 'anyone',
    description: 'Options for signing in with a passkey.',
    response: 'passkeyOptionsResponse',
  }),
  passkeyLogin: defineRoute({
    method: 'POST',
    path: '/api/passkey-login.php',
    access: 'anyone',
    description: 'Signs in with the answer to the sign-in options.',
    body: 'passkeyLoginRequest',
    response: 'userResponse',
    errors: ['passkey_refused', 'login_blocked', 'account_deleted', 'account_suspended'],
  }),
};
