/** Table types. Timestamps are ISO-8601 UTC strings and flags are 0/1 on both engines. */
import type {
  CaseKind,
  CaseMeasure,
  DiscountValidity,
  LikeSource,
  MessageKind,
  PaymentRefusal,
  PhotoRejection,
  StaffRole,
} from '@amora/common';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string;
  vat_numbers: string;
  support_phone: string;
  delete_discount: number;
  added: string;
}

export interface SitesTable {
  id: Generated<number>;
  name: string;
  domain: string;
  domain_language: string;
  company_id: number;
  /** JSON of the settings that are not columns (see sites/service.ts). */
  settings: string;
  created_at: string;
}

export interface SiteDomainsTable {
  domain: string;
  site_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  site_id: number;
  email: string;
  email_key: string;
  /** argon2id; empty when the member removed their password and signs in with a passkey. */
  password_hash: string;
  language: string;
  status: 'not_confirmed' | 'confirmed';
  paid_user: Generated<number>;
  signup_date: string;
  notifications_disabled: Generated<string>;
  signup_message: string | null;
  tracking: string | null;
  pending_email: string | null;
  deleted_at: string | null;
  delete_reason: string | null;
  delete_comment: string | null;
  /** Suspended by a moderator's decision: no sign-in, the profile hidden. */
  suspended_at: string | null;
  /** 'suspension', or 'ban' (the address may not sign up on the site again). */
  suspension: 'suspension' | 'ban' | null;
}

/** Failed logins per site and address asked for, with or without an account behind it. */
export interface LoginFailuresTable {
  site_id: number;
  email_key: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}

/** One row per like given in the swipe game, kept when the like is withdrawn. */
export interface SwipeLikesTable {
  profile_id: number;
  liked_profile_id: number;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** The browser's user agent as it signed in, cut to SESSION_USER_AGENT_LENGTH; null if unknown. */
  user_agent: string | null;
  /** The two-letter country the session was last used from (never the address); null if unknown. */
  country: string | null;
  /** Updated at most every SESSION_SEEN_MINUTES, not on every request. */
  last_seen_at: string;
  /** Hash of the link, mailed on a sign-in from a new device, that ends this session; null for others. */
  end_token_hash: string | null;
}

/** The browsers a member has signed in from, by the hash of their device cookie. */
export interface KnownDevicesTable {
  user_id: number;
  device_hash: string;
  first_seen_at: string;
}

/** A member's passkey (WebAuthn credential); its credential id belongs to one account only. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (0 when it keeps none); a bigint: a string on PostgreSQL. */
  counter: number | string;
  /** JSON array of the transports the browser reported (internal, hybrid, usb …). */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeyPurpose = 'register' | 'login' | 'confirm';

/** A challenge handed to a browser: used once, before it expires, on the site it was made for. */
export interface PasskeyChallengesTable {
  /** base64url, as the browser signs it. */
  challenge: string;
  site_id: number;
  purpose: PasskeyPurpose;
  /** Whose passkey is being added or confirmed; null for a sign-in, where the passkey tells. */
  user_id: number | null;
  expires_at: string;
}

export type TokenPurpose = 'activate' | 'reset' | 'mail_change' | 'reactivate';

