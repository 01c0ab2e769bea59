/** Validation rules of SPEC §5, shared by the forms and the API. */
import { MIN_AGE } from './constants.js';
import type { Settings } from './schemas/sites.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A pragmatic address check: one @, no spaces, a dot in the domain, sane lengths.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Parses YYYY-MM-DD into a UTC date, or null when it is no real calendar day. */
export function parseBirthDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isSameDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isSameDay && year >= 1900 ? date : null;
}

export function ageOn(birthDate: Date, today: Date): number {
  let age = today.getUTCFullYear() - birthDate.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthDate.getUTCMonth() ||
    (today.getUTCMonth() === birthDate.getUTCMonth() && today.getUTCDate() < birthDate.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export type BirthDateProblem = 'birthdate_required' | 'birthdate_invalid' | 'too_young';

export function birthDateProblem(value: string, today = new Date()): BirthDateProblem | null {
  if (value.trim() === '') return 'birthdate_required';
  const date = parseBirthDate(value);
  if (!date || date > today) return 'birthdate_invalid';
  return ageOn(date, today) < MIN_AGE ? 'too_young' : null;
}

export type ProfileNameProblem = 'required' | 'name_equals_email' | 'name_starts_with_at';

export function profileNameProblem(name: string, email: string): ProfileNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.startsWith('@')) return 'name_starts_with_at';
  if (normaliseEmail(trimmed) === normaliseEmail(email)) return 'name_equals_email';
  return null;
}

/** SPEC §5: the support phone is shown with dashes and whitespace removed. */
export function displayPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** SPEC §5: the terms version date is 2023-12-01 12:00 UTC, or the company's added date if later. */
export function termsVersionDate(companyAdded: string | null, base: string): string {
  if (!companyAdded) return base;
  return new Date(companyAdded) > new Date(base) ? companyAdded : base;
}

/** An IBAN as the bank writes it in print: capitals, no spaces. */
export function normaliseIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** IBAN lengths of the SEPA countries, for the check before the checksum. */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

/** A SEPA IBAN of the right length whose check digits hold (ISO 13616: mod 97 is 1). */
export function isValidIban(value: string): boolean {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** A phone number a text message can reach: international form, 8 to 15 digits. */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

type VisitorRules = Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource' | 'signups'>;

/** Visitors browse members where the site allows it, perhaps only when they came with a traffic source (SPEC §6). */
export function visitorMayBrowse(site: VisitorRules, network: string | undefined): boolean {
  return site.logged_out_search || (site.logged_out_search_trafficsource && Boolean(network));
}

/** Visitors sign up where the site takes everyone, or only those who came with a traffic source (SPEC §6). */
export function visitorMaySignUp(
  site: VisitorRules,
  tracking: { network?: string; ref?: string } | undefined,
): boolean {
  const fromTrafficSource = Boolean(tracking?.network || tracking?.ref);
  return site.signups === 'all' || (site.signups === 'with_trafficsource' && fromTrafficSource);
}
