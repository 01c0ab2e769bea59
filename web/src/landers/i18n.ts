/**
 * The lander's texts: the active locale's catalogues only (each a chunk of its own), read by the
 * translator of the app and the mails (@amora/common/i18n), in the landers' namespace where a key
 * names none.
 */
import type { TFunction } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '../../../common/src/constants';
import { cookieLocale } from '../i18n/locale-cookie';

export type Translate = TFunction;

type Catalogue = () => Promise<{ default: Record<string, unknown> }>;
// One glob per namespace, so a locale's file is its own chunk and only the active one is fetched.
const NAMESPACES: Record<string, Record<string, Catalogue>> = {
  landers: import.meta.glob<{ default: Record<string, unknown> }>('../../../common/locales/*/landers.json'),
  app: import.meta.glob<{ default: Record<string, unknown> }>('../../../common/locales/*/app.json'),
  errors: import.meta.glob<{ default: Record<string, unknown> }>('../../../common/locales/*/errors.json'),
  pages: import.meta.glob<{ default: Record<string, unknown> }>('../../../common/locales/*/pages.json'),
};

/** The language the app would speak: the cookie (settings.php sets it from the site's language), else the default. */
export const activeLocale = (): Locale => cookieLocale() ?? DEFAULT_LOCALE;

async function loadCatalogues(locale: Locale): Promise<Record<string, Record<string, unknown>>> {
  const entries = await Promise.all(
    Object.entries(NAMESPACES).map(async ([ns, files]) => {
      const load = files[`../../../common/locales/${locale}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The translator comes beside the catalogues, so the lander's first script does not wait for it. */
export async function loadTranslator(locale: Locale): Promise<Translate> {
  const [{ createTranslator }, catalogues] = await Promise.all([
    import('../../../common/src/i18n'),
    loadCatalogues(locale),
  ]);
  return createTranslator({
    language: locale,
    resources: { [locale]: catalogues },
    fallback: false,
    namespaces: Object.keys(NAMESPACES),
    defaultNamespace: 'landers',
  }).getFixedT(locale);
}

/** The site's word at the start of a label, with a capital (as the app's HostedMark writes it). */
export const capitalised = (word: string, locale: string) => word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