export interface AccountTokensTable {
  token_hash: string;
  user_id: number;
  purpose: TokenPurpose;
  new_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProfilesTable {
  id: Generated<number>;
  /** Null for a hosted (fictional) profile, which has no account. */
  user_id: number | null;
  site_id: number;
  name: string;
  date_of_birth: string;
  status: 'disabled' | 'active' | 'deleted' | 'suspended';
  created_at: string;
  hosted: Generated<number>;
  invisible: Generated<number>;
  gender: string | null;
  sexuality: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: string | null;
  about: Generated<string>;
  /** JSON array of interest ids. */
  interests: Generated<string>;
  signup_step: Generated<string>;
  main_photo_id: number | null;
  last_active_at: string | null;
  /** Online until then: an app of the member's is open and shown (renewed by its socket). */
  online_until: string | null;
  /** name as searchKey() makes it; written by members/profiles/queries.ts with the name. */
  name_key: Generated<string>;
}

export interface PhotosTable {
  id: Generated<number>;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  status: 'pending' | 'active' | 'rejected';
  premium_only: Generated<number>;
  position: number;
  created_at: string;
  /** When a moderator decided it (null: never reviewed, e.g. on a site without photo moderation). */
  reviewed_at: Generated<string | null>;
  rejection: Generated<PhotoRejection | null>;
  /** 1: only its owner and the members they granted see it. */
  private: Generated<number>;
}

/** Where a member stands with another's private photos: asked for them, or granted them. */
export interface PrivatePhotoAccessTable {
  owner_profile_id: number;
  viewer_profile_id: number;
  status: 'asked' | 'granted';
  updated_at: string;
}

/** One row (id 1) whose version changes, by trigger, whenever a profile is listed differently. */
export interface ProfileListingVersionTable {
  id: number;
  /** A bigint: a string on PostgreSQL, a number on SQLite. */
  version: number | string;
}

export interface BlocksTable {
  blocker_profile_id: number;
  blocked_profile_id: number;
  created_at: string;
}

export interface LikesTable {
  liker_profile_id: number;
  liked_profile_id: number;
  source: LikeSource;
  created_at: string;
  /** When the liked member saw the like; null while it is new to them. */
  seen_at: string | null;
}

export interface SwipeSkipsTable {
  profile_id: number;
  skipped_profile_id: number;
  created_at: string;
}

/** Two profiles that have been in touch (a like either way, a conversation); one row each way. */
export interface ContactsTable {
  profile_id: number;
  other_profile_id: number;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_profile_id: number;
  reported_profile_id: number;
  reason: string;
  comment: string | null;
  created_at: string;
}

export interface CreditAccountsTable {
  user_id: number;
  balance: number;
  /** Messages the member may still send without credits. */
  free_messages: Generated<number>;
  /** Credits owed: those of a refunded purchase spent already; the next credits added pay them off. */
  debt: Generated<number>;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: string;
}

export interface CreditBundlesTable {
  id: Generated<number>;
  site_id: number;
  country: string;
  credits: number;
  /** Minor units, VAT included. */
  price: number;
  currency: string;
  popular: Generated<number>;
  trial: Generated<number>;
  active: Generated<number>;
  created_at: string;
}

export type DiscountKind = 'code' | 'welcome' | 'time_bonus' | 'retention';

export interface DiscountCodesTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  kind: Generated<DiscountKind>;
  country: string | null;
  user_id: number | null;
  expires: string | null;
  value_percentage: number;
  currency: string | null;
  minimum_order_value: Generated<number>;
  status: Generated<'active' | 'inactive'>;
  validity: DiscountValidity;
  /** JSON list of payment methods, or null for all. */
  paymentmethods: string | null;
  created_at: string;
}

export type PaymentStatus =
  | 'created'
  | 'pending'
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'charged_back';

export interface PaymentsTable {
  id: Generated<number>;
  site_id: number;
  user_id: number;
  client_id: string;
  bundle_id: number;
  country: string;
  credits: number;
  currency: string;
  list_price: number;
  discount_code_id: number | null;
  discount_percentage: Generated<number>;
  discount_amount: Generated<number>;
  amount: number;
  vat_rate: number;
  vat_amount: number;
  method: string;
  issuer: string | null;
  provider: string;
  provider_id: string | null;
  checkout_url: string | null;
  sequence: Generated<'oneoff' | 'first' | 'recurring'>;
  status: PaymentStatus;
  credited: Generated<number>;
  refunded_credits: Generated<number>;
  /** Why a paid payment gave no credits and is refunded: an offer the member had already had. */
  refusal: PaymentRefusal | null;
  /** When its refund was last asked of the provider (a refused payment's, refunded automatically). */
  refund_asked_at: string | null;
  customer_id: string | null;
  mandate_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: number;
  status: PaymentStatus;
  /** Who said so: member (started it), provider (its webhook or the return), staff. */
  source: string;
  created_at: string;
}

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  discount_code_id: number;
  user_id: number;
  payment_id: number;
  scope: string;
  created_at: string;
  released_at: string | null;
}

export interface SandboxPaymentsTable {
  id: string;
  reference: number;
  amount: number;
  currency: string;
  description: string;
  method: string;
  issuer: string | null;
  redirect_url: string;
  webhook_url: string;
  locale: string;
  status: string;
  settles_at: string | null;
  amount_refunded: Generated<number>;
  sequence: string | null;
  customer_id: string | null;
  mandate_id: string | null;
  created_at: string;
}

export interface TextsTable {
  id: Generated<number>;
  recipient: string;
  body: string;
  created_at: string;
}

