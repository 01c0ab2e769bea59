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
  '/members',
  '/members/:id',
  '/likes/m/:id',
  '/pages/:page',
  '/pricing',
  '/notifications',
  '/notifications/delete-account',
  '/chats',
  '/likes',
  '/likes/:type',
  '/swipe-game',
  '/match-finder',
  '/profile',
  '/complete-signup',
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
  '/staff/conversations/:id',
  '/account-deleted',
  '/sandbox/checkout/:id',
  '/unsubscribe',
] as const;

export const STATIC_PAGE_SLUGS = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export function isStaticPageSlug(value: string | undefined): value is StaticPageSlug {
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(value ?? '');
}

/** Parameters whose values are a closed list: any other value is a page that does not exist. */
const CLOSED_PARAMETERS: Record<string, (value: string) => boolean> = {
  page: isStaticPageSlug,
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

/** Whether the web app has a page at this path (without query); a trailing slash is the same path. */
export function isWebPath(pathname: string): boolean {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  return WEB_PATHS.some((pattern) => matches(pattern, segments));
}
