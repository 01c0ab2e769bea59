import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';
import { GLOSSARY } from './locale-glossary.js';

const localesDir = path.resolve(import.meta.dirname, '../locales');
const namespaces = fs.readdirSync(path.join(localesDir, 'en')).map((file) => file.replace(/\.json$/, ''));
type Tree = { [key: string]: unknown };

function read(locale: string, ns: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8'));
}

/** Flattened keys; plural forms (_zero, _one, _few, _many, _other…) count as their base key. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (Array.isArray(tree)) return tree.flatMap((item, index) => keysOf(item, `${prefix}[${index}]`));
  if (tree === null || typeof tree !== 'object') return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const baseKeys = (tree: Tree) => [...new Set(keysOf(tree).map(base))].sort();

function textAt(tree: Tree, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree) as string;
}

/** Every text of a locale, with where it is: `ns:key`. */
function textsOf(locale: string): [string, string][] {
  const texts: [string, string][] = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') texts.push([key, node]);
    else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${key}[${index}]`);
    } else if (node && typeof node === 'object') {
      for (const [part, value] of Object.entries(node)) walk(value, key.endsWith(':') ? key + part : `${key}.${part}`);
    }
  };
  for (const ns of namespaces) walk(read(locale, ns), `${ns}:`);
  return texts;
}

/**
 * A placeholder stands alone: a letter or an apostrophe glued to it inflects a name the text cannot
 * know ("{{name}}s profil" breaks for Lars in Danish; "{{name}}'s" for James in English). A hyphen
 * is fine: it makes a compound that holds for any name ("{{site}}-konto", "{{site}}-palvelua").
 */
const GLUED_PLACEHOLDER = /[\p{L}'’]\{\{\w+\}\}|\{\{\w+\}\}[\p{L}'’]/u;

/** A word or phrase on its own: not inside a longer word. A string is literal, a RegExp a pattern. */
const wordPattern = (phrase: string | RegExp, flags: string) => {
  const source = typeof phrase === 'string' ? phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : phrase.source;
  return new RegExp(`(?<![\\p{L}'’{])(?:${source})(?![\\p{L}}])`, flags);
};

/** A capitalised word not at the start of a text or sentence (after . ! ? … and any opening quote). */
const midSentence = (word: string) => new RegExp(`(?<!(?:^|[.!?…]\\s+)[„“"«(]?)(?<![\\p{L}])${word}(?![\\p{L}])`, 'u');

/**
 * French typography, one rule: the curly apostrophe ’, and a no-break space (U+00A0) before : ? ! ;
 * Placeholders, URLs, markup, times and header names ("x-request-type: client") are not prose.
 */
const notProse = /\{\{\w+\}\}|<[^>]*>|\b\w+:\/\/\S+|\d:\d|\b[a-z]+(?:-[a-z]+)+: [a-z]+\b/g;
function frenchTypographyFaults(text: string): string[] {
  const prose = text.replace(notProse, '§');
  const faults: string[] = [];
  if (prose.includes("'")) faults.push('straight apostrophe');
  for (const match of prose.matchAll(/(^|.)([?!:;])/gu)) {
    if (match[1] !== '\u00a0' && match[1] !== '' && !/[?!]/.test(match[1])) faults.push(`"${match[1]}${match[2]}"`);
  }
  return faults;
}

/** i18next's plural suffixes; `_zero` is an extra a text may add for a count of 0. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * The plural keys of a locale with the forms each has. A key is plural when it has the `_other` form
 * i18next falls back to ("errors:field.too_many" is a word, not a form).
 */
function pluralKeysOf(texts: Map<string, string>): Map<string, Set<string>> {
  const plurals = new Map<string, Set<string>>();
  for (const key of texts.keys()) {
    const form = PLURAL_FORM.exec(key);
    const base = form ? key.slice(0, form.index) : key;
    if (form && texts.has(`${base}_other`)) plurals.set(base, (plurals.get(base) ?? new Set<string>()).add(form[1]));
  }
  return plurals;
}

/** The names of a text's placeholders: "{{count, number}}" is count. */
const placeholdersOf = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]));

/**
 * The placeholders a text must keep: those of its English and Dutch counterparts (the same key, or
 * for a form English lacks, such as pl `_few`, the `_other` form). Only the `_one` form may leave the
 * count out ("Eine neue Nachricht").
 */
function requiredPlaceholders(key: string, references: Map<string, string>[]): Set<string> {
  const form = PLURAL_FORM.exec(key);
  const other = form ? `${key.slice(0, form.index)}_other` : key;
  const counterparts = references.map((texts) => texts.get(key) ?? texts.get(other) ?? '');
  const required = new Set(counterparts.flatMap((text) => [...placeholdersOf(text)]));
  if (form?.[1] === 'one') required.delete('count');
  return required;
}

/** The apostrophe a locale does not write, wherever it stands in prose. */
const otherApostrophe = (apostrophe: string) => (apostrophe === "'" ? /’/u : /\p{L}'|'\p{L}/u);

