/** Blocks and reports between profiles. */
import type { Db } from '../../db/index.js';
import type { ProfileRow } from '../../db/schema.js';

export async function insertBlock(db: Db, blocker: number, blocked: number, now: string): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_profile_id: blocker, blocked_profile_id: blocked, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_profile_id', 'blocked_profile_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where('blocker_profile_id', '=', blocker)
    .where('blocked_profile_id', '=', blocked)
    .execute();
}

/** A profile of the site with the blocks between it and a viewer, both ways, in one read. */
export async function profileWithBlocks(db: Db, siteId: number, profileId: number, viewer: number) {
  const found = await db
    .selectFrom('profiles')
    .selectAll('profiles')
    .select((eb) => {
      const blocks = (blocker: number, blocked: number) =>
        eb.exists(
          eb
            .selectFrom('blocks')
            .select('blocker_profile_id')
            .where('blocker_profile_id', '=', blocker)
            .where('blocked_profile_id', '=', blocked),
        );
      return [blocks(viewer, profileId).as('blocked_by_viewer'), blocks(profileId, viewer).as('blocked_by_profile')];
    })
    .where('id', '=', profileId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!found) return undefined;
  // PostgreSQL answers exists() with a boolean, SQLite with 0 or 1.
  const { blocked_by_viewer, blocked_by_profile, ...row } = found;
  return {
    row: row as ProfileRow,
    blockedByViewer: Boolean(blocked_by_viewer),
    blockedByProfile: Boolean(blocked_by_profile),
  };
}

export function blockedBy(db: Db, blocker: number): Promise<ProfileRow[]> {
  return db
    .selectFrom('blocks')
    .innerJoin('profiles', 'profiles.id', 'blocks.blocked_profile_id')
    .selectAll('profiles')
    .where('blocks.blocker_profile_id', '=', blocker)
    .orderBy('blocks.created_at', 'desc')
    .execute();
}

export async function insertReport(
  db: Db,
  report: { reporter: number; reported: number; reason: string; comment: string | null; now: string },
): Promise<number> {
  const inserted = await db
    .insertInto('reports')
    .values({
      reporter_profile_id: report.reporter,
      reported_profile_id: report.reported,
      reason: report.reason,
      comment: report.comment,
      created_at: report.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Reports with both sides' profiles (name, account), as moderators read them. */
function reportsWithSides(db: Db) {
  return db
    .selectFrom('reports')
    .innerJoin('profiles as reporter', 'reporter.id', 'reports.reporter_profile_id')
    .innerJoin('profiles as reported', 'reported.id', 'reports.reported_profile_id')
    .select([
      'reports.id',
      'reports.reason',
      'reports.comment',
      'reports.created_at',
      'reporter.id as reporter_id',
      'reporter.name as reporter_name',
      'reporter.user_id as reporter_user_id',
      'reported.id as reported_id',
      'reported.name as reported_name',
      'reported.user_id as reported_user_id',
      'reported.hosted as reported_hosted',
    ]);
}

export function reportsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return reportsWithSides(db).where('reports.id', 'in', ids).execute();
}

/** Reports a profile made or received, newest first. */
export function reportsInvolving(db: Db, profileId: number, limit: number) {
  return reportsWithSides(db)
    .where((eb) =>
      eb.or([eb('reports.reporter_profile_id', '=', profileId), eb('reports.reported_profile_id', '=', profileId)]),
    )
    .orderBy('reports.id', 'desc')
    .limit(limit)
    .execute();
}
