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
/** A session's "last seen" moves on at most this often, so a request does not write each time. */
export const SESSION_SEEN_MINUTES = 5;
/** How much of a browser's user agent a session keeps: enough to tell the device and browser. */
export const SESSION_USER_AGENT_LENGTH = 512;
/** A browser's own long-lived mark, so a sign-in from a device the member never used is told to them. */
export const DEVICE_COOKIE = 'amora_device';
export const DEVICE_COOKIE_DAYS = 400;
/** How long a member's data export may be downloaded before its file is deleted. */
export const EXPORT_DAYS = 7;
/** The traffic source (?network=) a visitor first came with, for sites that admit only those visitors. */
export const TRAFFIC_SOURCE_COOKIE = 'traffic_source';
export const TRAFFIC_SOURCE_DAYS = 30;

/** State-changing calls must carry this header (the CSRF defence of DESIGN.md). */
export const REQUEST_TYPE_HEADER = 'x-request-type';
export const REQUEST_TYPE_CLIENT = 'client';

export const MIN_AGE = 18;
/** The values field messages may name (the too-young message says `{{min_age}}`). */
export const FIELD_MESSAGE_VALUES = { min_age: MIN_AGE };
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 30;
export const SIGNUP_MESSAGE_MAX_LENGTH = 500;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_BLOCK_MINUTES = 15;
/** How long a passkey challenge (adding one, signing in, confirming) may be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX_LENGTH = 60;
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

/** Marketing (offers, news): off by mail and by push until the member turns it on (EU consent is opt-in). */
export const MARKETING_NOTIFICATION_TYPES = ['promotions', 'news'] as const satisfies readonly NotificationType[];
export type MarketingNotificationType = (typeof MARKETING_NOTIFICATION_TYPES)[number];
export const isMarketing = (type: NotificationType): type is MarketingNotificationType =>
  (MARKETING_NOTIFICATION_TYPES as readonly NotificationType[]).includes(type);

/**
 * Why no notification mail goes to a member (SPEC §4): they marked one as spam (fbl), mail to them
 * bounced, or they unsubscribed through a mail's link. Kept apart from the per-type choices.
 */
export const MAIL_OFF_REASONS = ['fbl', 'bounce', 'list_unsubscribe'] as const;
export type MailOffReason = (typeof MAIL_OFF_REASONS)[number];

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

/** Profile details (SPEC §3); each value's label is `site:profile.<field>.<value>` in every locale. */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

/** Whom a member of this gender and sexuality looks for; anyone when bi or when either is not given. */
export function soughtGender(
  gender: string | null | undefined,
  sexuality: string | null | undefined,
): Gender | undefined {
  if (gender !== 'male' && gender !== 'female') return undefined;
  if (sexuality === 'gay' || sexuality === 'lesbian') return gender;
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male';
  return undefined;
}
export const HAIR_COLOURS = ['black', 'brown', 'blonde', 'red', 'grey', 'bald'] as const;
export const EYE_COLOURS = ['brown', 'blue', 'green', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'average', 'athletic', 'curvy', 'large'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'divorced', 'widowed', 'separated', 'relationship'] as const;
export const TATTOOS = ['none', 'some', 'many'] as const;

/** The profile details chosen from a list, with their choices. */
export const PROFILE_CHOICES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_colour: HAIR_COLOURS,
  eye_colour: EYE_COLOURS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
} as const;
export type ProfileChoiceField = keyof typeof PROFILE_CHOICES;

/** The detail fields a site may list in visible_profile_fields, in the order a profile shows them. */
export const PROFILE_DETAIL_FIELDS = [
  'gender',
  'sexuality',
  'city',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'tattoos',
] as const;
export type ProfileDetailField = (typeof PROFILE_DETAIL_FIELDS)[number];

export const ABOUT_MAX_LENGTH = 2000;
export const CITY_MAX_LENGTH = 80;
export const INTERESTS_MAX = 10;
export const MAX_AGE = 99;

