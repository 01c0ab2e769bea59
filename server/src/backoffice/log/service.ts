/**
 * The audit log desk: admins read who did what to which record (with its name, where it has one: a
 * staff account, a member, a profile, a site), the values before and after, and why.
 */
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { Db } from '../../platform/db/index.js';
import * as queries from './queries.js';

/** Audit log rows an admin sees at once; older ones page on. */
const AUDIT_PAGE = 100;

type LogRow = Awaited<ReturnType<typeof queries.auditLog>>[number];

/** The kinds of record that have a name. */
const NAMED_KINDS = ['staff', 'user', 'profile', 'site'];

/**
 * Whom or what an entry is about, as `kind:id`: its record where that has a name, else the profile it
 * concerns (a photo's, a report's, an answer's).
 */
function subjectOf(row: LogRow): string | null {
  if (row.record && NAMED_KINDS.includes(row.record.split(':')[0] ?? '')) return row.record;
  return row.profile_id === null ? null : `profile:${row.profile_id}`;
}

/** The ids of the subjects that have a name, by kind. */
function namedIds(rows: LogRow[]): queries.NamedIds {
  const ids: queries.NamedIds = { staff: [], user: [], profile: [], site: [] };
  for (const subject of rows.map(subjectOf)) {
    const [kind, id] = subject?.split(':') ?? [];
    if (kind && kind in ids) ids[kind as keyof queries.NamedIds].push(Number(id));
  }
  return ids;
}

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
      const names = await queries.recordNames(db, namedIds(rows));
      return {
        entries: rows.map((row) => {
          const subject = subjectOf(row);
          return {
            ...row,
            subject: (subject && names.get(subject)) ?? null,
            changes: row.changes === null ? null : (JSON.parse(row.changes) as Record<string, [unknown, unknown]>),
          };
        }),
        next_before: rows.length === AUDIT_PAGE ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}
