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

/** Ids by the kind of record they name (`staff:2` → staff 2). */
export interface NamedIds {
  staff: number[];
  user: number[];
  profile: number[];
  site: number[];
}

/** The names of the staff accounts, members (by account), profiles and sites with these ids, as `kind:id` → name. */
export async function recordNames(db: Db, ids: NamedIds): Promise<Map<string, string>> {
  const none = Promise.resolve([] as { id: number; name: string }[]);
  const [staff, users, profiles, sites] = await Promise.all([
    ids.staff.length
      ? db.selectFrom('staff_users').select(['id', 'name']).where('id', 'in', ids.staff).execute()
      : none,
    ids.user.length
      ? db
          .selectFrom('profiles')
          .select(['user_id as id', 'name'])
          .where('user_id', 'in', ids.user)
          .execute()
          .then((rows) => rows.map((row) => ({ id: row.id ?? 0, name: row.name })))
      : none,
    ids.profile.length
      ? db.selectFrom('profiles').select(['id', 'name']).where('id', 'in', ids.profile).execute()
      : none,
    ids.site.length ? db.selectFrom('sites').select(['id', 'name']).where('id', 'in', ids.site).execute() : none,
  ]);
  return new Map([
    ...staff.map((row) => [`staff:${row.id}`, row.name] as const),
    ...users.map((row) => [`user:${row.id}`, row.name] as const),
    ...profiles.map((row) => [`profile:${row.id}`, row.name] as const),
    ...sites.map((row) => [`site:${row.id}`, row.name] as const),
  ]);
}
