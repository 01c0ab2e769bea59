/** Passkeys: adding, naming and removing them in settings, signing in with one, and dropping the password. */
import {
  addPasskeyRequest,
  passkeyIdBody,
  passkeyLoginRequest,
  passkeyOptionsRequest,
  passkeyOptionsResponse,
  passkeysResponse,
  removePasswordRequest,
  renamePasskeyRequest,
  userResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perVisitor } from '../../platform/http/rate-limits.js';
import { requestContext, sessionClient } from '../request-context.js';
import { setSessionCookie } from '../sessions/session-cookie.js';

export const passkeyRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const { accounts, credentials, passkeys, sessions } = services;
  const strict = perVisitor(rateLimitScale);

  const passkeysOf = async (userId: number) => ({
    passkeys: await passkeys.list(userId),
    has_password: await credentials.hasPassword(userId),
  });

  app.get(
    '/api/passkeys.php',
    {
      schema: {
        description: "The member's passkeys, and whether they have a password.",
        response: { 200: passkeysResponse },
      },
      config: { signedIn: true },
    },
    async (request) => passkeysOf(request.member.userId),
  );

  app.post(
    '/api/passkey-options.php',
    {
      schema: {
        description:
          'Options for navigator.credentials: to add a passkey (register), or to confirm a change with one (confirm).',
        body: passkeyOptionsRequest,
        response: { 200: passkeyOptionsResponse },
      },
      config: { ...strict(30, 5), signedIn: true },
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

  app.post(
    '/api/passkeys.php',
    {
      schema: {
        description:
          'Adds the passkey the browser made with the register options; named after the device unless named.',
        body: addPasskeyRequest,
        response: { 200: passkeysResponse },
        errors: ['passkey_refused', 'passkey_taken'],
      },
      config: { ...strict(30, 5), signedIn: true },
    },
    async (request) => {
      const userId = request.member.userId;
      await passkeys.register(requestContext(request), userId, request.body, sessionClient(request).userAgent);
      return passkeysOf(userId);
    },
  );

  app.patch(
    '/api/passkeys.php',
    {
      schema: {
        description: "Renames one of the member's passkeys.",
        body: renamePasskeyRequest,
        response: { 200: passkeysResponse },
        errors: ['not_found'],
      },
      config: { signedIn: true },
    },
    async (request) => {
      await passkeys.rename(request.member.userId, request.body.id, request.body.name);
      return passkeysOf(request.member.userId);
    },
  );

  app.delete(
    '/api/passkeys.php',
    {
      schema: {
        description: "Removes one of the member's passkeys; not the last one while they have no password.",
        body: passkeyIdBody,
        response: { 200: passkeysResponse },
        errors: ['not_found', 'last_passkey'],
      },
      config: { signedIn: true },
    },
    async (request) => {
      await passkeys.remove(request.member.userId, request.body.id);
      return passkeysOf(request.member.userId);
    },
  );

  app.delete(
    '/api/password.php',
    {
      schema: {
        description: 'Removes the password of a member with a passkey; a reset by mail sets a new one.',
        body: removePasswordRequest,
        response: { 200: passkeysResponse },
        errors: ['passkey_required'],
      },
      config: { ...strict(10, 10), signedIn: true },
    },
    async (request) => {
      await credentials.removePassword(request.member.userId, request.body.password);
      return passkeysOf(request.member.userId);
    },
  );

  app.post(
    '/api/passkey-login-options.php',
    {
      schema: { description: 'Options for signing in with a passkey.', response: { 200: passkeyOptionsResponse } },
      config: strict(20, 5),
    },
    async (request) => ({ options: await passkeys.authenticationOptions(requestContext(request), 'login', null) }),
  );

  app.post(
    '/api/passkey-login.php',
    {
      schema: {
        description: 'Signs in with the answer to the sign-in options.',
        body: passkeyLoginRequest,
        response: { 200: userResponse },
        errors: ['passkey_refused', 'login_blocked', 'account_deleted', 'account_suspended'],
      },
      config: strict(20, 5),
    },
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
