/**
 * The app's texts: the page's language comes with its catalogues in the server's first answer; any
 * other is loaded as one chunk per language and namespace when the member switches to it. Missing
 * keys fall back to nl; a page whose language has every text comes without nl's, and then nothing
 * falls back. Screens read them through `useTranslation`, which renders again when the language
 * changes.
 */
import { type AppFirstAnswer, DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale, WEB_NAMESPACES } from '@amora/common';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { cookieLocale } from './locale-cookie';
import { type Catalogues, hasText, type Language, type Translate, type Tree, translator } from './translate';

const catalogueFiles = import.meta.glob<{ default: Tree }>(
  '../../../common/locales/*/{app,errors,pages,members,likes,chat,credits,notifications}.json',
);

async function loadCatalogues(locale: Locale): Promise<Catalogues> {
  const entries = await Promise.all(
    WEB_NAMESPACES.map(async (ns) => {
      const load = catalogueFiles[`../../../common/locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`no catalogue ${locale}/${ns}`);
      return [ns, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const DEFAULT_NAMESPACES = ['app'] as const;

type PageTexts = Pick<AppFirstAnswer, 'locale' | 'catalogues'>;

/** The texts of one language (and its fallback's) and the switch to another. */
export class I18n {
  #language: Locale;
  #wanted: Locale;
  #fallback: Locale | null;
  readonly #loaded = new Map<Locale, Catalogues>();
  readonly #translators = new Map<string, Translate>();
  readonly #listeners = new Set<() => void>();

  constructor(language: Locale, inPage?: PageTexts) {
    this.#language = language;
    this.#wanted = language;
    this.#fallback = FALLBACK_LOCALE;
    if (inPage) this.takePageTexts(inPage);
  }

  /** The texts that came with the page; nl fills in missing texts unless the page came without them. */
  takePageTexts(inPage: PageTexts): void {
    this.#fallback = inPage.catalogues[FALLBACK_LOCALE] ? FALLBACK_LOCALE : null;
    for (const [locale, catalogues] of Object.entries(inPage.catalogues))
      this.#loaded.set(locale as Locale, catalogues as Catalogues);
    this.#translators.clear();
  }

  get language(): Locale {
    return this.#language;
  }

  /** `t` in the app's namespace. */
  get t(): Translate {
    return this.translate(DEFAULT_NAMESPACES);
  }

  exists(key: string): boolean {
    return hasText(this.#languages(), DEFAULT_NAMESPACES, key);
  }

  /** `t` looking in `namespaces`, the same function until the language changes. */
  translate(namespaces: readonly string[]): Translate {
    const cacheKey = namespaces.join(',');
    let t = this.#translators.get(cacheKey);
    if (!t) {
      t = translator(this.#languages(), namespaces);
      this.#translators.set(cacheKey, t);
    }
    return t;
  }

  /** Speaks `locale` once its texts (and the fallback's) have loaded, unless another was asked for meanwhile. */
  async changeLanguage(locale: Locale): Promise<void> {
    this.#wanted = locale;
    const loaded = await Promise.all([this.#load(locale), this.#fallback ? this.#load(this.#fallback) : false]);
    if (this.#wanted !== locale || (locale === this.#language && !loaded.includes(true))) return;
    this.#language = locale;
    this.#translators.clear();
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after each change of language; returns its removal. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Whether `locale`'s texts had to be loaded. */
  async #load(locale: Locale): Promise<boolean> {
    if (this.#loaded.has(locale)) return false;
    this.#loaded.set(locale, await loadCatalogues(locale));
    return true;
  }

  #languages(): Language[] {
    const spoken = [this.#language, this.#fallback].filter((locale, index, all): locale is Locale =>
      Boolean(locale && all.indexOf(locale) === index),
    );
    return spoken.flatMap((locale) => {
      const catalogues = this.#loaded.get(locale);
      return catalogues ? [{ locale, catalogues }] : [];
    });
  }
}

/** The browser's texts, in the page's language once `initI18n` has run. */
export const i18n = new I18n(DEFAULT_LOCALE);

/** The server's render of a page: texts of its own, ready at once. */
export const pageI18n = (inPage: PageTexts): I18n => new I18n(inPage.locale, inPage);

/** In the language of `inPage` (the server's first answer) with its texts, or of the cookie. */
export async function initI18n(inPage?: PageTexts): Promise<void> {
  if (inPage) i18n.takePageTexts(inPage);
  await i18n.changeLanguage(inPage?.locale ?? cookieLocale() ?? DEFAULT_LOCALE);
  document.documentElement.lang = i18n.language;
  i18n.subscribe(() => {
    document.documentElement.lang = i18n.language;
  });
}

const I18nContext = createContext<I18n>(i18n);
export const I18nProvider = I18nContext.Provider;

/** The texts in `ns` (the first namespace looked in first), or the app's; renders again when the language changes. */
export function useTranslation(ns?: string | readonly string[]): { t: Translate; i18n: I18n } {
  const texts = useContext(I18nContext);
  useSyncExternalStore(
    texts.subscribe,
    () => texts.language,
    () => texts.language,
  );
  const namespaces = ns === undefined ? DEFAULT_NAMESPACES : typeof ns === 'string' ? [ns] : ns;
  return { t: texts.translate(namespaces), i18n: texts };
}
