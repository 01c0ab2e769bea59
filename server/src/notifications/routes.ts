import { timingSafeEqual } from 'node:crypto';
import type { UnsubscribeQuery } from '@amora/common';
import { notificationRoutes as routes } from '@amora/common/routes';
import { mailEventHeaders } from '@amora/common/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { maskedEmail } from '../identity/credentials/service.js';
import { DomainError } from '../platform/errors.js';
import { perMember, perVisitor } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';
import type { Site } from '../platform/site.js';

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notificationsRoutes: FastifyPluginAsync<{
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

  serve(app, routes.notificationChoices, (request) => choices(request.member.userId, request.site));
  serve(
    app,
    routes.updateNotifications,
    {
      schema: {
        description: 'Changes notification choices per type and channel; mail_on turns notification mail back on.',
      },
      config: limited(60, 1),
    },
    async (request) => {
      await notifications.updatePreferences(request.member.userId, request.body);
      return choices(request.member.userId, request.site);
    },
  );

  const target = async (query: UnsubscribeQuery) => {
    const found = await notifications.unsubscribeTarget(query.u, query.s);
    if (!found) throw new DomainError('unsubscribe_link_invalid');
    return found;
  };

  serve(
    app,
    routes.unsubscribeLink,
    {
      schema: {
        description:
          'Whose notification mail a signed unsubscribe link stops (the address masked), and whether it is off.',
      },
      config: perAddress(60, 1),
    },
    async (request) => {
      const found = await target(request.query);
      return { email: maskedEmail(found.email), mail_off: found.mailOff.length > 0 };
    },
  );

  serve(
    app,
    routes.unsubscribe,
    {
      schema: {
        description: 'One-click unsubscribe (RFC 8058): a signed link stops notification mail, no login needed.',
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

  serve(
    app,
    routes.mailEvent,
    {
      schema: {
        description:
          "The mail provider's webhook: a permanent bounce or a spam complaint about an address turns its " +
          'notification mail off. Needs `Authorization: Bearer <MAIL_EVENTS_TOKEN>`.',
        headers: mailEventHeaders,
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
