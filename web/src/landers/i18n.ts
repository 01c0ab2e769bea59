/**
 * The lander's texts: the active locale's catalogues only (each a chunk of its own), read by the
 * app's translator (../i18n/translate.ts), in the landers' namespace where a key names none.
 */
import { DEFAULT_LOCALE, type Locale } from '../../../common/src/constants';
import { cookieLocale } from '../i18n/locale-cookie';
import { type Catalogues, type TranslateOptions, type Tree, translator } from '../i18n/translate';

export type Translate = (key: string, values?: TranslateOptions) => string;

type Catalogue = () => Promise<{ default: Tree }>;
// One glob per namespace, so a locale's file is its own chunk and only the active one is fetched.
const NAMESPACES: Record<string, Record<string, Catalogue>> = {
  landers: import.meta.glob<{ default: Tree }>('../../../common/locales/*/landers.json'),
  app: import.meta.glob<{ default: Tree }>('../../../common/locales/*/app.json'),
  errors: import.meta.glob<{ default: Tree }>('../../../common/locales/*/errors.json'),
  pages: import.meta.glob<{ default: Tree }>('../../../common/locales/*/pages.json'),
};

/** The language the app would speak: the cookie (settings.php sets it from the site's language), else the default. */
export const activeLocale = (): Locale => cookieLocale() ?? DEFAULT_LOCALE;

async function loadCatalogues(locale: Locale): Promise<Catalogues> {
  const entries = await Promise.all(
    Object.entries(NAMESPACES).map(async ([ns, files]) => {
      const load = files[`../../../common/locales/${locale}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function loadTranslator(locale: Locale): Promise<Translate> {
  return translator([{ locale, catalogues: await loadCatalogues(locale) }], ['landers']);
}

/** The site's word at the start of a label, with a capital (as the app's HostedMark writes it). */
export const capitalised = (word: string, locale: string) => word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
