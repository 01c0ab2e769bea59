import { regionNames } from '../../../i18n/format';
import { STAFF_LOCALE } from '../shared/api';

const languages = new Intl.DisplayNames([STAFF_LOCALE], { type: 'language' });

/** A language as staff read it: "nl-NL" → "Dutch (Netherlands)", "de" → "German". */
export const languageName = (tag: string) => languages.of(tag) ?? tag;

/** A country code as staff read it: "NL" → "Netherlands". */
export const countryName = (code: string) => regionNames(STAFF_LOCALE).of(code) ?? code;
