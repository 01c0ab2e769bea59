/**
 * The web app's page as the server sends it: index.html with the app's first answer in it, so the
 * first screen renders after the page and its scripts, not after settings.php, user.php,
 * companyinfo.php and the catalogues one after the other.
 */
import { z } from 'zod';
import { FALLBACK_LOCALE, type Locale } from './constants.js';
import { localeField, user } from './schemas/accounts.js';
import { searchResponse } from './schemas/members.js';
import { companyInfo, settings } from './schemas/sites.js';

/** The catalogues (common/locales/{locale}/{namespace}.json) the web app's screens use. */
export const WEB_NAMESPACES = [
  'app',
  'errors',
  'pages',
  'members',
  'likes',
  'chat',
  'credits',
  'notifications',
] as const;
export type WebNamespace = (typeof WEB_NAMESPACES)[number];

/** The languages whose texts a page in `locale` needs: its own, and the one missing texts fall back to. */
export const pageLocales = (locale: Locale): Locale[] =>
  locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];

const catalogue = z.record(z.string(), z.unknown());

/** How many of the home page's faces the page asks the browser to fetch at once: a phone's two rows. */
export const HOME_FACES_PRELOADED = 4;

/**
 * settings.php's, user.php's and companyinfo.php's answers for this visitor, the web catalogues
 * of each of `pageLocales(locale)` and, on the home page, members.php's answer to its search
 * (`faces`; absent where this visitor may not search).
 */
export const appFirstAnswer = z.object({
  locale: localeField,
  settings,
  user: user.nullable(),
  company: companyInfo,
  catalogues: z.partialRecord(localeField, z.record(z.enum(WEB_NAMESPACES), catalogue)),
  faces: searchResponse.optional(),
});
export type AppFirstAnswer = z.infer<typeof appFirstAnswer>;

/** The id of the page's JSON block that carries the first answer. */
export const APP_ANSWER_ELEMENT_ID = 'app-answer';