describe('locale catalogues', () => {
  it('glues no letter or apostrophe to a placeholder', () => {
    const glued = LOCALES.flatMap((locale) =>
      textsOf(locale)
        .filter(([, text]) => GLUED_PLACEHOLDER.test(text))
        .map(([key, text]) => `${locale} ${key}: ${text}`),
    );
    expect(glued).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`${locale} keeps to its glossary and form of address`, () => {
      const { avoid, avoidCapitalised = [], lowerCaseMidSentence = [], except = [], terms = {} } = GLOSSARY[locale];
      const patterns = [
        ...avoid.map((phrase) => [String(phrase), wordPattern(phrase, 'iu')] as const),
        ...Object.entries(terms).flatMap(([concept, term]) =>
          term.avoid.map((phrase) => [`${concept}: ${String(phrase)}`, wordPattern(phrase, 'iu')] as const),
        ),
        ...avoidCapitalised.map((phrase) => [phrase, wordPattern(new RegExp(phrase, 'u'), 'u')] as const),
        ...lowerCaseMidSentence.map((word) => [`${word} mid-sentence`, midSentence(word)] as const),
      ];
      const found = textsOf(locale).flatMap(([key, text]) =>
        except.includes(key)
          ? []
          : patterns.filter(([, pattern]) => pattern.test(text)).map(([phrase]) => `${key}: "${phrase}" in ${text}`),
      );
      expect(found).toEqual([]);
    });
  }

  it('has every plural form each language needs', () => {
    const faults = LOCALES.flatMap((locale) => {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      return [...pluralKeysOf(new Map(textsOf(locale)))].flatMap(([key, forms]) => {
        const missing = needed.filter((form) => !forms.has(form));
        const unused = [...forms].filter((form) => form !== 'zero' && !needed.includes(form as Intl.LDMLPluralRule));
        return [
          ...(missing.length > 0 ? [`${locale} ${key} lacks _${missing.join(', _')}`] : []),
          ...(unused.length > 0 ? [`${locale} ${key} has _${unused.join(', _')}, which ${locale} does not use`] : []),
        ];
      });
    });
    expect(faults).toEqual([]);
  });

  it('keeps every placeholder of the English and Dutch texts', () => {
    const references = [new Map(textsOf('en')), new Map(textsOf('nl'))];
    const dropped = LOCALES.flatMap((locale) =>
      textsOf(locale).flatMap(([key, text]) => {
        const have = placeholdersOf(text);
        const missing = [...requiredPlaceholders(key, references)].filter((name) => !have.has(name));
        return missing.length > 0 ? [`${locale} ${key} drops {{${missing.join('}}, {{')}}}: ${text}`] : [];
      }),
    );
    expect(dropped).toEqual([]);
  });

  it('writes one apostrophe per locale', () => {
    const faults = LOCALES.flatMap((locale) => {
      const other = otherApostrophe(GLOSSARY[locale].apostrophe);
      return textsOf(locale)
        .filter(([, text]) => other.test(text.replace(notProse, '§')))
        .map(([key, text]) => `${locale} ${key}: ${text}`);
    });
    expect(faults).toEqual([]);
  });

  it('fr writes the curly apostrophe and a no-break space before : ? ! ;', () => {
    const faults = textsOf('fr').flatMap(([key, text]) =>
      frenchTypographyFaults(text).map((fault) => `${key}: ${fault} in ${text}`),
    );
    expect(faults).toEqual([]);
  });

  for (const locale of LOCALES) {
    for (const ns of namespaces) {
      it(`${locale}/${ns}.json has exactly the keys of en`, () => {
        expect(baseKeys(read(locale, ns))).toEqual(baseKeys(read('en', ns)));
      });
    }
  }

  it('every locale translates, rather than copies, the English texts', () => {
    const english = read('en', 'app');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(textAt(read(locale, 'app'), 'nav.join'), locale).not.toBe(textAt(english, 'nav.join'));
    }
  });

  it('uses the Dutch texts of SPEC §5 and §8 word for word', () => {
    const errors = read('nl', 'errors');
    const expected: Record<string, string> = {
      'field.name_equals_email': 'Je profielnaam moet anders zijn dan je e-mailadres',
      'field.birthdate_required': 'Vul uw geboortedatum in',
      'field.birthdate_invalid': 'Ongeldige geboortedatum.',
      'field.invalid_email': 'Ongeldige e-mail',
      'field.passwords_differ': 'De opgegeven wachtwoorden zijn niet gelijk.',
      mail_change_duplicate: 'Dit e-mailadres heeft al een account op deze site.',
      mail_change_invalid: 'Nieuw e-mailadres invalide.',
      old_password_wrong: 'Controleer je oude wachtwoord.',
      server_error: 'Er is een fout opgetreden, probeer het later opnieuw.',
      login_failed: 'Login mislukt, probeer opnieuw',
      login_blocked: 'Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.',
      email_not_found: 'E-mailadres niet gevonden',
      link_invalid: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
      reset_limit: 'Te veel wachtwoordherstelmails verstuurd, probeer het morgen nog eens.',
      activation_failed: 'Activeren mislukt',
      discount_not_found: 'Code niet gevonden',
      discount_used: 'Code reeds gebruikt',
      otp_invalid: 'Code ongeldig',
    };
    for (const [key, text] of Object.entries(expected)) expect(textAt(errors, key), key).toBe(text);
  });
});
