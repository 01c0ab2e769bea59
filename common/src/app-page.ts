/**
 * The web app's page as the server sends it: index.html with the app's first answer in it, so the
 * first screen renders after the page and its scripts, not after settings.php, user.php,
 * companyinfo.php and the catalogues one after the other.
 */
import { FALLBACK_LOCALE, type Locale } from './constants.js';

/**
 * The languages whose texts a page in `locale` needs: its own, and the one missing texts fall back
 * to, unless `locale` has every text (`complete`, see `hasEveryText`).
 */
export const pageLocales = (locale: Locale, { complete }: { complete: boolean }): Locale[] =>
  locale === FALLBACK_LOCALE || complete ? [locale] : [locale, FALLBACK_LOCALE];

type Texts = { readonly [key: string]: unknown };

/** Whether `texts` has a text at every place `reference` has one, so nothing of it falls back. */
export function hasEveryText(texts: Texts, reference: Texts): boolean {
  return Object.entries(reference).every(([key, text]) => {
    const own = texts[key];
    if (text !== null && typeof text === 'object') {
      return own !== null && typeof own === 'object' && hasEveryText(own as Texts, text as Texts);
    }
    return typeof own === 'string' && own !== '';
  });
}

/** How many faces the home page shows: two rows on a phone, one on a wide screen. */
export const HOME_FACES = 6;

/** How many of the first faces the page asks the browser to fetch at once: a phone's two rows. */
export const FACES_PRELOADED = 4;

/** The id of the page's JSON block that carries the first answer. */
export const APP_ANSWER_ELEMENT_ID = 'app-answer';

/**
 * The build's list of each app path's page scripts (web/page-scripts.ts), which the server names in
 * the page's head.
 */
export const PAGE_SCRIPTS_FILE = 'page-scripts.json';

/** The build's render of a visitor's first screen (web/src/render.tsx), in the built web folder. */
export const FIRST_SCREEN_RENDER_FILE = 'render/render.js';
