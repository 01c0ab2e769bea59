/** Credentials: the activation link and its mail, a forgotten password's reset, a change of password or address. */
import {
  mailChangeRequest,
  okResponse,
  passwordChangeRequest,
  resetDoRequest,
  resetRequest,
  text,
  tokenRequest,
  userResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { currentUserBody } from '../accounts/routes.js';
import { requestContext, sessionClient } from '../request-context.js';
import { setSessionCookie } from '../sessions/session-cookie.js';

/** A link from a mail that is no more, or whose account is being deleted. */
const LINK_REFUSALS = ['link_invalid', 'account_deleted'] as const;

export const credentialsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, credentials } = services;
  const strict = perVisitor(rateLimitScale);

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

  app.post(
    '/api/activation-mail.php',
    {
      schema: { response: { 200: okResponse }, errors: ['already_activated'] },
      config: { ...strict(5, 60), signedIn: true },
    },
    async (request) => {
      await credentials.resendActivation(requestContext(request), request.member.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reset-password.php',
    { schema: { body: resetRequest, response: { 200: okResponse }, errors: ['reset_limit'] }, config: strict(10, 60) },
    async (request) => {
      await credentials.requestPasswordReset(requestContext(request), request.body.email);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/reset-password-do.php',
    { schema: { querystring: tokenRequest, response: { 200: okResponse }, errors: LINK_REFUSALS } },
    async (request) => {
      await credentials.checkResetLink(request.query.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reset-password-do.php',
    {
      schema: { body: resetDoRequest, response: { 200: userResponse }, errors: LINK_REFUSALS },
      config: strict(10, 10),
    },
    async (request, reply) => {
      const { user, session } = await credentials.resetPassword(
        requestContext(request),
        request.body,
        sessionClient(request),
      );
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );

  app.post(
    '/api/mail-change.php',
    {
      schema: { body: mailChangeRequest, response: { 200: userResponse }, errors: ['passkey_refused'] },
      config: { ...strict(10, 60), signedIn: true },
    },
    async (request) => {
      const userId = request.member.userId;
      const { email, ...proof } = request.body;
      await credentials.requestMailChange(requestContext(request), userId, email.trim(), proof);
      return currentUserBody(services, request);
    },
  );

  app.post(
    '/api/mail-change-do.php',
    {
      schema: {
        body: tokenRequest,
        response: { 200: okResponse },
        errors: [...LINK_REFUSALS, 'mail_change_duplicate'],
      },
    },
    async (request) => {
      await credentials.confirmMailChange(requestContext(request), request.body.token, request.sessionToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password.php',
    {
      schema: { body: passwordChangeRequest, response: { 200: okResponse } },
      config: { ...strict(10, 10), signedIn: true },
    },
    async (request) => {
      await credentials.changePassword(request.member.userId, request.body, request.sessionToken ?? '');
      return { ok: true as const };
    },
  );
};