export interface DirectDebitCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  iban: string;
  phone: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface DirectDebitsTable {
  payment_id: number;
  iban: string;
  account_holder: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  created_at: string;
}

export interface BlockedIbansTable {
  iban: string;
  reason: string;
  created_at: string;
}

/** Domain events written with the change they tell of, published from here (events/outbox.ts). */
export interface EventOutboxTable {
  id: Generated<number>;
  type: string;
  payload: string;
  created_at: string;
  claimed_until: string | null;
  attempts: Generated<number>;
  handled_at: string | null;
  published_at: string | null;
}

export interface ComplaintsTable {
  id: Generated<number>;
  site_id: number;
  user_id: number | null;
  name: string;
  email: string;
  category: string;
  reference: string | null;
  message: string;
  locale: string;
  client_id: string;
  created_at: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A key the deployment keeps in the database when the environment leaves it out (never in production). */
export interface DeploymentKeysTable {
  /** `vapid` (JSON of the pair) or `link_signing` (base64url). */
  name: string;
  value: string;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  key: string | null;
  /** JSON. */
  data: string;
  run_at: string;
  attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  failed_at: string | null;
  created_at: string;
}

/** A member's choice for one notification type; a type without a row is on for both channels. */
export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  mail: number;
  push: number;
}

/** Each time a member gave or withdrew consent to marketing on a channel, and where (kept as proof). */
export interface MarketingConsentsTable {
  id: Generated<number>;
  user_id: number;
  channel: 'mail' | 'push';
  topic: string;
  /** 1 given, 0 withdrawn. */
  given: number;
  at: string;
  source: 'settings' | 'signup' | 'unsubscribe';
}

export interface NotificationSendsTable {
  user_id: number;
  kind: string;
  sent_at: string;
}

export interface ConversationsTable {
  id: Generated<number>;
  site_id: number;
  profile_low: number;
  profile_high: number;
  hosted_profile_id: number | null;
  created_at: string;
  last_message_id: Generated<number>;
  awaiting_reply_since: string | null;
}

/** A member's wait for a hosted profile's answer, written with the operator's answer that ended it. */
export interface AnswerWaitsTable {
  /** The answer. */
  message_id: number;
  site_id: number;
  asked_at: string;
  answered_at: string;
  seconds: number;
}

export interface ConversationMembersTable {
  conversation_id: number;
  profile_id: number;
  other_profile_id: number;
  unread_count: Generated<number>;
  last_read_message_id: Generated<number>;
  hidden: Generated<number>;
  cleared_up_to: Generated<number>;
  wrote: Generated<number>;
  last_activity_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_profile_id: number;
  client_id: string;
  kind: MessageKind;
  body: string | null;
  gift: string | null;
  photo_file: string | null;
  photo_width: number | null;
  photo_height: number | null;
  credits: Generated<number>;
  staff_id: number | null;
  created_at: string;
}

export type { StaffRole };

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: StaffRole;
  created_at: string;
  disabled_at: string | null;
  /** The TOTP secret (base32), once set up. */
  totp_secret: Generated<string | null>;
  /** The time step of the last code used: a code is taken once. */
  totp_last_step: Generated<number | null>;
  /** Conversations an operator may hold at once. */
  capacity: Generated<number>;
  /** 1 while the operator is away: they claim nothing. */
  away: Generated<number>;
}

/** How far a staff session is: signed in, or waiting for the code (`code`), or for the first one of a new secret (`enrol`). */
export type StaffSessionStage = 'signed_in' | 'code' | 'enrol';

export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
  stage: Generated<StaffSessionStage>;
  /** A secret being set up, until its first code is right. */
  pending_secret: Generated<string | null>;
  code_attempts: Generated<number>;
}

/** A hosted profile's persona sheet: its facts as JSON (PersonaFacts), and how often it was edited. */
export interface StaffPersonasTable {
  profile_id: number;
  facts: string;
  version: number;
  updated_at: string;
  updated_by: number;
}

export interface StaffNotesTable {
  id: Generated<number>;
  profile_id: number;
  staff_id: number;
  text: string;
  created_at: string;
}

