/**
 * The app's texts, through the translator the server's mails use too (@amora/common/i18n) and
 * react-i18next: the page's language comes with its catalogues in the server's first answer; any
 * other is loaded as one chunk per language and namespace when the member switches to it. Missing
 * keys fall back to nl; a page whose language has every text comes without nl's, and then nothing
 * falls back.
 */
import { type AppFirstAnswer, DEFAULT_LOCALE, FALLBACK_LOCALE, WEB_NAMESPACES } from '@amora/common';
import { createTranslator, type TranslatorSettings, translatorOptions } from '@amora/common/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cookieLocale } from './locale-cookie';

export { I18nextProvider, Trans, useTranslation } from 'react-i18next';

/** Another language's catalogues, each a chunk of the build, fetched when the app switches to it. */
const catalogueChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, ns, done) => {
    import('./catalogue-files')
      .then(({ catalogueFiles }) => {
        const load = catalogueFiles[`../../../common/locales/${language}/${ns}.json`];
        if (!load) throw new Error(`no catalogue ${language}/${ns}`);
        return load();
      })
      .then(
        (catalogue) => done(null, catalogue.default),
        (error: Error) => done(error, false),
      );
  },
};

type PageTexts = Pick<AppFirstAnswer, 'locale' | 'catalogues'>;

/** In `language`, with the texts `inPage` carries; the fallback language only where the page carries it. */
const settingsFor = (language: string, inPage?: PageTexts): TranslatorSettings => ({
  language,
  resources: inPage?.catalogues as TranslatorSettings['resources'],
  fallback: inPage && !inPage.catalogues[FALLBACK_LOCALE] ? false : FALLBACK_LOCALE,
  namespaces: WEB_NAMESPACES,
  defaultNamespace: 'app',
});

/** The browser's texts, in the page's language once `initI18n` has run. */
export const i18n = i18next.createInstance();

/** The server's render of a page: texts of its own, ready at once. */
export const pageI18n = (inPage: PageTexts) => createTranslator(settingsFor(inPage.locale, inPage));

/** In the language of `inPage` (the server's first answer) with its texts, or of the cookie. */
export async function initI18n(inPage?: PageTexts): Promise<void> {
  const language = inPage?.locale ?? cookieLocale() ?? DEFAULT_LOCALE;
  await i18n
    .use(catalogueChunks)
    .use(initReactI18next)
    .init(translatorOptions(settingsFor(language, inPage)));
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}
