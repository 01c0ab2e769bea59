/** An account's life: signing up, deleting the account, and reactivating it by the mailed link within the grace. */
import {
  deleteAccountRequest,
  deleteAccountResponse,
  signupRequest,
  tokenRequest,
  userResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { requestContext, sessionClient } from '../request-context.js';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.js';

export const lifecycleRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, lifecycle } = services;
  const strict = perVisitor(rateLimitScale);

  app.post(
    '/api/signup.php',
    {
      schema: { body: signupRequest, response: { 200: userResponse }, errors: ['signup_closed'] },
      config: strict(10, 10),
    },
    async (request, reply) => {
      const { user, session } = await lifecycle.signup(requestContext(request), request.body, sessionClient(request));
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );

  app.post(
    '/api/delete-account.php',
    {
      schema: { body: deleteAccountRequest, response: { 200: deleteAccountResponse }, errors: ['passkey_refused'] },
      config: { ...strict(10, 10), signedIn: true },
    },
    async (request, reply) => {
      const { finalDate } = await lifecycle.deleteAccount(requestContext(request), request.member.userId, request.body);
      clearSessionCookie(reply);
      return { ok: true as const, final_date: finalDate.toISOString() };
    },
  );

  app.post(
    '/api/reactivate.php',
    {
      schema: { body: tokenRequest, response: { 200: userResponse }, errors: ['link_invalid'] },
      config: strict(10, 10),
    },
    async (request, reply) => {
      const { user, session } = await lifecycle.reactivate(
        requestContext(request),
        request.body.token,
        sessionClient(request),
      );
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );
};
