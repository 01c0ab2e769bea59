import { timingSafeEqual } from 'node:crypto';
import {
  mailEventRequest,
  notificationsResponse,
  notificationsUpdate,
  okResponse,
  unsubscribeQuery,
  unsubscribeResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maskedEmail } from '../identity/credentials/service.js';
import { DomainError } from '../platform/errors.js';
import { perMember, perVisitor } from '../platform/http/rate-limits.js';
import type { Site } from '../platform/site.js';

const signedIn = { signedIn: true };

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notificationsRoutes: FastifyPluginAsyncZod<{
  rateLimitScale: number;
  mailEventsToken: string | null;
}> = async (app, { rateLimitScale, mailEventsToken }) => {
  const { services } = app;
  const { notifications } = services;
  const perAddress = perVisitor(rateLimitScale);
  const limited = perMember(rateLimitScale);

  // RFC 8058: mail clients post "List-Unsubscribe=One-Click" as a form (or multipart); its content says nothing more.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  const choices = async (userId: number, site: Site) => {
    const [preferences, user] = await Promise.all([
      notifications.preferences(userId),
      services.accounts.currentUser(userId, site),
    ]);
    return { preferences, notifications_disabled: user?.notifications_disabled ?? [] };
  };

  app.get(
    '/api/notifications.php',
    { schema: { response: { 200: notificationsResponse } }, config: signedIn },
    async (request) => choices(request.member.userId, request.site),
  );

  app.put(
    '/api/notifications.php',
    {
      schema: {
        description: 'Changes notification choices per type and channel; mail_on turns notification mail back on.',
        body: notificationsUpdate,
        response: { 200: notificationsResponse },
      },
      config: { ...signedIn, ...limited(60, 1) },
    },
    async (request) => {
      await notifications.updatePreferences(request.member.userId, request.body);
      return choices(request.member.userId, request.site);
    },
  );

  const target = async (query: z.infer<typeof unsubscribeQuery>) => {
    const found = await notifications.unsubscribeTarget(query.u, query.s);
    if (!found) throw new DomainError('unsubscribe_link_invalid');
    return found;
  };

  app.get(
    '/api/unsubscribe.php',
    {
      schema: {
        description:
          'Whose notification mail a signed unsubscribe link stops (the address masked), and whether it is off.',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeResponse },
        errors: ['unsubscribe_link_invalid'],
      },
      config: perAddress(60, 1),
    },
    async (request) => {
      const found = await target(request.query);
      return { email: maskedEmail(found.email), mail_off: found.mailOff.length > 0 };
    },
  );

  app.post(
    '/api/unsubscribe.php',
    {
      schema: {
        description: 'One-click unsubscribe (RFC 8058): a signed link stops notification mail, no login needed.',
        querystring: unsubscribeQuery,
        response: { 200: okResponse },
        errors: ['unsubscribe_link_invalid'],
      },
      // Mail clients post here without the web app's header; the signature is what counts.
      config: { withoutClientHeader: true, ...perAddress(60, 1) },
    },
    async (request) => {
      const found = await target(request.query);
      await notifications.unsubscribe(found.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/mail-events.php',
    {
      schema: {
        description:
          "The mail provider's webhook: a permanent bounce or a spam complaint about an address turns its " +
          'notification mail off. Needs `Authorization: Bearer <MAIL_EVENTS_TOKEN>`.',
        body: mailEventRequest,
        headers: z.object({ authorization: z.string().max(300).optional() }),
        response: { 200: okResponse.extend({ accounts: z.number() }) },
        // not_found while no MAIL_EVENTS_TOKEN is set; forbidden for another token.
        errors: ['not_found', 'forbidden'],
      },
      config: { withoutClientHeader: true, ...perAddress(600, 1) },
      // Before the body is even read: a caller without the token learns nothing, not even what we expect.
      onRequest: async (request) => {
        if (!mailEventsToken) throw new DomainError('not_found');
        const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if (!sameSecret(given, mailEventsToken)) throw new DomainError('forbidden');
      },
    },
    async (request) => {
      const { type, email, permanent } = request.body;
      if (type === 'bounce' && !permanent) return { ok: true as const, accounts: 0 };
      const accounts = await notifications.mailEvent(email, type === 'bounce' ? 'bounce' : 'fbl');
      return { ok: true as const, accounts };
    },
  );
};
