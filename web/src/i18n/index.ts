/**
 * react-i18next: the page's languages come in the server's first answer; any other is loaded as
 * one chunk per language and namespace. Missing keys fall back to nl; a page whose language has
 * every text comes without nl's, and then nothing falls back.
 */
import {
  type AppFirstAnswer,
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  type Locale,
  WEB_NAMESPACES,
} from '@amora/common';
import i18next, { type InitOptions, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../common/locales/*/{app,errors,pages,members,likes,chat,credits,notifications}.json',
);

async function loadCatalogue(locale: string, ns: string) {
  const loader = catalogues[`../../../common/locales/${locale}/${ns}.json`];
  if (!loader) throw new Error(`no catalogue ${locale}/${ns}`);
  return (await loader()).default;
}

export function cookieLocale(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]+)`));
  return match && isLocale(match[1]) ? match[1] : null;
}

export function rememberLocale(locale: Locale) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser yet
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_DAYS * 86400}; SameSite=Lax${secure}`;
}

type PageTexts = Pick<AppFirstAnswer, 'locale' | 'catalogues'>;

/** In the language of `inPage` with its texts; the fallback language only when the page carries it. */
const options = (lng: string, inPage?: PageTexts): InitOptions => ({
  lng,
  fallbackLng: inPage && !inPage.catalogues[FALLBACK_LOCALE] ? false : FALLBACK_LOCALE,
  resources: inPage?.catalogues as Resource | undefined,
  partialBundledLanguages: true,
  ns: [...WEB_NAMESPACES],
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
});

/** The server's render of a page: an instance of its own, ready at once with the page's texts. */
export function pageI18n(inPage: PageTexts): i18n {
  const instance = i18next.createInstance();
  void instance.init({ ...options(inPage.locale, inPage), initAsync: false });
  return instance;
}

/** In the language of `inPage` (the server's first answer) with its texts, or of the cookie. */
export async function initI18n(inPage?: PageTexts): Promise<void> {
  await i18next
    .use(initReactI18next)
    .use({
      type: 'backend',
      read: (lng: string, ns: string, done: (e: unknown, d?: unknown) => void) => {
        loadCatalogue(lng, ns).then(
          (data) => done(null, data),
          (error) => done(error),
        );
      },
    })
    .init(options(inPage?.locale ?? cookieLocale() ?? DEFAULT_LOCALE, inPage));
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}

export { i18next };
