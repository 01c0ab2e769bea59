/** Sessions: one store for members' and staff's, each of a kind, with the columns of its kind. */
import type { Generated } from 'kysely';

/** A member's session (the member cookie) or a staff member's (the staff cookie): one never stands for the other. */
export type SessionKind = 'member' | 'staff';

/** How far a staff session is: signed in, or waiting for the code (`code`), or for the first one of a new secret (`enrol`). */
export type StaffSessionStage = 'signed_in' | 'code' | 'enrol';

/**
 * A check holds each row to its kind: a member's session has `user_id` and no `staff_id`, a staff
 * session the reverse. The columns of the other kind stay at their defaults.
 */
export interface SessionsTable {
  /** The hash of the cookie's token. */
  id: string;
  kind: SessionKind;
  user_id: number | null;
  staff_id: number | null;
  created_at: string;
  expires_at: string;
  // A member's session: what it shows of its device and place.
  /** The browser's user agent as it signed in, cut to SESSION_USER_AGENT_LENGTH; null if unknown. */
  user_agent: string | null;
  /** The two-letter country the session was last used from (never the address); null if unknown. */
  country: string | null;
  /** Set at sign-in, then updated at most every SESSION_SEEN_MINUTES, not on every request; null for staff. */
  last_seen_at: string | null;
  /** Hash of the link, mailed on a sign-in from a new device, that ends this session; null for others. */
  end_token_hash: string | null;
  // A staff session: its two-step sign-in.
  stage: Generated<StaffSessionStage>;
  /** A secret being set up, until its first code is right. */
  pending_secret: Generated<string | null>;
  code_attempts: Generated<number>;
}
