/** Members' accounts: users, sign-in (devices, passkeys, failures; sessions are in sessions.ts), account tokens and data exports. */
import type { Generated, Insertable, Selectable } from 'kysely';

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

/**
 * Failed sign-ins per address asked for, with or without an account behind it: members' per site,
 * staff's (site 0) across sites.
 */
export interface LoginFailuresTable {
  kind: 'member' | 'staff';
  site_id: number;
  email_key: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
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

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
