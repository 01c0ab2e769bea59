/**
 * Staff sign-in under /api/staff/: the password, the two-step code, the staff member's own status,
 * language and sessions. Signing in is open to anyone (the two-step calls carry a session half made, which the
 * service reads); a staff member's own status and sessions need a staff session and no right.
 */
import { defineRoute } from './route.js';

export const staffSessionRoutes = {
  staffLogin: defineRoute({
    method: 'POST',
    path: '/api/staff/login.php',
    access: 'anyone',
    body: 'staffLoginRequest',
    response: 'staffLoginResponse',
    errors: ['login_failed', 'two_step_setup_required'],
  }),
  /** An invitation's link: the language of the account it is for, while it may still be used. */
  invitation: defineRoute({
    method: 'GET',
    path: '/api/staff/invitation.php',
    access: 'anyone',
    query: 'staffInvitationQuery',
    response: 'invitationLanguage',
    errors: ['invitation_invalid'],
  }),
  startInvitation: defineRoute({
    method: 'POST',
    path: '/api/staff/invitation.php',
    access: 'anyone',
    body: 'staffInvitationRequest',
    response: 'invitationSetup',
    errors: ['invitation_invalid', 'login_failed'],
  }),
  twoStep: defineRoute({
    method: 'POST',
    path: '/api/staff/two-step.php',
    access: 'anyone',
    body: 'twoStepRequest',
    response: 'twoStepResponse',
    errors: ['staff_login_required', 'invitation_invalid'],
  }),
  mailSetupLink: defineRoute({
    method: 'POST',
    path: '/api/staff/two-step-setup.php',
    access: { staff: 'signed-in' },
    response: 'setupLinkMailed',
    errors: ['two_step_on_already'],
  }),
  staffLogout: defineRoute({ method: 'POST', path: '/api/staff/logout.php', access: 'anyone', response: 'okResponse' }),
  /** The staff member signed in, or null. */
  staffMe: defineRoute({ method: 'GET', path: '/api/staff/me.php', access: 'anyone', response: 'staffMeResponse' }),
  setAway: defineRoute({
    method: 'POST',
    path: '/api/staff/status.php',
    access: { staff: 'signed-in' },
    body: 'staffStatusRequest',
    response: 'staffResponse',
  }),
  /** The staff member's own language: their back office's words, dates and numbers, and their mails. */
  setLanguage: defineRoute({
    method: 'POST',
    path: '/api/staff/language.php',
    access: { staff: 'signed-in' },
    body: 'staffLanguageRequest',
    response: 'staffResponse',
  }),
  staffSessions: defineRoute({
    method: 'GET',
    path: '/api/staff/sessions.php',
    access: { staff: 'signed-in' },
    response: 'staffSessionsResponse',
  }),
  endStaffSession: defineRoute({
    method: 'POST',
    path: '/api/staff/end-session.php',
    access: { staff: 'signed-in' },
    body: 'endStaffSessionRequest',
    response: 'okResponse',
    errors: ['not_found'],
  }),
};
