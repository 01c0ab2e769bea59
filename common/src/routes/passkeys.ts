/** Passkeys: adding, naming and removing them in settings, signing in with one, and dropping the password. */
import { defineRoute } from './route.js';

export const passkeyRoutes = {
  passkeys: defineRoute({
    method: 'GET',
    path: '/api/passkeys.php',
    access: 'member',
    response: 'passkeysResponse',
  }),
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/passkey-options.php',
    access: 'member',
    body: 'passkeyOptionsRequest',
    response: 'passkeyOptionsResponse',
  }),
  addPasskey: defineRoute({
    method: 'POST',
    path: '/api/passkeys.php',
    access: 'member',
    body: 'addPasskeyRequest',
    response: 'passkeysResponse',
    errors: ['passkey_refused', 'passkey_taken'],
  }),
  renamePasskey: defineRoute({
    method: 'PATCH',
    path: '/api/passkeys.php',
    access: 'member',
    body: 'renamePasskeyRequest',
    response: 'passkeysResponse',
    errors: ['not_found'],
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/api/passkeys.php',
    access: 'member',
    body: 'passkeyIdBody',
    response: 'passkeysResponse',
    errors: ['not_found', 'last_passkey'],
  }),
  removePassword: defineRoute({
    method: 'DELETE',
    path: '/api/password.php',
    access: 'member',
    body: 'removePasswordRequest',
    response: 'passkeysResponse',
    errors: ['passkey_required'],
  }),
  passkeyLoginOptions: defineRoute({
    method: 'POST',
    path: '/api/passkey-login-options.php',
    access: 'anyone',
    response: 'passkeyOptionsResponse',
  }),
  passkeyLogin: defineRoute({
    method: 'POST',
    path: '/api/passkey-login.php',
    access: 'anyone',
    body: 'passkeyLoginRequest',
    response: 'userResponse',
    errors: ['passkey_refused', 'login_blocked', 'account_deleted', 'account_suspended'],
  }),
};
