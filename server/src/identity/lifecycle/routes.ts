/** An account's life: signing up, deleting the account, and reactivating it by the mailed link within the grace. */
import { accountRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { serve } from '../../platform/http/serve.js';
import { requestContext, sessionClient } from '../request-context.js';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.js';

export const lifecycleRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, lifecycle } = services;
  const strict = perVisitor(rateLimitScale);

  serve(app, routes.signup, { config: strict(10, 10) }, async (request, reply) => {
    const { user, session } = await lifecycle.signup(requestContext(request), request.body, sessionClient(request));
    setSessionCookie(request, reply, session);
    return { user: await accounts.present(user, request.site) };
  });

  serve(app, routes.deleteAccount, { config: strict(10, 10) }, async (request, reply) => {
    const { finalDate } = await lifecycle.deleteAccount(requestContext(request), request.member.userId, request.body);
    clearSessionCookie(reply);
    return { ok: true as const, final_date: finalDate.toISOString() };
  });

  serve(app, routes.reactivate, { config: strict(10, 10) }, async (request, reply) => {
    const { user, session } = await lifecycle.reactivate(
      requestContext(request),
      request.body.token,
      sessionClient(request),
    );
    setSessionCookie(request, reply, session);
    return { user: await accounts.present(user, request.site) };
  });
};
