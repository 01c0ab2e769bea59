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
 * address. `avoid` lists what a text must not say instead, matched case-insensitively on word
 * boundaries: a string is a word or phrase, a RegExp a stem with every ending it takes (pl imię,
 * imienia, imieniu…) or a form only a pattern can catch (a tu-imperative, a formal imperative).
 * `use` is there for translators. `except` names the texts SPEC.md fixes word for word.
 */
interface Glossary {
  use: string;
  avoid: (string | RegExp)[];
  /** Forms that are wrong only capitalised, such as a formal "you". */
  avoidCapitalised?: string[];
  /** Words written in lower case except at the start of a sentence (pl ty, twój: no capital of respect). */
  lowerCaseMidSentence?: string[];
  except?: string[];
}
/**
 * "Polub: {{name}}" dodges declining the name. In pl the name stands first or as the subject
 * ("{{name}} – polub"); in fi it follows a declined noun ("Tykkää käyttäjästä {{name}}").
 */
const NAME_AFTER_COLON = /\p{L}+: \{\{name\}\}/u;
const GLOSSARY: Record<string, Glossary> = {
  da: {
    use: 'like, match, swipe, premiummedlem, medlem, tilmeld dig, kredit/kreditter; du',
    avoid: ['hollandsk', /credits?/],
  },
  de: {
    use: 'Like/liken/gelikt, Match, swipen, Premium-Mitglied, Mitglied, registrieren; du',
    avoid: ['geliked', 'Speichere, um ihn'],
    // "Ihnen", and a formal imperative such as "Wählen Sie": matched case-sensitively.
    avoidCapitalised: ['Ihnen', '\\p{L}+en Sie'],
  },
  en: { use: 'like, match, swipe, premium member, member, sign up; you', avoid: ['thousands of members'] },
  es: {
    use: 'like/dar like, match, swipe, miembro premium, miembro, registrarse; tú',
    avoid: ['membresía', 'usted', 'ustedes', 'me gusta'],
  },
  fi: {
    use: 'tykkäys/tykätä, match, pyyhkäistä, premium-jäsen, jäsen, rekisteröityä, Match-haku; sinä',
    // "pisti silmääni" reads as "it stung my eye" ("caught my eye": "kiinnitti huomioni", "osui silmääni").
    avoid: [
      'Se on match',
      'Keskivertainen',
      'hienovarainen',
      /pisti silmää\p{L}*/u,
      /matchinhau?\p{L}*/u,
      NAME_AFTER_COLON,
    ],
  },
  fr: {
    use: 'like/liker, match, swipe, membre premium, membre, s’inscrire, Recherche de match; vous',
    avoid: [
      'tu',
      'ton',
      'ta',
      'tes',
      'toi',
      'te',
      "t'",
      't’',
      'Match Finder',
      'Trouver un match',
      // A tu-imperative: "Choisis-en une", "Regarde", "Écris-lui", "Ajoute"… (the vous forms end in -ez).
      /\p{L}+(?<!ez|es|nous|vous)-(?:en|toi|le|la|les|lui|leur|y|moi|nous)/u,
      /(?<=^|[.!?:«]\s*)(?:choisis|regarde|écris|ajoute|envoie|essaie|découvre|trouve|commence|rejoins|inscris|connecte|clique|vérifie|fais|dis|viens|reviens|prends|mets|garde|laisse|lis|complète|indique|saisis|utilise|profite|retrouve|confirme|ouvre|réessaie|attends|crée|vois|montre|écoute|patiente|va)/,
    ],
  },
  it: {
    use: 'like/mettere like, match, swipe, iscritto premium, iscritto, iscriversi; tu',
    // A member is addressed without a masculine participle or adjective.
    avoid: ['membro', 'membri', /sei (?:stato|sicuro|pronto|arrivato|entrato|connesso)/, /(?<!il )benvenuto/],
  },
  nb: { use: 'like, match, sveipe, premiummedlem, medlem, registrere seg; du', avoid: ['hollandsk'] },
  nl: {
    use: 'like/liken, match, swipen, premiumlid/premiumleden, lid/leden, aanmelden, Matchzoeker; je/jij',
    avoid: ['premium lid', 'premium leden', 'u', 'uw', 'minderjarige profielen', 'fysieke afspraken', 'matchfinder'],
    except: ['errors:field.birthdate_required'],
  },
  pl: {
    use: 'polubienie/polubić, para, przesuwać, użytkownik premium, użytkownik, zarejestrować się, nazwa profilu; ty',
    // The profile name is "nazwa profilu", never imię in any form; a member is addressed without a
    // masculine past tense or adjective ("zrobiłeś", "jesteś pewien").
    avoid: [
      /imi(?:ę|eni\p{L}*|on\p{L}*)/u,
      'samemu',
      /\p{L}+łeś/u,
      /\p{L}+łbyś/u,
      /jesteś (?:pewien|pewny|gotowy|zalogowany|zarejestrowany|sam)/,
      NAME_AFTER_COLON,
    ],
    avoidCapitalised: ['Pan', 'Pani', 'Państwo'],
    lowerCaseMidSentence: [
      'Ty',
      'Twój',
      'Twoja',
      'Twoje',
      'Twojego',
      'Twojej',
      'Twoim',
      'Twoich',
      'Twoimi',
      'Twoją',
      'Twoi',
      'Ciebie',
      'Cię',
      'Ci',
      'Tobie',
      'Tobą',
    ],
  },
  sv: {
    use: 'gilla/gillning, match/matcher, svepa, premiummedlem, medlem, registrera sig, Matchsök; du',
    // "kinkig" means fussy: the niche is kink.
    avoid: ['matchning', 'matchningar', 'Flintskallig', 'banderollen', /kinkig\p{L}*/u, /matchfinnar\p{L}*/u],
  },
};

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
      const { avoid, avoidCapitalised = [], lowerCaseMidSentence = [], except = [] } = GLOSSARY[locale];
      const patterns = [
        ...avoid.map((phrase) => [String(phrase), wordPattern(phrase, 'iu')] as const),
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
      reset_limit: 'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
      activation_failed: 'Activeren mislukt',
      discount_not_found: 'Code niet gevonden',
      discount_used: 'Code reeds gebruikt',
      otp_invalid: 'Code ongeldig',
    };
    for (const [key, text] of Object.entries(expected)) expect(textAt(errors, key), key).toBe(text);
  });
});
