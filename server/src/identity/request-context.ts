/**
 * Per-request context: the site (by host, or settings.php's forced domain), the locale,
 * the signed-in member, and the client-header check that guards every state change.
 */
import {
  DEFAULT_LOCALE,
  DEVICE_COOKIE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  type Locale,
  SESSION_COOKIE,
  TRAFFIC_SOURCE_COOKIE,
  TRAFFIC_SOURCE_DAYS,
} from '@amora/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestContext } from '../platform/context.js';
import type { UserRow } from '../platform/db/schema.js';
import { DomainError } from '../platform/errors.js';
import { needsClientHeader, sentByClient } from '../platform/http/client-header.js';
import { type Site, siteOrigin } from '../platform/site.js';
import { assertSignedInWhereRequired, decorateMember } from './member.js';
import type { SessionClient } from './sessions/devices.js';

const DEVICE_MARK = /^[A-Za-z0-9_-]{43}$/;

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    locale: Locale;
    sessionToken: string | null;
    /** The account the session cookie names, as read with the session. */
    sessionUser: UserRow | null;
    /** The traffic source the visitor first came with (settings.php's ?network=, then a cookie). */
    trafficSource: string | undefined;
  }
}

const linkOrigins = new WeakMap<FastifyRequest, string>();

/**
 * Cookies are Secure when the site is reached over https: by PUBLIC_URL, or by the request itself
 * (a TLS proxy not named in TRUST_PROXY makes every request look like http).
 */
export function secureCookies(request: FastifyRequest): boolean {
  return request.protocol === 'https' || (linkOrigins.get(request)?.startsWith('https:') ?? false);
}

/**
 * The origin the visitor's browser sent the request to: its scheme as the cookies take it (above)
 * and its Host (a trusted proxy's X-Forwarded-Host), the port included.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${secureCookies(request) ? 'https' : 'http'}://${request.host}`;
}

export function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    sameSite: 'lax',
    secure: secureCookies(request),
    maxAge: LOCALE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/** A source as the tracking fields take it: printable, at most 100 characters. */
const TRAFFIC_SOURCE = /^[\p{L}\p{N}._~-]{1,100}$/u;

/**
 * The visitor's traffic source: the cookie of an earlier visit, or the ?network= of the page the
 * visitor entered by (an app or lander page has it in its own query; settings.php gets the app's), kept in
 * the cookie from then on. The first one stays.
 */
function rememberTrafficSource(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const kept = request.cookies[TRAFFIC_SOURCE_COOKIE];
  if (kept && TRAFFIC_SOURCE.test(kept)) return kept;
  const network = isEntryRoute(request) ? (request.query as Record<string, unknown> | undefined)?.network : undefined;
  if (typeof network !== 'string' || !TRAFFIC_SOURCE.test(network)) return undefined;
  reply.setCookie(TRAFFIC_SOURCE_COOKIE, network, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    maxAge: TRAFFIC_SOURCE_DAYS * 24 * 60 * 60,
  });
  return network;
}

/** The browser a request came from, as a session keeps it (request.ip believes only trusted proxies). */
export function sessionClient(request: FastifyRequest): SessionClient {
  const device = request.cookies[DEVICE_COOKIE];
  return {
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
    // Ours are 43 characters; anything else was not made here and marks no device.
    device: device && DEVICE_MARK.test(device) ? device : null,
  };
}

export function requestContext(request: FastifyRequest): RequestContext {
  const origin = linkOrigins.get(request);
  if (origin === undefined) throw new Error('requestContext() outside an API route');
  return { site: request.site, locale: request.locale, origin };
}

/** The route the request was matched to, decided on the routed path, never on the raw URL string. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '';
/** Calls and photo files belong to a site and may have a member asking. */
// The web manifest names the site, and an entry page (the app's, a lander's) carries the site's data, so they are the site's too.
const isSiteRoute = (request: FastifyRequest) =>
  /^\/(api|media)\//.test(routeOf(request)) || routeOf(request) === '/manifest.webmanifest' || isEntryPage(request);
const isSettingsRoute = (request: FastifyRequest) => routeOf(request) === '/api/settings.php';
const isEntryPage = (request: FastifyRequest) => request.routeOptions.config?.entryPage === true;
/** Where a visitor enters: a page of the app or a lander, or the app's settings.php call. */
const isEntryRoute = (request: FastifyRequest) => isSettingsRoute(request) || isEntryPage(request);

/** What a forced domain may be; anything else is left to settings.php's schema to refuse (422). */
const HOST_NAME = /^[\w.-]{1,253}$/;

function requestedDomain(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  const forced = isSettingsRoute(request) && typeof query?.domain === 'string' ? query.domain : '';
  return (HOST_NAME.test(forced) ? forced : request.hostname).toLowerCase();
}

async function requestContextPlugin(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const { services } = app;
  const publicOrigin = new URL(publicUrl);
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('trafficSource', undefined);
  decorateMember(app);

  // Answers carry personal data (a session's user, profiles, likes): no browser or proxy may keep
  // them unless a route says otherwise (the web app's files do).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isSiteRoute(request)) return;
    const domain = requestedDomain(request);
    const site = await services.sites.findByDomain(domain);
    // An entry page still answers, without the site's data: the page shows the failure itself.
    if (!site && isEntryPage(request)) return;
    if (!site) throw new DomainError('site_not_found');
    request.site = site;
    linkOrigins.set(request, siteOrigin(publicOrigin, domain));

    const cookieLocale = request.cookies[LOCALE_COOKIE];
    if (isLocale(cookieLocale)) {
      request.locale = cookieLocale;
    } else {
      const fromDomain = services.sites.siteLocale(site);
      request.locale = fromDomain ?? DEFAULT_LOCALE;
      if (fromDomain && isEntryRoute(request)) setLocaleCookie(request, reply, fromDomain);
    }
    request.trafficSource = rememberTrafficSource(request, reply);
    // Checked once the language is known, so the refusal is in the visitor's language.
    if (needsClientHeader(request.method, request.routeOptions.config) && !sentByClient(request))
      throw new DomainError('request_type_missing');

    const token = request.routeOptions.config?.sessionless ? undefined : request.cookies[SESSION_COOKIE];
    if (token) {
      const user = await services.sessions.userBySession(site, token, sessionClient(request));
      request.sessionUser = user;
      request.viewer = await services.accounts.memberOf(user);
      request.sessionToken = user ? token : null;
    }
    assertSignedInWhereRequired(request);
  });
}

export const requestContextHooks = fp(requestContextPlugin, { name: 'request-context' });
