import { regionNames } from '../../../i18n/format';

/**
 * A language as staff read it in `locale`, capitalised as it starts a line: "nl-NL" → "Dutch
 * (Netherlands)", in French "Néerlandais (Pays-Bas)".
 */
export function languageName(tag: string, locale: string) {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A country code as staff read it in `locale`: "NL" → "Netherlands". */
export const countryName = (code: string, locale: string) => regionNames(locale).of(code) ?? code;
