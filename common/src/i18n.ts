/**
 * The one translator of the web app, the landers and the server's mails: i18next, reading
 * common/locales' catalogues (`ns:key.path`, `{{name}}`, plural forms by the language's rules with
 * `_zero` for none where a text has one), with a fallback language filling in a text a language
 * lacks. Each side makes its instance here, so all read the catalogues alike.
 */
import i18next, { type InitOptions, type i18n, type Resource } from 'i18next';

export type { i18n as Translator, Resource, TFunction } from 'i18next';

export interface TranslatorSettings {
  language: string;
  /** The catalogues at hand, by language and namespace; others load through a backend, where one is used. */
  resources?: Resource;
  /** The language a missing text is taken from; none: the key is shown. */
  fallback: string | false;
  namespaces: readonly string[];
  /** Where a key that names no namespace (`ns:`) is looked for. */
  defaultNamespace: string;
}

/** i18next's options for `settings`; texts go into React or mails' own escaping, so values are not escaped here. */
export const translatorOptions = (settings: TranslatorSettings): InitOptions => ({
  lng: settings.language,
  fallbackLng: settings.fallback,
  resources: settings.resources,
  partialBundledLanguages: true,
  ns: [...settings.namespaces],
  defaultNS: settings.defaultNamespace,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A translator ready at once with the catalogues it is given. */
export function createTranslator(settings: TranslatorSettings): i18n {
  const instance = i18next.createInstance();
  void instance.init(translatorOptions(settings));
  return instance;
}
