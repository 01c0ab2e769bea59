/** The back office's sites desk: the sites of the deployment, their settings, company details and host names. */
import { z } from 'zod';
import { LOCALES, PROFILE_DETAIL_FIELDS, SERVED_COUNTRIES } from '../constants.js';
import { CURRENCIES } from '../money.js';
import { SEARCH_FIELDS } from '../search-fields.js';
import { emailField } from './accounts.js';
import { id } from './ids.js';
import { companyInfo, settings } from './sites.js';
import { text } from './text.js';

/** GET /api/staff/sites.php: the sites of this deployment, for staff screens' filters and the list of sites. */
export const staffSitesResponse = z.object({
  sites: z.array(z.object({ id: z.number(), name: z.string(), domain: z.string(), domain_language: z.string() })),
});
const count = (max: number) => z.number({ message: 'invalid' }).int('invalid').min(0, 'invalid').max(max, 'invalid');
const line = (max: number) => text().trim().max(max, 'too_long');
const isTimeZone = (zone: string) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC';

/** A site's own settings: settings.php's schema, less what the deployment or the request fills in. */
const storedSettings = settings.omit({
  name: true,
  domain: true,
  domain_language: true,
  company_id: true,
  geoip_country: true,
  geoip_selected_country: true,
  locales: true,
  terms_version_date: true,
  push_public_key: true,
});

/**
 * The settings staff may change: settings.php's own schema, less what the deployment or the request
 * fills in, each value within what the product can take.
 */
export const siteSettingsChange = storedSettings
  .extend({
    index_title: line(200).min(1, 'required'),
    description: line(500),
    countries: z
      .array(z.enum(SERVED_COUNTRIES, { message: 'invalid_choice' }))
      .min(1, 'required')
      .refine((list) => new Set(list).size === list.length, 'invalid'),
    cdn_prefix: line(200).regex(/^(\/[\w./-]*|https:\/\/[\w.-]+(\/[\w./-]*)?)$/, 'invalid'),
    support_phone: line(40),
    support_email: emailField,
    // Only the countries with a minimum: z.record over an enum would ask one of every served country.
    minimum_message_costs: z.partialRecord(
      z.enum(SERVED_COUNTRIES, { message: 'invalid_choice' }),
      z.object({ costs: count(100_000), currency: z.enum(CURRENCIES, { message: 'invalid_choice' }) }),
    ),
    message_credits: count(10_000),
    photo_credits: count(10_000),
    gift_credits: count(10_000),
    signup_credits: count(10_000),
    message_length: count(10_000).min(1, 'invalid'),
    free_messages: count(100),
    visible_profile_fields: z.array(z.enum(PROFILE_DETAIL_FIELDS, { message: 'invalid_choice' })),
    search_fields: z.array(z.enum(SEARCH_FIELDS, { message: 'invalid_choice' })),
    fictional_warning: line(500).min(1, 'required'),
    fictional_singular: line(60).min(1, 'required'),
    fictional_plural: line(60).min(1, 'required'),
    fictional_icon: line(8).min(1, 'required'),
    refund_days: count(365),
    time_zone: text().refine(isTimeZone, 'invalid_choice'),
    mail_name: line(100).min(1, 'required'),
  })
  .partial()
  .strict();
export type SiteSettingsChange = z.infer<typeof siteSettingsChange>;

/** The operating company's details staff may change (when it was added stays). */
export const companyChange = companyInfo
  .omit({ added: true })
  .extend({
    name: line(200).min(1, 'required'),
    address: line(200),
    kvk: line(40),
    city: line(100),
    country: text().trim().max(2, 'invalid_choice'),
    tradenames: z.array(line(200).min(1, 'required')).max(10, 'too_many'),
    vat_numbers: z.array(line(40).min(1, 'required')).max(10, 'too_many'),
    support_phone: line(40),
    delete_discount: count(100),
  })
  .partial()
  .strict();

/** PUT /api/staff/site.php: a site's name, settings and company details; only what is sent changes. */
export const changeSiteRequest = z
  .object({
    id,
    name: line(100).min(1, 'required').optional(),
    settings: siteSettingsChange.optional(),
    company: companyChange.optional(),
  })
  .strict();
export type SiteChange = z.infer<typeof changeSiteRequest>;

/** POST /api/staff/sites.php: a new site with the default settings, as `npm run sites -- add` makes one. */
export const newSiteRequest = z.object({
  domain: text().trim().min(1, 'required').max(253, 'too_long'),
  name: line(100).min(1, 'required'),
  language: z.enum(LOCALES, { message: 'invalid_choice' }),
  country: z.enum(SERVED_COUNTRIES, { message: 'invalid_choice' }).optional(),
});

/** POST and DELETE /api/staff/site-domain.php: another host name that reaches the site. */
export const siteDomainRequest = z.object({ site: id, domain: text().trim().min(1, 'required').max(253, 'too_long') });

export const siteQuery = z.object({ id });

/** GET /api/staff/site.php: a site as staff edit it. */
export const staffSiteResponse = z.object({
  site: z.object({
    id: z.number(),
    name: z.string(),
    domain: z.string(),
    domain_language: z.string(),
    /** Every host name that reaches the site, its own domain first. */
    domains: z.array(z.string()),
  }),
  settings: storedSettings,
  company: companyInfo,
});
export type StaffSite = z.infer<typeof staffSiteResponse>;
