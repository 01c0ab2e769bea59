import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';

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

/**
 * The agreed words per locale, for like, match, swipe, premium, member and sign up, and the form of
 * address. `avoid` lists what a text must not say instead (matched case-insensitively on word
 * boundaries); `use` is there for translators. `except` names the texts SPEC.md fixes word for word.
 */
interface Glossary {
  use: string;
  avoid: string[];
  /** Forms that are wrong only capitalised, such as a formal "you". */
  avoidCapitalised?: string[];
  except?: string[];
}
const GLOSSARY: Record<string, Glossary> = {
  da: { use: 'like, match, swipe, premiummedlem, medlem, tilmeld dig; du', avoid: ['hollandsk'] },
  de: {
    use: 'Like/liken/gelikt, Match, swipen, Premium-Mitglied, Mitglied, registrieren; du',
    avoid: ['geliked', 'Speichere, um ihn'],
    avoidCapitalised: ['Ihnen'],
  },
  en: { use: 'like, match, swipe, premium member, member, sign up; you', avoid: ['thousands of members'] },
  es: {
    use: 'like/dar like, match, swipe, miembro premium, miembro, registrarse; tú',
    avoid: ['membresía', 'usted', 'ustedes', 'me gusta'],
  },
  fi: {
    use: 'tykkäys/tykätä, match, pyyhkäistä, premium-jäsen, jäsen, rekisteröityä; sinä',
    avoid: ['Se on match', 'Keskivertainen', 'hienovarainen'],
  },
  fr: {
    use: 'like/liker, match, swipe, membre premium, membre, s’inscrire; vous',
    avoid: ['tu', 'ton', 'ta', 'tes', 'toi', 'te', "t'", 'connecte-toi', 'inscris-toi'],
  },
  it: {
    use: 'like/mettere like, match, swipe, iscritto premium, iscritto, iscriversi; tu',
    avoid: ['membro', 'membri'],
  },
  nb: { use: 'like, match, sveipe, premiummedlem, medlem, registrere seg; du', avoid: ['hollandsk'] },
  nl: {
    use: 'like/liken, match, swipen, premiumlid, lid/leden, aanmelden; je/jij',
    avoid: ['premium lid', 'u', 'uw', 'minderjarige profielen', 'fysieke afspraken'],
    except: ['errors:field.birthdate_required'],
  },
  pl: {
    use: 'polubienie/polubić, para, przesuwać, użytkownik premium, użytkownik, zarejestrować się; ty',
    avoid: ['imię', 'samemu'],
    avoidCapitalised: ['Pan', 'Pani', 'Państwo'],
  },
  sv: {
    use: 'gilla/gillning, match/matcher, svepa, premiummedlem, medlem, registrera sig; du',
    avoid: ['matchning', 'matchningar', 'Flintskallig', 'banderollen'],
  },
};

/** A word or phrase on its own: not inside a longer word. */
const wordPattern = (phrase: string, flags: string) =>
  new RegExp(`(?<![\\p{L}'’])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, flags);

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
      const { avoid, avoidCapitalised = [], except = [] } = GLOSSARY[locale];
      const patterns = [
        ...avoid.map((phrase) => [phrase, wordPattern(phrase, 'iu')] as const),
        ...avoidCapitalised.map((phrase) => [phrase, wordPattern(phrase, 'u')] as const),
      ];
      const found = textsOf(locale).flatMap(([key, text]) =>
        except.includes(key)
          ? []
          : patterns.filter(([, pattern]) => pattern.test(text)).map(([phrase]) => `${key}: "${phrase}" in ${text}`),
      );
      expect(found).toEqual([]);
    });
  }

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
      reset_limit: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
      activation_failed: 'Activeren mislukt',
      discount_not_found: 'Code niet gevonden',
      discount_used: 'Code reeds gebruikt',
      otp_invalid: 'Code ongeldig',
    };
    for (const [key, text] of Object.entries(expected)) expect(textAt(errors, key), key).toBe(text);
  });
});
