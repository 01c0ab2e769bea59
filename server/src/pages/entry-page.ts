/**
 * The pages a visitor enters by (the web app's and the landers'): built HTML with the page's first
 * answer in a JSON block, so the browser renders after one round trip instead of a chain of calls.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page a visitor enters by: its site and visitor are known as for settings.php. */
    entryPage?: boolean;
  }
}

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The head's requests for the photos the first screen shows, the first one before all else. */
export function photoPreloads(urls: string[]): string {
  return urls
    .map((url, index) => {
      const priority = index === 0 ? ' fetchpriority="high"' : '';
      return `<link rel="preload" as="image" href="${escapeAttribute(url)}"${priority} />`;
    })
    .join('');
}

/** The page's own scripts, fetched beside the app's instead of after them. */
export function scriptPreloads(urls: readonly string[]): string {
  return urls.map((url) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(url)}" />`).join('');
}

/** JSON text made safe inside a script block: nothing in it may close the block or open a comment. */
export const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The built page with the visitor's language on <html>, at the end of its head `headEnd` and the
 * JSON block `id` holding `json` (already script-safe), and in its empty root element `screen`.
 */
export function pageWithAnswer(
  template: string,
  {
    locale,
    id,
    json,
    headEnd = '',
    screen = '',
  }: { locale: string; id: string; json: string; headEnd?: string; screen?: string },
): string {
  const block = `<script type="application/json" id="${id}">${json}</script>`;
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace('</head>', () => `${headEnd}${block}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${screen}</div>`);
}
