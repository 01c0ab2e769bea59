/** A member's sessions: logging in with a password, logging out, where they are signed in, the new-device mail's link. */
import { defineRoute } from './route.js';

export const sessionRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/user.php',
    access: 'anyone',
    query: 'pushQuery',
    body: 'loginRequest',
    response: 'userResponse',
    // The push subscription needs a member's session.
    errors: ['login_failed', 'login_blocked', 'account_deleted', 'account_suspended', 'authentication_required'],
  }),
  /**
   * The same call as `login`, with ?push=1, as the web app sends it; the server serves both with
   * login's route, which checks this body itself.
   */
  savePushSubscription: defineRoute({
    method: 'POST',
    path: '/api/user.php',
    access: 'member',
    query: 'pushQuery',
    body: 'pushSubscriptionRequest',
    response: 'userResponse',
  }),
  logout: defineRoute({ method: 'GET', path: '/api/logout.php', access: 'anyone', response: 'okResponse' }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/sessions.php',
    access: 'member',
    response: 'sessionsResponse',
  }),
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/api/sessions.php',
    access: 'member',
    response: 'sessionsEndedResponse',
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/session.php',
    access: 'member',
    body: 'sessionIdBody',
    response: 'okResponse',
    errors: ['not_found'],
  }),
  signInByLink: defineRoute({
    method: 'GET',
    path: '/api/session-end.php',
    access: 'anyone',
    query: 'tokenRequest',
    response: 'signInSeenResponse',
    errors: ['link_invalid'],
  }),
  endSessionByLink: defineRoute({
    method: 'POST',
    path: '/api/session-end.php',
    access: 'anyone',
    body: 'tokenRequest',
    response: 'okResponse',
    errors: ['link_invalid'],
  }),
};
