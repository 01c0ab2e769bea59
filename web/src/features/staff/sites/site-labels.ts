import type { CURRENCIES, NICHE_PREFIXES, PROFILE_DETAIL_FIELDS, SEARCH_FIELDS } from '@amora/common';

/** The sections of the page, in order, for the links at its top. */
export const SECTIONS = [
  ['general', 'General'],
  ['hosts', 'Host names'],
  ['company', 'Company'],
  ['texts', 'Texts'],
  ['members', 'Members'],
  ['money', 'Credits and money'],
  ['place', 'Place'],
  ['support', 'Support'],
  ['staff', 'Staff'],
] as const;

export const NICHES: Record<(typeof NICHE_PREFIXES)[number], string> = {
  '': 'Everyone',
  she: 'Women',
  bdsm: 'BDSM (everyone)',
  bbw: 'Curvy women (BBW)',
  gilf: 'Women over 60 (GILF)',
  milf: 'Women of 35 to 55 (MILF)',
  gay: 'Men (gay)',
};

export const DETAIL_LABELS: Record<(typeof PROFILE_DETAIL_FIELDS)[number], string> = {
  gender: 'Gender',
  sexuality: 'Looking for',
  city: 'Town',
  hair_colour: 'Hair',
  eye_colour: 'Eyes',
  body_type: 'Body',
  relationship_status: 'Relationship',
  tattoos: 'Tattoos',
};

export const SEARCH_LABELS: Record<(typeof SEARCH_FIELDS)[number], string> = {
  gender: 'Gender',
  country: 'Country',
  countryregion: 'Region',
  min_age: 'Youngest age',
  max_age: 'Oldest age',
};

/** The currency a country pays in, for a new row of minimum costs. */
export const CURRENCY_OF: Partial<Record<string, (typeof CURRENCIES)[number]>> = {
  GB: 'GBP',
  PL: 'PLN',
  DK: 'DKK',
  SE: 'SEK',
  NO: 'NOK',
};

export const TIME_ZONES = Intl.supportedValuesOf('timeZone');
