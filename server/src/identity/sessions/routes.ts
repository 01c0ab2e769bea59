/** Sessions: logging in with a password (user.php), logging out, where the member is signed in, and the new-device mail's link. */
import { sessionRoutes as routes } from '@amora/common/routes';
import { pushSubscriptionRequest } from '@amora/common/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { invalidFields } from '../../platform/http/error-handler.js';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { serve } from '../../platform/http/serve.js';
import { currentUserBody } from '../accounts/routes.js';
import { requestContext, sessionClient } from '../request-context.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

export const sessionsRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, sessions } = services;
  const strict = perVisitor(rateLimitScale);

  // With ?push=1 this is routes.savePushSubscription, whose body is checked below against its own schema.
  serve(
    app,
    routes.login,
    {
      schema: {
        description: "Logs in; with ?push=1 it stores the browser's push subscription ({ subscription }) instead.",
      },
      config: strict(20, 5),
      attachValidation: true,
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

  serve(
    app,
    routes.logout,
    { schema: { description: 'Where the member is signed in: each open session.' }, config: { getChangesState: true } },
    async (request, reply) => {
      if (request.sessionToken) await sessions.logout(request.site, request.sessionToken);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  serve(app, routes.sessions, async (request) => ({
    sessions: await sessions.list(request.member.userId, request.sessionToken ?? ''),
  }));

  serve(
    app,
    routes.endOtherSessions,
    { schema: { description: 'Signs the member out on every other device.' } },
    async (request) => ({
      ok: true as const,
      ended: await sessions.endOtherSessions(request.site, request.member.userId, request.sessionToken ?? ''),
    }),
  );

  serve(
    app,
    routes.endSession,
    { schema: { description: "Signs one of the member's sessions out ({ id } from sessions.php)." } },
    async (request) => {
      await sessions.endSession(request.site, request.member.userId, request.body.id);
      return { ok: true as const };
    },
  );

  serve(
    app,
    routes.signInByLink,
    { schema: { description: 'The sign-in a new-device mail told of ({ token } from its link), before it is ended.' } },
    (request) => sessions.signInByLink(request.site, request.query.token),
  );

  serve(
    app,
    routes.endSessionByLink,
    {
      schema: { description: '"This wasn\'t me": ends the session a new-device mail told of; no session needed.' },
      config: strict(10, 10),
    },
    async (request) => {
      await sessions.endSessionByLink(request.site, request.body.token);
      return { ok: true as const };
    },
  );
};
