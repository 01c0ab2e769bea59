/** Passkeys: adding, naming and removing them in settings, signing in with one, and dropping the password. */
import { passkeyRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { serve } from '../../platform/http/serve.js';
import { requestContext, sessionClient } from '../request-context.js';
import { setSessionCookie } from '../sessions/session-cookie.js';

export const passkeyRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, credentials, passkeys, sessions } = services;
  const strict = perVisitor(rateLimitScale);

  const passkeysOf = async (userId: number) => ({
    passkeys: await passkeys.list(userId),
    has_password: await credentials.hasPassword(userId),
  });

  serve(
    app,
    routes.passkeys,
    { schema: { description: "The member's passkeys, and whether they have a password." } },
    (request) => passkeysOf(request.member.userId),
  );

  serve(
    app,
    routes.passkeyOptions,
    {
      schema: {
        description:
          'Options for navigator.credentials: to add a passkey (register), or to confirm a change with one (confirm).',
      },
      config: strict(30, 5),
    },
    async (request) => {
      const ctx = requestContext(request);
      const { userId, email } = request.member;
      if (request.body.purpose === 'confirm') {
        return { options: await passkeys.authenticationOptions(ctx, 'confirm', userId) };
      }
      const { name } = await services.members.ownProfile(userId);
      return { options: await passkeys.registrationOptions(ctx, { userId, email, name }) };
    },
  );

  serve(
    app,
    routes.addPasskey,
    {
      schema: {
        description:
          'Adds the passkey the browser made with the register options; named after the device unless named.',
      },
      config: strict(30, 5),
    },
    async (request) => {
      const userId = request.member.userId;
      await passkeys.register(requestContext(request), userId, request.body, sessionClient(request).userAgent);
      return passkeysOf(userId);
    },
  );

  serve(
    app,
    routes.renamePasskey,
    { schema: { description: "Renames one of the member's passkeys." } },
    async (request) => {
      await passkeys.rename(request.member.userId, request.body.id, request.body.name);
      return passkeysOf(request.member.userId);
    },
  );

  serve(
    app,
    routes.removePasskey,
    { schema: { description: "Removes one of the member's passkeys; not the last one while they have no password." } },
    async (request) => {
      await passkeys.remove(request.member.userId, request.body.id);
      return passkeysOf(request.member.userId);
    },
  );

  serve(
    app,
    routes.removePassword,
    {
      schema: { description: 'Removes the password of a member with a passkey; a reset by mail sets a new one.' },
      config: strict(10, 10),
    },
    async (request) => {
      await credentials.removePassword(request.member.userId, request.body.password);
      return passkeysOf(request.member.userId);
    },
  );

  serve(
    app,
    routes.passkeyLoginOptions,
    { schema: { description: 'Options for signing in with a passkey.' }, config: strict(20, 5) },
    async (request) => ({
      options: await passkeys.authenticationOptions(requestContext(request), 'login', null),
    }),
  );

  serve(
    app,
    routes.passkeyLogin,
    { schema: { description: 'Signs in with the answer to the sign-in options.' }, config: strict(20, 5) },
    async (request, reply) => {
      const { user, session } = await sessions.loginWithPasskey(
        requestContext(request),
        request.body.credential,
        sessionClient(request),
      );
      setSessionCookie(request, reply, session);
      return { user: await accounts.present(user, request.site) };
    },
  );
};
