/** The database's table catalogue: every table's type, by area, and the Kysely Database. Timestamps are ISO-8601 UTC strings and flags are 0/1 on both engines. */

import type {
  AccountTokensTable,
  DataExportsTable,
  KnownDevicesTable,
  LoginFailuresTable,
  PasskeyChallengesTable,
  PasskeysTable,
  UsersTable,
} from './schema/accounts.js';
import type { AnswerWaitsTable, ConversationMembersTable, ConversationsTable, MessagesTable } from './schema/chat.js';
import type { LikesTable, SwipeLikesTable, SwipeSkipsTable } from './schema/likes.js';
import type { DeploymentKeysTable, EventOutboxTable, JobsTable, MailsTable } from './schema/machinery.js';
import type {
  BlocksTable,
  ContactsTable,
  PhotosTable,
  PrivatePhotoAccessTable,
  ProfilesTable,
  ReportsTable,
} from './schema/members.js';
import type {
  BannedAddressesTable,
  ComplaintsTable,
  ModerationAppealsTable,
  ModerationCasesTable,
} from './schema/moderation.js';
import type {
  BlockedIbansTable,
  CreditAccountsTable,
  CreditBundlesTable,
  CreditLedgerTable,
  DirectDebitCodesTable,
  DirectDebitsTable,
  DiscountCodesTable,
  DiscountRedemptionsTable,
  PaymentEventsTable,
  PaymentsTable,
  SandboxPaymentsTable,
  TextsTable,
} from './schema/money.js';
import type {
  MarketingConsentsTable,
  NotificationPreferencesTable,
  NotificationSendsTable,
  PushSubscriptionsTable,
} from './schema/notifications.js';
import type { SessionsTable } from './schema/sessions.js';
import type { CompaniesTable, SiteDomainsTable, SitesTable } from './schema/sites.js';
import type {
  OperatorClaimsTable,
  StaffInvitationsTable,
  StaffLogTable,
  StaffNotesTable,
  StaffPersonasTable,
  StaffRecoveryCodesTable,
  StaffUsersTable,
} from './schema/staff.js';

export type {
  AccountTokensTable,
  DataExportsTable,
  NewUser,
  PasskeyChallengesTable,
  PasskeyPurpose,
  PasskeyRow,
  PasskeysTable,
  TokenPurpose,
  UserRow,
} from './schema/accounts.js';
export type { ConversationRow, MessageRow, MessagesTable } from './schema/chat.js';
export type { LikesTable } from './schema/likes.js';
export type { DeploymentKeysTable, JobsTable, MailsTable } from './schema/machinery.js';
export type { NewPhotoRow, NewProfileRow, PhotoRow, PrivatePhotoAccessTable, ProfileRow } from './schema/members.js';
export type { ComplaintsTable, ModerationAppealsTable, ModerationCasesTable } from './schema/moderation.js';
export type {
  BundleRow,
  CreditBundlesTable,
  CreditLedgerTable,
  DirectDebitCodesTable,
  DirectDebitsTable,
  DiscountCodeRow,
  DiscountCodesTable,
  DiscountKind,
  DiscountRedemptionsTable,
  PaymentEventsTable,
  PaymentRow,
  PaymentStatus,
  PaymentsTable,
} from './schema/money.js';
export type {
  MarketingConsentsTable,
  NotificationPreferencesTable,
  PushSubscriptionsTable,
} from './schema/notifications.js';
export type { SessionKind, StaffSessionStage } from './schema/sessions.js';
export type { CompanyRow, SiteRow } from './schema/sites.js';
export type { StaffLogTable, StaffRole, StaffUserRow, StaffUsersTable } from './schema/staff.js';

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
  staff_invitations: StaffInvitationsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
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
