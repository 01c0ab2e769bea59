/** Moderation: cases, appeals, complaints and banned addresses. */
import type { CaseKind, CaseMeasure } from '@amora/common';
import type { Generated } from 'kysely';

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

export interface BannedAddressesTable {
  site_id: number;
  email_key: string;
  created_at: string;
}
