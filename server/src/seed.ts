/** The demo site a fresh DATA_DIR starts with, and its ready demo member. */
import { addDays, type Clock } from './clock.js';
import type { Db } from './db/index.js';
import type { Services } from './services.js';
import * as siteQueries from './sites/queries.js';
import type { StoredSettings } from './sites/service.js';

export const DEMO_MEMBER = { email: 'demo@amora.test', password: 'amora-demo-2026', name: 'Demo' };
export const DEMO_DOMAIN = 'amora.test';

export const DEMO_SETTINGS: StoredSettings = {
  index_title: 'Amora – meet singles near you',
  description: 'Amora is the friendly place to meet singles near you: sign up for free, chat and find your match.',
  countries: ['NL', 'BE', 'DE', 'GB', 'FR', 'ES', 'IT', 'PL', 'DK', 'FI', 'NO', 'SE'],
  niche: 1,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  enable_site_entry_popup: true,
  cdn_prefix: '/media',
  support_phone: '+31 20 123 45 67',
  support_email: 'support@amora.test',
  minimum_message_costs: { NL: { costs: 99, currency: 'EUR' }, GB: { costs: 89, currency: 'GBP' } },
  message_credits: 10,
  photo_credits: 15,
  gift_credits: 20,
  signup_credits: 20,
  message_length: 1000,
  visible_profile_fields: [
    'gender',
    'sexuality',
    'city',
    'hair_colour',
    'eye_colour',
    'body_type',
    'relationship_status',
    'tattoos',
  ],
  visible_profile_notes: true,
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictional_warning:
    'Profiles marked with this icon are hosted by our team for entertainment; no physical meetings are possible with them.',
  fictional_singular: 'hosted profile',
  fictional_plural: 'hosted profiles',
  fictional_icon: '★',
  refund_days: 14,
  member_resell: false,
  photo_moderation: false,
  mail_name: 'Amora',
};

export interface SeedOptions {
  /** Extra host names that reach the demo site, e.g. localhost and PUBLIC_URL's host. */
  domains: string[];
}

/** Creates the demo site and member when the database has no site yet. Returns true when it seeded. */
export async function seedDemo(db: Db, services: Services, clock: Clock, { domains }: SeedOptions): Promise<boolean> {
  if ((await siteQueries.countSites(db)) > 0) return false;
  const companyId = await siteQueries.insertCompany(db, {
    name: 'Amora Media B.V.',
    address: 'Herengracht 100',
    kvk: '12345678',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: JSON.stringify(['Amora']),
    vat_numbers: JSON.stringify(['NL001234567B01']),
    support_phone: '+31 20 123 45 67',
    delete_discount: 50,
    added: '2024-03-01T09:00:00Z',
  });
  await siteQueries.insertSite(
    db,
    {
      name: 'Amora',
      domain: DEMO_DOMAIN,
      domain_language: 'en-GB',
      company_id: companyId,
      settings: JSON.stringify(DEMO_SETTINGS),
      created_at: clock.now().toISOString(),
    },
    domains,
  );
  const site = await services.sites.findByDomain(DEMO_DOMAIN);
  if (!site) throw new Error('demo site was not stored');
  const dateOfBirth = addDays(clock.now(), -365 * 34)
    .toISOString()
    .slice(0, 10);
  await services.accounts.createReadyMember(site, { ...DEMO_MEMBER, dateOfBirth, credits: 100 });
  return true;
}
