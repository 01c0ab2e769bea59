/**
 * The paths the web app answers, as react-router patterns (`:id` one segment, `:id?` an optional
 * one). The server answers any other path with the app's not-found page and status 404;
 * web/src/app/router.test.ts keeps this list and the router the same.
 */
export const WEB_PATHS = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/reset-password/do',
  '/activate/done',
  '/activate/error',
  '/mail-change/do',
  '/sessions/end',
  '/members',
  '/members/:id',
  '/likes/m/:id',
  '/pages/:page',
  // SPEC §1's {token} pages: a static page's own short address (/terms, /faq), as mails and ads link it.
  '/:token',
  '/pricing',
  '/complaints',
  '/appeal/:token',
  '/lang-config',
  '/notifications',
  '/notifications/delete-account',
  '/chats',
  '/likes',
  '/likes/:type',
  '/swipe-game',
  '/match-finder',
  '/profile',
  '/complete-signup',
  '/signup-matches',
  '/credits',
  '/premium',
  '/credits/repeat-order',
  '/directdebit',
  '/credits/:id/:paymentmethod?',
  '/transactions',
  '/transactions/:id',
  '/chats/:id',
  '/members/:id/chat',
  '/staff',
  '/staff/inbox',
  '/staff/dashboard',
  '/staff/conversations/:id',
  '/staff/profiles',
  '/staff/profiles/:id',
  '/staff/photos',
  '/staff/cases',
  '/staff/members',
  '/staff/members/:id',
  '/staff/payments',
  '/staff/bundles',
  '/staff/discounts',
  '/staff/sites',
  '/staff/sites/:id',
  '/staff/team',
  '/staff/log',
  '/staff/sessions',
  '/staff/invitation',
  '/account-deleted',
  '/sandbox/checkout/:id',
  '/unsubscribe',
] as const;

/** The lander designs of SPEC §2, at /landers/{design}/{slug?} (tinderswipe takes no slug). */
export const LANDER_DESIGNS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderDesign = (typeof LANDER_DESIGNS)[number] | 'tinderswipe';

/**
 * Landers are a page of their own (web/landers.html): light enough for ad traffic on a phone, so
 * they do not load the app. The server answers these paths with it.
 */
export const LANDER_PATHS = [
  '/landers/tinderswipe',
  '/landers/:design/:slug?',
  '/members/:id/landing',
  '/members/:id/signup',
  '/members/:id/landing2/:slug?',
  '/members/:id/landing3/:slug?',
] as const;

export const STATIC_PAGE_SLUGS = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export function isStaticPageSlug(value: string | undefined): value is StaticPageSlug {
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(value ?? '');
}

/** The pages every footer links to, the app's and the landers' alike. */
const FOOTER_PAGES: StaticPageSlug[] = ['terms', 'privacy', 'cookies', 'ban', 'faq'];
/** Pages only some markets need: the right of withdrawal in the EU, an Impressum-style service page in German. */
const MARKET_FOOTER_PAGES: Partial<Record<string, StaticPageSlug[]>> = {
  de: ['return-policy', 'service'],
  nl: ['return-policy'],
  fr: ['return-policy'],
  es: ['return-policy'],
  it: ['return-policy'],
  pl: ['return-policy'],
  da: ['return-policy'],
  fi: ['return-policy'],
  sv: ['return-policy'],
};

/** The static pages a footer in `locale` links to, in order. */
export function footerPages(locale: string): StaticPageSlug[] {
  return [...FOOTER_PAGES, ...(MARKET_FOOTER_PAGES[locale] ?? [])];
}

/** Parameters whose values are a closed list: any other value is a page that does not exist. */
const CLOSED_PARAMETERS: Record<string, (value: string) => boolean> = {
  page: isStaticPageSlug,
  token: isStaticPageSlug,
  design: (value) => (LANDER_DESIGNS as readonly string[]).includes(value),
};

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (segments.length > parts.length) return false;
  return parts.every((part, index) => {
    const segment = segments[index];
    if (!part.startsWith(':')) return segment === part;
    if (segment === undefined) return part.endsWith('?');
    const check = CLOSED_PARAMETERS[part.slice(1).replace(/\?$/, '')];
    return check ? check(segment) : true;
  });
}

function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** Whether the web app has a page at this path (without query); a trailing slash is the same path. */
export function isWebPath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return segments !== null && WEB_PATHS.some((pattern) => matches(pattern, segments));
}

/** Whether this path is a lander, served by web/landers.html. */
export function isLanderPath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return segments !== null && LANDER_PATHS.some((pattern) => matches(pattern, segments));
}
