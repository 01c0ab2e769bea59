/**
 * Staff sign-in under /api/staff/: the password, the two-step code, the staff member's own status
 * and sessions. A signed-in staff member needs no particular right for these: the service asks for
 * the session where it needs one (staff_login_required), so their door is `anyone`.
 */
import { defineRoute } from './route.js';

export const staffSessionRoutes = {
  staffLogin: defineRoute({
    method: 'POST',
    path: '/api/staff/login.php',
    access: 'anyone',
    body: 'staffLoginRequest',
    response: 'staffLoginResponse',
    errors: ['login_failed'],
  }),
  twoStep: defineRoute({
    method: 'POST',
    path: '/api/staff/two-step.php',
    access: 'anyone',
    body: 'twoStepRequest',
    response: 'staffResponse',
    errors: ['staff_login_required'],
  }),
  startTwoStepSetup: defineRoute({
    method: 'POST',
    path: '/api/staff/two-step-setup.php',
    access: 'anyone',
    response: 'twoStepSetup',
    errors: ['staff_login_required', 'two_step_on_already'],
  }),
  staffLogout: defineRoute({ method: 'POST', path: '/api/staff/logout.php', access: 'anyone', response: 'okResponse' }),
  /** The staff member signed in, or null. */
  staffMe: defineRoute({ method: 'GET', path: '/api/staff/me.php', access: 'anyone', response: 'staffMeResponse' }),
  setAway: defineRoute({
    method: 'POST',
    path: '/api/staff/status.php',
    access: 'anyone',
    body: 'staffStatusRequest',
    response: 'staffResponse',
    errors: ['staff_login_required', 'forbidden'],
  }),
  staffSessions: defineRoute({
    method: 'GET',
    path: '/api/staff/sessions.php',
    access: 'anyone',
    response: 'staffSessionsResponse',
    errors: ['staff_login_required'],
  }),
  endStaffSession: defineRoute({
    method: 'POST',
    path: '/api/staff/end-session.php',
    access: 'anyone',
    body: 'endStaffSessionRequest',
    response: 'okResponse',
    errors: ['staff_login_required', 'not_found'],
  }),
};
