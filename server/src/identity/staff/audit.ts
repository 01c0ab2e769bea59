/** The staff audit log's writer: every staff action leaves a row, and rows are only ever added. */
import type { Clock } from '../../platform/clock.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { StaffMember } from './member.js';
import * as queries from './queries.js';

/** What a staff action was about, for the audit log. */
export interface StaffSubject {
  conversation?: number;
  profile?: number;
  message?: number;
  site?: number;
  /** The record acted on, `<kind>:<id>`. */
  record?: string;
  /** The fields changed: before and after. */
  changes?: Record<string, [unknown, unknown]>;
  reason?: string;
}

/** Writes a row of the audit log; given a transaction, the row is written with the change it tells of. */
export type AuditLog = (staff: StaffMember, action: string, about: StaffSubject, trx?: Db) => Promise<void>;

export function createAuditLog(db: Db, clock: Clock): AuditLog {
  return async (staff, action, about, trx = db) => {
    await queries.log(trx, {
      staff_id: staff.id,
      action,
      conversation_id: about.conversation ?? null,
      profile_id: about.profile ?? null,
      message_id: about.message ?? null,
      site_id: about.site ?? null,
      record: about.record ?? null,
      changes: about.changes ? JSON.stringify(about.changes) : null,
      reason: about.reason ?? null,
      created_at: clock.now().toISOString(),
    });
  };
}

/**
 * A staff action's audit row as work for the change's own transaction (see InTransaction): `about`
 * tells what the change did from its outcome, or null when it did nothing worth a row.
 */
export function auditedAs<T>(
  log: AuditLog,
  staff: StaffMember,
  action: string | ((outcome: T) => string),
  about: (outcome: T) => StaffSubject | null,
): InTransaction<T> {
  return async (trx, outcome) => {
    const subject = about(outcome);
    if (subject) await log(staff, typeof action === 'string' ? action : action(outcome), subject, trx);
  };
}
