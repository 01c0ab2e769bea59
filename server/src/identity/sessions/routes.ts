/** Sessions: logging in with a password (user.php), logging out, where the member is signed in, and the new-device mail's link. */
import {
  loginRequest,
  okResponse,
  pushQuery,
  pushSubscriptionRequest,
  sessionIdBody,
  sessionsEndedResponse,
  sessionsResponse,
  signInSeenResponse,
  tokenRequest,
  userResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidFields } from '../../platform/http/error-handler.js';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { currentUserBody } from '../accounts/routes.js';
import { requestContext, sessionClient } from '../request-context.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

export const sessionsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, sessions } = services;
  const strict = perVisitor(rateLimitScale);

  app.post(
    '/api/user.php',
    {
      schema: {
        description: "Logs in; with ?push=1 it stores the browser's push subscription ({ subscription }) instead.",
        querystring: pushQuery,
        body: loginRequest,
        response: { 200: userResponse },
        // The push subscription needs a member's session.
        errors: ['login_failed', 'login_blocked', 'account_deleted', 'authentication_required'],
      },
      // The push subscription's body is checked below, against its own schema.
      attachValidation: true,
      config: strict(20, 5),
    },
    async (request, reply) => {
      if ((request.query as { push?: string }).push === '1') {
        const parsed = pushSubscriptionRequest.safeParse(request.body);
        if (!parsed.success) throw invalidFields(parsed.error);
        await services.notifications.setPushSubscription(request.member.userId, parsed.data.subscription);
        return currentUserBody(services, request);
      }
      if (request.validationError) throw request.validationError;
      const { user, session } = await sessions.login(
        requestContext(request),
        request.body.email,
        request.body.password,
        sessionClient(request),
      );
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );

  app.get(
    '/api/logout.php',
    { schema: { response: { 200: okResponse } }, config: { getChangesState: true } },
    async (request, reply) => {
      if (request.sessionToken) await sessions.logout(request.site, request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/sessions.php',
    {
      schema: { description: 'Where the member is signed in: each open session.', response: { 200: sessionsResponse } },
      config: { signedIn: true },
    },
    async (request) => ({
      sessions: await sessions.list(request.member.userId, request.sessionToken ?? ''),
    }),
  );

  app.delete(
    '/api/sessions.php',
    {
      schema: {
        description: 'Signs the member out on every other device.',
        response: { 200: sessionsEndedResponse },
      },
      config: { signedIn: true },
    },
    async (request) => ({
      ok: true as const,
      ended: await sessions.endOtherSessions(request.site, request.member.userId, request.sessionToken ?? ''),
    }),
  );

  app.delete(
    '/api/session.php',
    {
      schema: {
        description: "Signs one of the member's sessions out ({ id } from sessions.php).",
        body: sessionIdBody,
        response: { 200: okResponse },
        errors: ['not_found'],
      },
      config: { signedIn: true },
    },
    async (request) => {
      await sessions.endSession(request.site, request.member.userId, request.body.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/session-end.php',
    {
      schema: {
        description: 'The sign-in a new-device mail told of ({ token } from its link), before it is ended.',
        querystring: tokenRequest,
        response: { 200: signInSeenResponse },
        errors: ['link_invalid'],
      },
    },
    async (request) => sessions.signInByLink(request.site, request.query.token),
  );

  app.post(
    '/api/session-end.php',
    {
      schema: {
        description: '"This wasn\'t me": ends the session a new-device mail told of; no session needed.',
        body: tokenRequest,
        response: { 200: okResponse },
        errors: ['link_invalid'],
      },
      config: strict(10, 10),
    },
    async (request) => {
      await sessions.endSessionByLink(request.site, request.body.token);
      return { ok: true as const };
    },
  );
};