/** Complete-signup steps in order (SPEC §2); the push opt-in step arrives with notifications. */
export const SIGNUP_STEPS = ['photo', 'location', 'personal', 'about', 'push'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** SPEC §9: browser geolocation may be at most an hour old. */
export const GEOLOCATION_MAX_AGE_MS = 60 * 60 * 1000;

/** The longest name text the search takes. */
export const SEARCH_TEXT_MAX_LENGTH = 50;
export const SEARCH_PAGE_SIZE = 24;
/** Below this many results, search also offers similar results from widened criteria. */
export const SEARCH_FEW_RESULTS = 6;
export const SIMILAR_RESULTS = 12;

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/**
 * Where the app serves photo files, checking who asks. Photos everyone may see are addressed under
 * the site's cdn_prefix instead (by default this same path).
 */
export const MEDIA_PATH = '/media';
/**
 * Decoded pixels an upload may have: a 40-megapixel image takes some 160 MB while it is decoded
 * (a 49 MP PNG used to be accepted); phones save 12 to 24 MP by default.
 */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Uploads decoded at once by one server; others wait their turn, so memory stays bounded. */
export const PHOTO_DECODES_AT_ONCE = 2;
export const PHOTO_MIN_SIDE = 200;
export const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'];

export const REPORT_REASONS = ['fake', 'inappropriate_photos', 'harassment', 'scam', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

// Likes, matches and the swipe game (SPEC §9).
/** Likes anyone may give in the swipe game per day (the site's local day); the spec has no premium exception. */
export const SWIPE_LIKES_PER_DAY = 4;
/** Profiles the swipe game deals at a time. */
export const SWIPE_DECK_SIZE = 20;
/** Suggestions the match finder shows at a time. */
export const MATCH_FINDER_RESULTS = 12;
/** After an auto-like, likes are fetched again this much later. */
export const MATCH_POPUP_LIKES_RELOAD_MS = 500;
/** User, chats and likes are fetched again this long after the app starts, then at the interval. */
export const REFRESH_FIRST_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;
/** The interval once the browser holds a push subscription: pushes tell the member what is new. */
export const REFRESH_INTERVAL_PUSH_MS = 300_000;
/** Where a like was given: on a profile page, in the swipe game, in the match finder, or by auto-like. */
export const LIKE_SOURCES = ['profile', 'swipe', 'match_finder', 'auto'] as const;
export type LikeSource = (typeof LIKE_SOURCES)[number];
/** The likes lists: received (who likes the member), given, and matches (both). */
export const LIKES_LIST_TYPES = ['received', 'given', 'matches'] as const;
export type LikesListType = (typeof LIKES_LIST_TYPES)[number];
export const LIKES_PAGE_SIZE = 30;
/** The likes counts stop here: past 99 they show as 99+ (BADGE_CAP), so counting further is wasted work. */
export const LIKES_COUNT_CAP = BADGE_CAP + 1;

// The chat (SPEC §2, §6).
/** The longest text message any site allows; each site sets its own message_length below it. */
export const CHAT_TEXT_MAX_LENGTH = 5000;
/** Messages per page of a conversation. */
export const CHAT_PAGE_SIZE = 30;
/** Conversations per page of the chats list. */
export const CHATS_PAGE_SIZE = 30;
/** How far back a conversation's history goes; older messages are kept but not shown. */
export const CHAT_HISTORY_LIMIT = 1000;
/** Conversations a free member may write in (SPEC §6); premium members have no limit. */
export const FREE_CONVERSATIONS = 2;
/** Gifts of the catalogue, priced in the site's gift_credits; images at /gifts/<id>.svg. */
export const GIFTS = ['rose', 'heart', 'chocolates', 'teddy', 'champagne', 'coffee', 'cake', 'star'] as const;
export type Gift = (typeof GIFTS)[number];
/** Openers an empty conversation offers; each text is `chat:icebreakers.<id>` in every locale. */
export const ICEBREAKERS = ['weekend', 'smile', 'travel', 'food', 'music', 'perfect_date'] as const;
/** A member seen within this many minutes, without an open app, shows as recently online. */
export const PRESENCE_RECENT_MINUTES = 60;
/** A typing member's signal is repeated at most this often, and fades on the other side after twice as long. */
export const TYPING_SIGNAL_MS = 3000;
/** The WebSocket close code "service restart" (RFC 6455 registry): the instance stops, the app reconnects to another. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;
/** The WebSocket close code of a session that ended (logout, a new password, a deleted account): the app is signed out and does not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

// Credits, premium and discounts (SPEC §4, §9).
/** The credits badge of a paying member shows from this many credits down. */
export const CREDITS_BADGE_THRESHOLD = 10;
/** The time bonus: a new, unpaid member's discount in the first hours after signing up. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENTAGE = 25;
export const TIME_BONUS_SECONDS = 14_400;
/** The time-bonus modal opens this long after entering the members area (credits 0, bonus on, not dismissed). */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** The welcome discount: for an unpaid member's first purchase, for a limited time after signing up. */
export const WELCOME_DISCOUNT_CODE = 'WELCOME25';
export const WELCOME_DISCOUNT_PERCENTAGE = 25;
export const WELCOME_DISCOUNT_DAYS = 7;
/** A payment still open at the provider is looked at again this often while its page is shown. */
export const PAYMENT_POLL_MS = 3_000;
/** Direct debit: the code texted to the payer's phone, how long it holds and how often it may be tried. */
export const DIRECT_DEBIT_CODE_LENGTH = 6;
export const DIRECT_DEBIT_CODE_MINUTES = 10;
export const DIRECT_DEBIT_CODE_ATTEMPTS = 5;
/** Direct debits a member may have at once (not yet collected), and in 30 days. */
export const DIRECT_DEBIT_OPEN_MAX = 1;
export const DIRECT_DEBIT_MONTHLY_MAX = 3;
/** The discount offered to a member about to delete the account holds this long. */
export const RETENTION_OFFER_DAYS = 14;

/** What a complaint is about; staff sort them by it. */
export const COMPLAINT_CATEGORIES = ['payment', 'account', 'member', 'technical', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export const COMPLAINT_MESSAGE_MAX_LENGTH = 5000;

export const LANDER_PROFILES_MAX = 48;
export const LANDER_PROFILES_DEFAULT = 24;

export const PAYMENT_METHODS = ['ideal', 'creditcard', 'paypal', 'directdebit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a paid payment gave no credits and was refunded: the trial package is for members who never
 * paid, and a member has one new member's offer (the time bonus or the welcome discount).
 */
export const PAYMENT_REFUSALS = ['trial_used', 'offer_used'] as const;
export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number];

/** Why a moderator rejects a photo; the member is told in their language. */
export const PHOTO_REJECTIONS = [
  'no_face',
  'not_the_member',
  'nudity',
  'contact_details',
  'poor_quality',
  'copyright',
] as const;
export type PhotoRejection = (typeof PHOTO_REJECTIONS)[number];

/**
 * Reports and complaints as moderators work them (open → in review → actioned or dismissed), and
 * the measures staff take on their own initiative (decided when opened).
 */
export const CASE_KINDS = ['report', 'complaint', 'initiative'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_STATUSES = ['open', 'in_review', 'actioned', 'dismissed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/**
 * What an actioned case did: to the member a report concerns a warning, a suspension (no sign-in,
 * profile hidden) or a ban (a suspension whose address may not sign up on the site again); a
 * complaint is resolved.
 */
export const CASE_MEASURES = ['warning', 'suspension', 'ban', 'resolved'] as const;
export type CaseMeasure = (typeof CASE_MEASURES)[number];
/** The measures a decision on a report may take; a complaint concerns no member and is resolved. */
export const REPORT_MEASURES = ['warning', 'suspension', 'ban'] as const satisfies readonly CaseMeasure[];
/** Who may appeal a decision: who reported (or complained), and the member it concerns. */
export const APPEAL_PARTIES = ['reporter', 'subject'] as const;
export type AppealParty = (typeof APPEAL_PARTIES)[number];
/** An appeal's outcome: the decision stands, or it is withdrawn. */
export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
/** How long a decision may be appealed (the Digital Services Act asks at least six months). */
export const APPEAL_DAYS = 183;
export const APPEAL_TEXT_MAX_LENGTH = 5000;
/** Staff's own words on a decision, mailed as they wrote them. */
export const DECISION_EXPLANATION_MAX_LENGTH = 2000;

export const DISCOUNT_CODE_MAX_LENGTH = 40;
/** How often a code may be used: once by each member, once in all, or without limit. */
/** The countries Amora serves; a site made for one country serves that one only. */
export const SERVED_COUNTRIES = ['NL', 'BE', 'DE', 'GB', 'FR', 'ES', 'IT', 'PL', 'DK', 'FI', 'NO', 'SE'] as const;

/** A hosted profile in use, or retired (gone from every list, as a deleted member's). */
export const HOSTED_STATUSES = ['active', 'retired'] as const;
export type HostedStatus = (typeof HOSTED_STATUSES)[number];

export const DISCOUNT_VALIDITIES = ['once_per_user', 'once', 'unlimited'] as const;
export type DiscountValidity = (typeof DISCOUNT_VALIDITIES)[number];

export const SANDBOX_OUTCOMES = ['paid', 'pending', 'failed', 'cancelled', 'expired', 'paid_card_declines'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** What a member sends in the chat, priced by kind. */
export const SENT_KINDS = ['text', 'gift', 'photo'] as const;
export type SentKind = (typeof SENT_KINDS)[number];
/** Lines the app writes in a chat about private photos (asked, shared, no longer shared, declined): never paid. */
export const PRIVATE_PHOTO_LINES = ['photos_asked', 'photos_shared', 'photos_unshared', 'photos_declined'] as const;
export type PrivatePhotoLine = (typeof PRIVATE_PHOTO_LINES)[number];
export const isPrivatePhotoLine = (kind: string): kind is PrivatePhotoLine =>
  (PRIVATE_PHOTO_LINES as readonly string[]).includes(kind);
/** What a member does about private photos: asks for another's, or answers about their own. */
export const PRIVATE_PHOTO_ACTIONS = ['ask', 'grant', 'decline', 'revoke'] as const;
export type PrivatePhotoAction = (typeof PRIVATE_PHOTO_ACTIONS)[number];
/** What an operator does about a hosted profile's private photos, in the member's conversation. */
export const OPERATOR_PRIVATE_PHOTO_ACTIONS = ['grant', 'decline', 'revoke'] as const;
export type OperatorPrivatePhotoAction = (typeof OPERATOR_PRIVATE_PHOTO_ACTIONS)[number];

/** The catalogues (common/locales/{locale}/{namespace}.json) the web app's screens use. */
export const WEB_NAMESPACES = [
  'app',
  'errors',
  'pages',
  'members',
  'likes',
  'chat',
  'credits',
  'notifications',
] as const;
