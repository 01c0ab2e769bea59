/** A member's account: user.php, signing up, the mailed links (activation, reset, new address), the password, deleting. */
import { defineRoute } from './route.js';

/** A link from a mail that is no more, or whose account is being deleted. */
const LINK_REFUSALS = ['link_invalid', 'account_deleted'] as const;

export const accountRoutes = {
  /** The member signed in, or null for a visitor. */
  user: defineRoute({ method: 'GET', path: '/api/user.php', access: 'anyone', response: 'userResponse' }),
  setLanguage: defineRoute({
    method: 'PUT',
    path: '/api/user.php',
    access: 'member',
    body: 'languageRequest',
    response: 'userResponse',
  }),
  signup: defineRoute({
    method: 'POST',
    path: '/api/signup.php',
    access: 'anyone',
    body: 'signupRequest',
    response: 'userResponse',
    errors: ['signup_closed'],
  }),
  resendActivation: defineRoute({
    method: 'POST',
    path: '/api/activation-mail.php',
    access: 'member',
    response: 'okResponse',
    errors: ['already_activated'],
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/reset-password.php',
    access: 'anyone',
    body: 'resetRequest',
    response: 'okResponse',
    errors: ['reset_limit'],
  }),
  checkResetLink: defineRoute({
    method: 'GET',
    path: '/api/reset-password-do.php',
    access: 'anyone',
    query: 'tokenRequest',
    response: 'okResponse',
    errors: LINK_REFUSALS,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/reset-password-do.php',
    access: 'anyone',
    body: 'resetDoRequest',
    response: 'userResponse',
    errors: [...LINK_REFUSALS, 'account_suspended'],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/password.php',
    access: 'member',
    body: 'passwordChangeRequest',
    response: 'okResponse',
  }),
  requestMailChange: defineRoute({
    method: 'POST',
    path: '/api/mail-change.php',
    access: 'member',
    body: 'mailChangeRequest',
    response: 'userResponse',
    errors: ['passkey_refused'],
  }),
  confirmMailChange: defineRoute({
    method: 'POST',
    path: '/api/mail-change-do.php',
    access: 'anyone',
    body: 'tokenRequest',
    response: 'okResponse',
    errors: [...LINK_REFUSALS, 'mail_change_duplicate'],
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/api/delete-account.php',
    access: 'member',
    body: 'deleteAccountRequest',
    response: 'deleteAccountResponse',
    errors: ['passkey_refused'],
  }),
  reactivate: defineRoute({
    method: 'POST',
    path: '/api/reactivate.php',
    access: 'anyone',
    body: 'tokenRequest',
    response: 'userResponse',
    errors: ['link_invalid', 'account_suspended'],
  }),
};