/** A report or a complaint as moderators work it, and their decision on it. */
export interface ModerationCasesTable {
  id: Generated<number>;
  site_id: number;
  kind: CaseKind;
  /** The report's or the complaint's id; null for a staff member's own initiative. */
  source_id: number | null;
  /** An own initiative's reason (a report reason). */
  reason: string | null;
  /** The profile the notice is about: a report's reported profile; none for a complaint. */
  subject_profile_id: number | null;
  status: 'open' | 'in_review' | 'actioned' | 'dismissed';
  reviewer_id: number | null;
  round: Generated<number>;
  measure: CaseMeasure | null;
  explanation: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

/** One side's right to appeal one decision of a case, and their appeal once made. */
export interface ModerationAppealsTable {
  id: Generated<number>;
  case_id: number;
  round: number;
  party: 'reporter' | 'subject';
  token_hash: string;
  locale: string;
  /** What was decided, as this side was told: the measure, or 'dismissed'. */
  decision: CaseMeasure | 'dismissed';
  open_until: string;
  text: string | null;
  appealed_at: string | null;
  outcome: 'upheld' | 'reversed' | null;
  explanation: string | null;
  decided_by: number | null;
  decided_at: string | null;
}

export interface BannedAddressesTable {
  site_id: number;
  email_key: string;
  created_at: string;
}

/** An operator's hold on a hosted profile's conversation, until it idles out. */
export interface OperatorClaimsTable {
  conversation_id: number;
  staff_id: number;
  expires_at: string;
}

export interface StaffLogTable {
  id: Generated<number>;
  staff_id: number;
  action: string;
  conversation_id: number | null;
  profile_id: number | null;
  message_id: number | null;
  /** The site the action was on, where it was on one. */
  site_id: number | null;
  /** The record acted on, as `<kind>:<id>` (e.g. payment:12). */
  record: string | null;
  /** The fields it changed, as JSON: { field: [before, after] }. */
  changes: string | null;
  /** Why, as the staff member gave it. */
  reason: string | null;
  created_at: string;
}

export interface MailsTable {
  id: Generated<number>;
  site_id: number | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON: the mail's extra headers (List-Unsubscribe). */
  headers: Generated<string>;
  created_at: string;
}

/** A copy of a member's data asked for: its file is DATA_DIR/exports/<id>.zip once ready, until expires_at. */
export interface DataExportsTable {
  /** Random, and the file's name: nothing a member typed. */
  id: string;
  user_id: number;
  /** The UTC day it was asked for: one a day per member. */
  day: string;
  status: 'preparing' | 'ready';
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

export interface Database {
  companies: CompaniesTable;
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  login_failures: LoginFailuresTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  account_tokens: AccountTokensTable;
  profiles: ProfilesTable;
  photos: PhotosTable;
  profile_listing_version: ProfileListingVersionTable;
  blocks: BlocksTable;
  contacts: ContactsTable;
  private_photo_access: PrivatePhotoAccessTable;
  reports: ReportsTable;
  likes: LikesTable;
  swipe_skips: SwipeSkipsTable;
  swipe_likes: SwipeLikesTable;
  credit_accounts: CreditAccountsTable;
  credit_ledger: CreditLedgerTable;
  credit_bundles: CreditBundlesTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  sandbox_payments: SandboxPaymentsTable;
  texts: TextsTable;
  direct_debit_codes: DirectDebitCodesTable;
  direct_debits: DirectDebitsTable;
  blocked_ibans: BlockedIbansTable;
  push_subscriptions: PushSubscriptionsTable;
  deployment_keys: DeploymentKeysTable;
  complaints: ComplaintsTable;
  event_outbox: EventOutboxTable;
  jobs: JobsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_sends: NotificationSendsTable;
  marketing_consents: MarketingConsentsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  answer_waits: AnswerWaitsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_notes: StaffNotesTable;
  staff_personas: StaffPersonasTable;
  staff_log: StaffLogTable;
  operator_claims: OperatorClaimsTable;
  moderation_cases: ModerationCasesTable;
  moderation_appeals: ModerationAppealsTable;
  banned_addresses: BannedAddressesTable;
  mails: MailsTable;
  data_exports: DataExportsTable;
}

export type SiteRow = Selectable<SitesTable>;
export type StaffUserRow = Selectable<StaffUsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ComplaintRow = Selectable<ComplaintsTable>;
export type UserRow = Selectable<UsersTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type NewUser = Insertable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfileRow = Insertable<ProfilesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhotoRow = Insertable<PhotosTable>;
export type MessageRow = Selectable<MessagesTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type BundleRow = Selectable<CreditBundlesTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
