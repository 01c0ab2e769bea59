import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, SESSION_COOKIE } from '@amora/common';
import {
  deleteAccountRequest,
  deleteAccountResponse,
  languageRequest,
  loginRequest,
  mailChangeRequest,
  okResponse,
  passwordChangeRequest,
  pushQuery,
  pushSubscriptionRequest,
  resetDoRequest,
  resetRequest,
  sessionIdBody,
  sessionsEndedResponse,
  sessionsResponse,
  signInSeenResponse,
  signupRequest,
  text,
  tokenRequest,
  userResponse,
} from '@amora/common/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext, secureCookies, sessionClient, setLocaleCookie } from '../identity/request-context.js';
import { invalidFields } from '../platform/http/error-handler.js';
import { perVisitor } from '../platform/http/rate-limits.js';
import type { Session } from './service.js';

/** A link from a mail that is no more, or whose account is being deleted. */
const LINK_REFUSALS = ['link_invalid', 'account_deleted'] as const;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: Session) {
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookie, expires: session.expires });
  reply.setCookie(DEVICE_COOKIE, session.device, { ...cookie, maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 });
}

export const accountsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts } = services;
  const strict = perVisitor(rateLimitScale);

  const userBody = async (request: FastifyRequest) => ({
    user: request.viewer ? await accounts.currentUser(request.viewer.userId, request.site) : null,
  });

  app.get('/api/user.php', { schema: { response: { 200: userResponse } } }, async (request) => ({
    user: await accounts.presentActive(request.sessionUser, request.site),
  }));

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
        return userBody(request);
      }
      if (request.validationError) throw request.validationError;
      const { user, session } = await accounts.login(
        requestContext(request),
        request.body.email,
        request.body.password,
        sessionClient(request),
      );
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );

  app.put(
    '/api/user.php',
    { schema: { body: languageRequest, response: { 200: userResponse } }, config: { signedIn: true } },
    async (request, reply) => {
      const userId = request.member.userId;
      await accounts.setLanguage(userId, request.body.language);
      setLocaleCookie(request, reply, request.body.language);
      return userBody(request);
    },
  );

  app.get(
    '/api/logout.php',
    { schema: { response: { 200: okResponse } }, config: { getChangesState: true } },
    async (request, reply) => {
      if (request.sessionToken) await accounts.logout(request.site, request.sessionToken);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/signup.php',
    {
      schema: { body: signupRequest, response: { 200: userResponse }, errors: ['signup_closed'] },
      config: strict(10, 10),
    },
    async (request, reply) => {
      const { user, session } = await accounts.signup(requestContext(request), request.body, sessionClient(request));
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );

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
      const activated = request.query.token !== '' && (await accounts.activate(request.query.token));
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
      await accounts.resendActivation(requestContext(request), request.member.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reset-password.php',
    { schema: { body: resetRequest, response: { 200: okResponse }, errors: ['reset_limit'] }, config: strict(10, 60) },
    async (request) => {
      await accounts.requestPasswordReset(requestContext(request), request.body.email);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/reset-password-do.php',
    { schema: { querystring: tokenRequest, response: { 200: okResponse }, errors: LINK_REFUSALS } },
    async (request) => {
      await accounts.checkResetLink(request.query.token);
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
      const { user, session } = await accounts.resetPassword(
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
      await accounts.requestMailChange(requestContext(request), userId, email.trim(), proof);
      return userBody(request);
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
      await accounts.confirmMailChange(requestContext(request), request.body.token, request.sessionToken);
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
      await accounts.changePassword(request.member.userId, request.body, request.sessionToken ?? '');
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
      sessions: await accounts.sessions(request.member.userId, request.sessionToken ?? ''),
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
      ended: await accounts.endOtherSessions(request.site, request.member.userId, request.sessionToken ?? ''),
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
      await accounts.endSession(request.site, request.member.userId, request.body.id);
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
    async (request) => accounts.signInByLink(request.site, request.query.token),
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
      await accounts.endSessionByLink(request.site, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/delete-account.php',
    {
      schema: { body: deleteAccountRequest, response: { 200: deleteAccountResponse }, errors: ['passkey_refused'] },
      config: { ...strict(10, 10), signedIn: true },
    },
    async (request, reply) => {
      const { finalDate } = await accounts.deleteAccount(requestContext(request), request.member.userId, request.body);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
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
      const { user, session } = await accounts.reactivate(
        requestContext(request),
        request.body.token,
        sessionClient(request),
      );
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );
};
