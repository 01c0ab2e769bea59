/** Table types. Timestamps are ISO-8601 UTC strings and flags are 0/1 on both engines. */
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
  password_hash: string;
  language: string;
  status: 'not_confirmed' | 'confirmed';
  paid_user: Generated<number>;
  signup_date: string;
  notifications_disabled: Generated<string>;
  signup_message: string | null;
  tracking: string | null;
  failed_logins: Generated<number>;
  blocked_until: string | null;
  pending_email: string | null;
  deleted_at: string | null;
  delete_reason: string | null;
  delete_comment: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
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
  user_id: number;
  site_id: number;
  name: string;
  date_of_birth: string;
  status: 'disabled' | 'active';
  created_at: string;
}

export interface CreditAccountsTable {
  user_id: number;
  balance: number;
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

export interface MailsTable {
  id: Generated<number>;
  site_id: number | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export interface Database {
  companies: CompaniesTable;
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  profiles: ProfilesTable;
  credit_accounts: CreditAccountsTable;
  credit_ledger: CreditLedgerTable;
  mails: MailsTable;
}

export type SiteRow = Selectable<SitesTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
