export const STATIC_PAGE_SLUGS = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export function isStaticPageSlug(value: string | undefined): value is StaticPageSlug {
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(value ?? '');
}
