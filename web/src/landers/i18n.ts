/**
 * The lander's texts: the active locale's catalogues only (each a chunk of its own), and a small
 * translator that reads them as i18next does: `ns:key.path`, `{{name}}` and plural forms by
 * Intl.PluralRules (`_zero` for 0 where a text has one, then `_one`, `_few`, `_many`, `_other`).
 */
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../../common/src/constants';

type Tree = { [key: string]: string | Tree | Tree[] };
export type Values = Record<string, string | number>;
export type Translate = (key: string, values?: Values) => string;

type Catalogue = () => Promise<{ default: Tree }>;
// One glob per namespace, so a locale's file is its own chunk and only the active one is fetched.
const NAMESPACES: Record<string, Record<string, Catalogue>> = {
  landers: import.meta.glob<{ default: Tree }>('../../../common/locales/*/landers.json'),
  app: import.meta.glob<{ default: Tree }>('../../../common/locales/*/app.json'),
  errors: import.meta.glob<{ default: Tree }>('../../../common/locales/*/errors.json'),
  pages: import.meta.glob<{ default: Tree }>('../../../common/locales/*/pages.json'),
};

function cookieLocale(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]+)`));
  return match && isLocale(match[1]) ? match[1] : null;
}

/** The language the app would speak: the cookie (settings.php sets it from the site's language), else the default. */
export const activeLocale = (): Locale => cookieLocale() ?? DEFAULT_LOCALE;

async function loadCatalogues(locale: Locale): Promise<Record<string, Tree>> {
  const entries = await Promise.all(
    Object.entries(NAMESPACES).map(async ([ns, files]) => {
      const load = files[`../../../common/locales/${locale}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function lookup(tree: Tree | undefined, path: string[]): Tree | string | undefined {
  let node: Tree | string | Tree[] | undefined = tree;
  for (const part of path) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    node = node[part];
  }
  return Array.isArray(node) ? undefined : node;
}

export function translator(locale: Locale, catalogues: Record<string, Tree>): Translate {
  const plurals = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['landers', key];
    const parts = path.split('.');
    const last = parts.pop() as string;
    const parent = lookup(catalogues[ns], parts);
    if (parent === undefined || typeof parent === 'string') return key;
    let text = parent[last];
    if (values.count !== undefined) {
      const count = Number(values.count);
      const form = count === 0 && `${last}_zero` in parent ? 'zero' : plurals.select(count);
      text = parent[`${last}_${form}`] ?? parent[`${last}_other`] ?? text;
    }
    if (typeof text !== 'string') return key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => (name in values ? String(values[name]) : ''));
  };
}

export async function loadTranslator(locale: Locale): Promise<Translate> {
  return translator(locale, await loadCatalogues(locale));
}

/** The site's word at the start of a label, with a capital (as the app's HostedMark writes it). */
export const capitalised = (word: string, locale: string) => word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
