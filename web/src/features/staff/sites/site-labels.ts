import type { CURRENCIES, NICHE_PREFIXES } from '@amora/common';

/** The sections of the page, in order, for the links at its top (their words in staff:sites.sections). */
export const SECTIONS = [
  'general',
  'hosts',
  'company',
  'texts',
  'members',
  'money',
  'place',
  'support',
  'staff',
] as const;

/** A niche's name in staff:sites.niches: the one for everyone has no prefix. */
export const nicheKey = (prefix: (typeof NICHE_PREFIXES)[number]) => prefix || 'all';

/** The currency a country pays in, for a new row of minimum costs. */
export const CURRENCY_OF: Partial<Record<string, (typeof CURRENCIES)[number]>> = {
  GB: 'GBP',
  PL: 'PLN',
  DK: 'DKK',
  SE: 'SEK',
  NO: 'NOK',
};

export const TIME_ZONES = Intl.supportedValuesOf('timeZone');
