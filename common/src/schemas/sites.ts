import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { text } from './text.js';

export const minimumMessageCost = z.object({ costs: z.number().int(), currency: z.string() });

/** GET /api/settings.php: the site of the address bar; the page's other query parameters pass. */
export const settingsQuery = z.object({ domain: text().max(253, 'invalid_choice').optional() }).passthrough();

export const settings = z.object({
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  index_title: z.string(),
  description: z.string(),
  countries: z.array(z.string()),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string(),
  niche: z.number().int().min(1).max(7),
  signups: z.enum(['all', 'with_trafficsource', 'other']),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  enable_site_entry_popup: z.boolean(),
  push_public_key: z.string(),
  cdn_prefix: z.string(),
  support_phone: z.string(),
  support_email: z.string(),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number(), currency: z.string() })),
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  signup_credits: z.number().int(),
  message_length: z.number().int(),
  /** Messages a new member may send without credits (SPEC §6). */
  free_messages: z.number().int(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.string()),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  fictional_icon: z.string(),
  refund_days: z.number().int(),
  member_resell: z.boolean(),
  /**
   * A refund or chargeback of credits the member spent already leaves them owed, paid off by the
   * next credits bought; without it only what is left is taken back.
   */
  refund_debt: z.boolean(),
  /**
   * Whether operators sign in with a code from an authenticator app too (`required`), or may choose
   * to (`optional`); moderators and admins always do.
   */
  operator_two_step: z.enum(['required', 'optional']),
  /** New member photos wait for a moderator before others see them. */
  photo_moderation: z.boolean(),
  /** The site's IANA time zone: its days (the swipe game's daily likes) start at local midnight. */
  time_zone: z.string(),
  company_id: z.number().int(),
  mail_name: z.string(),
  locales: z.array(z.enum(LOCALES)),
  terms_version_date: z.string(),
});
export type Settings = z.infer<typeof settings>;

export const companyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const interestsResponse = z.object({
  interests: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const regionsResponse = z.object({
  regions: z.array(z.object({ country: z.string(), code: z.string(), name: z.string() })),
});
export type RegionsResponse = z.infer<typeof regionsResponse>;
