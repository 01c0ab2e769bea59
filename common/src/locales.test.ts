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

describe('locale catalogues', () => {
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
      expect(textAt(read(locale, 'app'), 'signup.submit'), locale).not.toBe(textAt(english, 'signup.submit'));
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
    };
    for (const [key, text] of Object.entries(expected)) expect(textAt(errors, key), key).toBe(text);
  });
});
