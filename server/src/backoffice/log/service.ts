/** The audit log desk: admins read who did what to which record, the values before and after, and why. */
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { Db } from '../../platform/db/index.js';
import * as queries from './queries.js';

/** Audit log rows an admin sees at once; older ones page on. */
const AUDIT_PAGE = 100;

export function createLogDesk(deps: { db: Db }) {
  const { db } = deps;

  return {
    async auditLog(
      staff: StaffMember | null,
      filter: { staff?: number; record?: string; action?: string; before?: number },
    ) {
      requireRight(staff, 'staff');
      const rows = await queries.auditLog(db, {
        staffId: filter.staff,
        record: filter.record,
        action: filter.action,
        before: filter.before,
        limit: AUDIT_PAGE,
      });
      return {
        entries: rows.map((row) => ({
          ...row,
          changes: row.changes === null ? null : (JSON.parse(row.changes) as Record<string, [unknown, unknown]>),
        })),
        next_before: rows.length === AUDIT_PAGE ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}
