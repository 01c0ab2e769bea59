/** The staff account as the server passes it around: who is signed in, with what role. */
import { isLocale, type Locale } from '@amora/common';
import type { StaffRole, StaffUserRow } from '../../platform/db/schema.js';

/** The language of staff accounts made before they had one, and of those the command line adds. */
export const DEFAULT_STAFF_LANGUAGE: Locale = 'en';

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** Signs in with a code from an authenticator app. */
  two_step: boolean;
  /** Conversations held at once, at most. */
  capacity: number;
  /** Takes no conversations now. */
  away: boolean;
  /** The language of the account's back office and mails. */
  language: Locale;
}

export function toMember(
  row: Pick<StaffUserRow, 'id' | 'name' | 'email' | 'role' | 'totp_secret' | 'capacity' | 'away' | 'language'>,
): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    two_step: row.totp_secret !== null,
    capacity: row.capacity,
    away: row.away === 1,
    language: isLocale(row.language) ? row.language : DEFAULT_STAFF_LANGUAGE,
  };
}

/** A staff account as the team desk lists it. */
export function toAccount(row: StaffUserRow, until: { invitation: string | null; locked: string | null }) {
  return {
    ...toMember(row),
    invitation_until: until.invitation,
    locked_until: until.locked,
    disabled: row.disabled_at !== null,
    created_at: row.created_at,
  };
}
