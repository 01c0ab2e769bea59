/** A member's sessions: logging in with a password, logging out, where they are signed in, the new-device mail's link. */
import { defineRoute } from './route.js';

export const sessionRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/user.php',
    access: 'anyone',
    description: "Logs in; with ?push=1 it stores the browser's push subscription ({ subscription }) instead.",
    query: 'pushQuery',
    body: 'loginRequest',
    response: 'userResponse',
    // The push subscription needs a member's session.
    errors: ['login_failed', 'login_blocked', 'account_deleted', 'authentication_required'],
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
    description: 'Where the member is signed in: each open session.',
    response: 'sessionsResponse',
  }),
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/api/sessions.php',
    access: 'member',
    description: 'Signs the member out on every other device.',
    response: 'sessionsEndedResponse',
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/session.php',
    access: 'member',
    description: "Signs one of the member's sessions out ({ id } from sessions.php).",
    body: 'sessionIdBody',
    response: 'okResponse',
    errors: ['not_found'],
  }),
  signInByLink: defineRoute({
    method: 'GET',
    path: '/api/session-end.php',
    access: 'anyone',
    description: 'The sign-in a new-device mail told of ({ token } from its link), before it is ended.',
    query: 'tokenRequest',
    response: 'signInSeenResponse',
    errors: ['link_invalid'],
  }),
  endSessionByLink: defineRoute({
    method: 'POST',
    path: '/api/session-end.php',
    access: 'anyone',
    description: '"This wasn\'t me": ends the session a new-device mail told of; no session needed.',
    body: 'tokenRequest',
    response: 'okResponse',
    errors: ['link_invalid'],
  }),
};
