/** Business constants from SPEC §9, shared by server and web. */

export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];

/** Used when neither the cookie nor the site's domain_language names a locale. */
export const DEFAULT_LOCALE: Locale = 'en';
/** A key missing from a catalogue is looked up here. */
export const FALLBACK_LOCALE: Locale = 'nl';

export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_DAYS = 365;
export const SESSION_COOKIE = 'amora_session';
export const SESSION_DAYS = 30;

/** State-changing calls must carry this header (the CSRF defence of DESIGN.md). */
export const REQUEST_TYPE_HEADER = 'x-request-type';
export const REQUEST_TYPE_CLIENT = 'client';

export const MIN_AGE = 18;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 30;
export const SIGNUP_MESSAGE_MAX_LENGTH = 500;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_BLOCK_MINUTES = 15;
export const RESET_MAILS_PER_DAY = 3;
export const RESET_LINK_HOURS = 24;
export const ACTIVATION_LINK_DAYS = 30;
export const MAIL_CHANGE_LINK_HOURS = 48;
export const DELETION_GRACE_DAYS = 14;

export const HTTP_RETRIES = 5;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const BADGE_CAP = 99;

export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;

/** Terms version date (SPEC §5): this moment, or the company's added date if later. */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';

/** Niche codes 1–7 map to lander prefixes (SPEC §9). */
export const NICHE_PREFIXES = ['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;

export const DELETE_REASONS = [
  'found_partner',
  'not_enough_responses',
  'too_expensive',
  'privacy',
  'too_many_emails',
  'not_what_i_expected',
  'other',
] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const INTERESTS = [
  'travel',
  'cooking',
  'music',
  'movies',
  'sports',
  'fitness',
  'reading',
  'dancing',
  'nature',
  'animals',
  'art',
  'photography',
  'gaming',
  'fashion',
  'wine',
  'beach',
  'cars',
  'festivals',
  'gardening',
  'yoga',
] as const;
export type Interest = (typeof INTERESTS)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
