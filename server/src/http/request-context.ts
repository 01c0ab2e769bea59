/**
 * Per-request context: the site (by host, or settings.php's forced domain), the locale,
 * the signed-in member, and the client-header check that guards every state change.
 */
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  type Locale,
  REQUEST_TYPE_CLIENT,
  REQUEST_TYPE_HEADER,
  SESSION_COOKIE,
} from '@amora/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestContext } from '../context.js';
import { DomainError } from '../errors.js';
import type { Services } from '../services.js';
import type { Site } from '../sites/service.js';
import { assertSignedInWhereRequired, decorateMember } from './member.js';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    locale: Locale;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** Webhooks from payment providers are called without the client header. */
    withoutClientHeader?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: LOCALE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function requestContext(request: FastifyRequest): RequestContext {
  // Mailed links use the host name that found the site plus a numeric port, never the raw Host
  // header: `site.example:80@evil.example` would otherwise send a reset token to evil.example.
  const port = request.port === null ? '' : `:${request.port}`;
  const origin = `${request.protocol}://${request.hostname.toLowerCase()}${port}`;
  return { site: request.site, locale: request.locale, origin };
}

function requestedDomain(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  const forced = request.url.startsWith('/api/settings.php') && typeof query?.domain === 'string' ? query.domain : '';
  return (forced || request.hostname).toLowerCase();
}

async function requestContextPlugin(app: FastifyInstance, { services }: { services: Services }) {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('sessionToken', null);
  decorateMember(app);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (STATE_CHANGING.has(request.method) && !request.routeOptions.config?.withoutClientHeader) {
      if (request.headers[REQUEST_TYPE_HEADER] !== REQUEST_TYPE_CLIENT) throw new DomainError('request_type_missing');
    }
    const site = await services.sites.findByDomain(requestedDomain(request));
    if (!site) throw new DomainError('site_not_found');
    request.site = site;

    const cookieLocale = request.cookies[LOCALE_COOKIE];
    if (isLocale(cookieLocale)) {
      request.locale = cookieLocale;
    } else {
      const fromDomain = services.sites.siteLocale(site);
      request.locale = fromDomain ?? DEFAULT_LOCALE;
      if (fromDomain && request.url.startsWith('/api/settings.php')) setLocaleCookie(request, reply, fromDomain);
    }

    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const user = await services.accounts.userBySession(site, token);
      request.viewer = await services.accounts.memberOf(user);
      request.sessionToken = user ? token : null;
    }
    assertSignedInWhereRequired(request);
  });
}

export const requestContextHooks = fp(requestContextPlugin, { name: 'request-context' });
