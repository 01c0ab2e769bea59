/** Credentials: the activation link and its mail, a forgotten password's reset, a change of password or address. */
import { accountRoutes as routes } from '@amora/common/routes';
import { text } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { serve } from '../../platform/http/serve.js';
import { currentUserBody } from '../accounts/routes.js';
import { requestContext, sessionClient } from '../request-context.js';
import { setSessionCookie } from '../sessions/session-cookie.js';

export const credentialsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, credentials } = services;
  const strict = perVisitor(rateLimitScale);

  // A link in a mail, opened by the browser: its answer is a redirect, which the route table does not describe.
  app.get(
    '/api/activate.php',
    {
      schema: {
        querystring: z.object({ token: text().max(200, 'too_long').default('') }),
        response: {
          303: z.undefined().describe('To /activate/done, or to /activate/error for a link that is no more.'),
        },
      },
    },
    async (request, reply) => {
      const activated = request.query.token !== '' && (await credentials.activate(request.query.token));
      return reply.redirect(activated ? '/activate/done' : '/activate/error', 303);
    },
  );

  serve(app, routes.resendActivation, { config: strict(5, 60) }, async (request) => {
    await credentials.resendActivation(requestContext(request), request.member.userId);
    return { ok: true as const };
  });

  serve(app, routes.requestPasswordReset, { config: strict(10, 60) }, async (request) => {
    await credentials.requestPasswordReset(requestContext(request), request.body.email);
    return { ok: true as const };
  });

  serve(app, routes.checkResetLink, async (request) => {
    await credentials.checkResetLink(request.query.token);
    return { ok: true as const };
  });

  serve(app, routes.resetPassword, { config: strict(10, 10) }, async (request, reply) => {
    const { user, session } = await credentials.resetPassword(
      requestContext(request),
      request.body,
      sessionClient(request),
    );
    setSessionCookie(request, reply, session);
    return { user: await accounts.present(user, request.site) };
  });

  serve(app, routes.requestMailChange, { config: strict(10, 60) }, async (request) => {
    const userId = request.member.userId;
    const { email, ...proof } = request.body;
    await credentials.requestMailChange(requestContext(request), userId, email.trim(), proof);
    return currentUserBody(services, request);
  });

  serve(app, routes.confirmMailChange, async (request) => {
    await credentials.confirmMailChange(requestContext(request), request.body.token, request.sessionToken);
    return { ok: true as const };
  });

  serve(app, routes.changePassword, { config: strict(10, 10) }, async (request) => {
    await credentials.changePassword(request.member.userId, request.body, request.sessionToken ?? '');
    return { ok: true as const };
  });
};
