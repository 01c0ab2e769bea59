/** The settings and company a new site starts with; the demo site adds its own texts, phone number and company. */
import { PROFILE_DETAIL_FIELDS, SEARCH_FIELDS, SERVED_COUNTRIES } from '@amora/common';
import type { CompanyRow } from '../platform/db/schema.js';
import type { StoredSettings } from '../platform/site.js';

/** Messages a new member may send before credits are needed, unless the site says otherwise. */
export const DEFAULT_FREE_MESSAGES = 3;

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

/** A site's days (the swipe game's daily likes) start at midnight in its country. */
const TIME_ZONES: Record<string, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  DE: 'Europe/Berlin',
  GB: 'Europe/London',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  PL: 'Europe/Warsaw',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
};

/** A country's time zone (the countries Amora serves), else the site's. */
export const timeZoneOf = (country: string | null, site: { settings: { time_zone: string } }) =>
  (country && TIME_ZONES[country]) || site.settings.time_zone;

export function newSiteSettings({
  name,
  domain,
  country,
}: {
  name: string;
  domain: string;
  country?: string;
}): StoredSettings {
  return {
    index_title: name,
    description: '',
    countries: country ? [country] : [...SERVED_COUNTRIES],
    niche: 1,
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    enable_site_entry_popup: true,
    cdn_prefix: '/media',
    support_phone: '',
    support_email: `support@${domain}`,
    minimum_message_costs: { NL: { costs: 99, currency: 'EUR' }, GB: { costs: 89, currency: 'GBP' } },
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 20,
    signup_credits: 20,
    message_length: 1000,
    free_messages: DEFAULT_FREE_MESSAGES,
    visible_profile_fields: [...PROFILE_DETAIL_FIELDS],
    visible_profile_notes: true,
    search_fields: [...SEARCH_FIELDS],
    fictional_warning:
      'Profiles marked with this icon are hosted by our team for entertainment; no physical meetings are possible with them.',
    fictional_singular: 'hosted profile',
    fictional_plural: 'hosted profiles',
    fictional_icon: '★',
    refund_days: 14,
    member_resell: false,
    refund_debt: false,
    operator_two_step: 'required',
    photo_moderation: false,
    time_zone: (country && TIME_ZONES[country]) || DEFAULT_TIME_ZONE,
    mail_name: name,
  };
}

/** A new site's company: only its name and country, the details to fill in. */
export function newCompany({ name, country, added }: { name: string; country?: string; added: string }) {
  return {
    name,
    address: '',
    kvk: '',
    city: '',
    country: country ?? '',
    tradenames: JSON.stringify([name]),
    vat_numbers: JSON.stringify([]),
    support_phone: '',
    delete_discount: 0,
    added,
  } satisfies Omit<CompanyRow, 'id'>;
}
