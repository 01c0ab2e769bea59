import type { Db } from '../../platform/db/index.js';

export interface AuditFilter {
  staffId?: number;
  /** `<kind>:<id>`, e.g. payment:12. */
  record?: string;
  /** An action, or a family of them: `photo` matches photo.approve and photo.reject. */
  action?: string;
  before?: number;
  limit: number;
}

/** The audit log, newest first, with who acted. */
export function auditLog(db: Db, filter: AuditFilter) {
  let query = db
    .selectFrom('staff_log as l')
    .innerJoin('staff_users as u', 'u.id', 'l.staff_id')
    .select([
      'l.id',
      'l.created_at',
      'l.staff_id',
      'u.name as staff',
      'l.action',
      'l.site_id',
      'l.record',
      'l.changes',
      'l.reason',
      'l.conversation_id',
      'l.profile_id',
      'l.message_id',
    ]);
  if (filter.staffId !== undefined) query = query.where('l.staff_id', '=', filter.staffId);
  if (filter.record !== undefined) query = query.where('l.record', '=', filter.record);
  if (filter.action !== undefined) {
    const action = filter.action;
    query = query.where((eb) => eb.or([eb('l.action', '=', action), eb('l.action', 'like', `${action}.%`)]));
  }
  if (filter.before !== undefined) query = query.where('l.id', '<', filter.before);
  return query.orderBy('l.id', 'desc').limit(filter.limit).execute();
}
