/** Staff: their accounts (their sessions are in sessions.ts), personas, notes, operator claims and the staff log. */
import type { StaffRole } from '@amora/common';
import type { Generated, Selectable } from 'kysely';

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
  /** The locale the account's mails are written in. */
  language: Generated<string>;
}

/** An admin's invitation to set up the authenticator app: a single-use link, by its hash. */
export interface StaffInvitationsTable {
  token_hash: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The recovery codes shown once at set-up, by their hashes: each signs in once in place of the app's code. */
export interface StaffRecoveryCodesTable {
  staff_id: number;
  code_hash: string;
  used_at: string | null;
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

export type StaffUserRow = Selectable<StaffUsersTable>;
