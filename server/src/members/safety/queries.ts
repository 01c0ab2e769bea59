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

/** The blocks between a viewer and a profile, both ways, in one read. */
export async function blocksBetween(db: Db, viewer: number, profile: number) {
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_profile_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_profile_id', '=', viewer), eb('blocked_profile_id', '=', profile)]),
        eb.and([eb('blocker_profile_id', '=', profile), eb('blocked_profile_id', '=', viewer)]),
      ]),
    )
    .execute();
  return {
    blockedByViewer: rows.some((row) => row.blocker_profile_id === viewer),
    blockedByProfile: rows.some((row) => row.blocker_profile_id === profile),
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
): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      reporter_profile_id: report.reporter,
      reported_profile_id: report.reported,
      reason: report.reason,
      comment: report.comment,
      created_at: report.now,
    })
    .execute();
}
