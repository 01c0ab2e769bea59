/**
 * The translator of the app and the landers: it reads common/locales' catalogues as i18next wrote
 * them (`ns:key.path`, `{{name}}`, plural forms by Intl.PluralRules: `_zero` for 0 where a text
 * has one, then `_one`, `_few`, `_many`, `_other`), in a language and, for a text it lacks, the
 * fallback language, where one is given.
 */

export type Tree = { [key: string]: string | Tree | Tree[] };
/** A language's catalogues by namespace. */
export type Catalogues = Partial<Record<string, Tree>>;

export interface Language {
  locale: string;
  catalogues: Catalogues;
}

export interface TranslateOptions {
  /** The namespaces to look in, in order, where the key names none. */
  ns?: string | readonly string[];
  /** The plural form's number, also a value. */
  count?: number;
  /** The text where no catalogue has one. */
  defaultValue?: string;
  /** The key's subtree (a list of sections, say) with its texts' values filled in. */
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface Translate {
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

type Node = Tree[string];

function lookup(tree: Tree | undefined, path: readonly string[]): Node | undefined {
  let node: Node | undefined = tree;
  for (const part of path) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    node = node[part];
  }
  return node;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** The text (or subtree) at `path` in one language's namespace, in the plural form `count` asks for. */
function find(language: Language, ns: string, path: readonly string[], count: number | undefined): Node | undefined {
  const parent = lookup(language.catalogues[ns], path.slice(0, -1));
  if (parent === undefined || typeof parent === 'string' || Array.isArray(parent)) return undefined;
  const last = path[path.length - 1] as string;
  if (count !== undefined) {
    const form = count === 0 && `${last}_zero` in parent ? 'zero' : pluralForm(language.locale, count);
    const plural = parent[`${last}_${form}`] ?? parent[`${last}_other`];
    if (plural !== undefined) return plural;
  }
  return parent[last];
}

function interpolate(text: string, values: TranslateOptions): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function interpolateTree(node: Node, values: TranslateOptions): unknown {
  if (typeof node === 'string') return interpolate(node, values);
  if (Array.isArray(node)) return node.map((each) => interpolateTree(each, values));
  return Object.fromEntries(Object.entries(node).map(([key, each]) => [key, interpolateTree(each, values)]));
}

/** The text or subtree `key` names in `languages` (the spoken one, then any fallback), if one has it. */
function resolve(
  languages: readonly Language[],
  defaultNs: readonly string[],
  key: string,
  options: TranslateOptions,
): unknown {
  const separator = key.indexOf(':');
  const namespaces =
    separator > 0
      ? [key.slice(0, separator)]
      : typeof options.ns === 'string'
        ? [options.ns]
        : (options.ns ?? defaultNs);
  const path = (separator > 0 ? key.slice(separator + 1) : key).split('.');
  for (const ns of namespaces) {
    for (const language of languages) {
      const found = find(language, ns, path, options.count);
      if (typeof found === 'string') return interpolate(found, options);
      if (found !== undefined && options.returnObjects) return interpolateTree(found, options);
    }
  }
  return undefined;
}

/**
 * `t` in `languages`, the first the one spoken and any next one its fallback; a key without a
 * namespace (`ns:`) is looked for in `defaultNs`, in order. A text found nowhere is the key itself.
 */
export function translator(languages: readonly Language[], defaultNs: readonly string[]): Translate {
  const t = (key: string, options: TranslateOptions = {}): unknown =>
    resolve(languages, defaultNs, key, options) ??
    (options.defaultValue === undefined ? key : interpolate(options.defaultValue, options));
  return t as Translate;
}

/** Whether `key` has a text in one of `languages`. */
export const hasText = (languages: readonly Language[], defaultNs: readonly string[], key: string): boolean =>
  typeof resolve(languages, defaultNs, key, {}) === 'string';
