/** Blocks and reports between profiles. */
import type { PrivatePhotoStanding } from '@amora/common';
import { sql } from 'kysely';
import { type Db, engineOf } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/prepared.js';
import type { PrivatePhotoAccessTable, ProfileRow } from '../../platform/db/schema.js';
import { blockedByViewer, type Purpose, seenBy } from './rule.js';

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

type Standing = PrivatePhotoAccessTable['status'] | null;

/** Who asks: a member (the statement names them) or a visitor. */
type Asker = 'member' | 'visitor';

const visibleProfileStatement = prepared(
  (db, p: { siteId: number; profileId: number; viewer: number }, variant: `${Purpose}:${Asker}`) => {
    const [purpose, asker] = variant.split(':') as [Purpose, Asker];
    const viewer = asker === 'member' ? p.viewer : undefined;
    return db
      .selectFrom('profiles')
      .selectAll('profiles')
      .select((eb) =>
        viewer === undefined
          ? sql<boolean>`false`.as('blocked_by_viewer')
          : eb
              .exists(blockedByViewer(eb, viewer).whereRef('blocked_profile_id', '=', 'profiles.id'))
              .as('blocked_by_viewer'),
      )
      .select((eb) => [
        eb
          .selectFrom('private_photo_access')
          .select('status')
          .whereRef('owner_profile_id', '=', 'profiles.id')
          .where('viewer_profile_id', '=', p.viewer)
          .$castTo<Standing>()
          .as('private_access'),
        eb
          .selectFrom('private_photo_access')
          .select('status')
          .where('owner_profile_id', '=', p.viewer)
          .whereRef('viewer_profile_id', '=', 'profiles.id')
          .$castTo<Standing>()
          .as('my_private_photos'),
      ])
      .where('profiles.id', '=', p.profileId)
      .where('profiles.site_id', '=', p.siteId)
      .where((eb) => seenBy(eb, viewer, purpose));
  },
);

/**
 * A profile of the site as the rule lets `viewer` see it for `purpose`, whether the viewer
 * blocked it (a blocker still sees whom they blocked), and where each stands with the other's
 * private photos; undefined when the rule hides it.
 */
export async function visibleProfile(
  db: Db,
  siteId: number,
  profileId: number,
  viewer: number | undefined,
  purpose: Purpose,
) {
  const found = await visibleProfileStatement.first(
    db,
    { siteId, profileId, viewer: viewer ?? 0 },
    `${purpose}:${viewer === undefined ? 'visitor' : 'member'}`,
  );
  if (!found) return undefined;
  // PostgreSQL answers exists() with a boolean, SQLite with 0 or 1.
  const { blocked_by_viewer, private_access, my_private_photos, ...row } = found;
  return {
    row: row as ProfileRow,
    blockedByViewer: Boolean(blocked_by_viewer),
    privateAccess: (private_access ?? 'none') as PrivatePhotoStanding,
    myPrivatePhotos: (my_private_photos ?? 'none') as PrivatePhotoStanding,
  };
}

/** The viewer asks for the owner's private photos: false when they asked or were granted already. */
export async function insertPrivatePhotoRequest(db: Db, owner: number, viewer: number, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('private_photo_access')
    .values({ owner_profile_id: owner, viewer_profile_id: viewer, status: 'asked', updated_at: now })
    .onConflict((oc) => oc.columns(['owner_profile_id', 'viewer_profile_id']).doNothing())
    .returning('status')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The owner grants the viewer their private photos, asked or not: false when granted already. */
export async function grantPrivatePhotos(db: Db, owner: number, viewer: number, now: string): Promise<boolean> {
  const granted = await db
    .insertInto('private_photo_access')
    .values({ owner_profile_id: owner, viewer_profile_id: viewer, status: 'granted', updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['owner_profile_id', 'viewer_profile_id'])
        .doUpdateSet({ status: 'granted', updated_at: now })
        .where('private_photo_access.status', '=', 'asked'),
    )
    .returning('status')
    .executeTakeFirst();
  return granted !== undefined;
}

/** Ends the pair's request (`asked`: declined) or grant (`granted`: revoked): false when there was none. */
export async function deletePrivatePhotoAccess(
  db: Db,
  owner: number,
  viewer: number,
  status: PrivatePhotoAccessTable['status'],
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('private_photo_access')
    .where('owner_profile_id', '=', owner)
    .where('viewer_profile_id', '=', viewer)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Pairs a statement records at most (4 parameters each, well within PostgreSQL's 65,535). */
const CONTACTS_PER_STATEMENT = 2000;

/** Records that these pairs of profiles have been in touch, each way; pairs recorded before stay as they are. */
export async function insertContacts(db: Db, pairs: [number, number][]): Promise<void> {
  if (engineOf(db) === 'postgres' && pairs.length > 0) {
    // Both directions as two arrays, whatever the number of pairs.
    const ones = pairs.map(([a]) => a);
    const others = pairs.map(([, b]) => b);
    await sql`
      insert into contacts (profile_id, other_profile_id)
      select * from unnest(${[...ones, ...others]}::integer[], ${[...others, ...ones]}::integer[])
      on conflict (profile_id, other_profile_id) do nothing`.execute(db);
    return;
  }
  for (let start = 0; start < pairs.length; start += CONTACTS_PER_STATEMENT) {
    const rows = pairs.slice(start, start + CONTACTS_PER_STATEMENT).flatMap(([a, b]) => [
      { profile_id: a, other_profile_id: b },
      { profile_id: b, other_profile_id: a },
    ]);
    await db
      .insertInto('contacts')
      .values(rows)
      .onConflict((oc) => oc.columns(['profile_id', 'other_profile_id']).doNothing())
      .execute();
  }
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

/** Ends every request and grant of private photos between the two, either way. */
export async function deletePrivatePhotoAccessBetween(db: Db, profile: number, other: number): Promise<void> {
  await db
    .deleteFrom('private_photo_access')
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_profile_id', '=', profile), eb('viewer_profile_id', '=', other)]),
        eb.and([eb('owner_profile_id', '=', other), eb('viewer_profile_id', '=', profile)]),
      ]),
    )
    .execute();
}

/** The blocks a profile made, with the blocked profiles' names, oldest first (a member's data export). */
export function blocksMadeBy(db: Db, blocker: number) {
  return db
    .selectFrom('blocks')
    .innerJoin('profiles', 'profiles.id', 'blocks.blocked_profile_id')
    .select(['profiles.id as profile_id', 'profiles.name', 'blocks.created_at as at'])
    .where('blocks.blocker_profile_id', '=', blocker)
    .orderBy('blocks.created_at')
    .execute();
}

/** The reports a profile made, with the reported profiles' names, oldest first (a member's data export). */
export function reportsMadeBy(db: Db, reporter: number) {
  return db
    .selectFrom('reports')
    .innerJoin('profiles', 'profiles.id', 'reports.reported_profile_id')
    .select([
      'reports.id',
      'profiles.id as profile_id',
      'profiles.name',
      'reports.reason',
      'reports.comment',
      'reports.created_at as at',
    ])
    .where('reports.reporter_profile_id', '=', reporter)
    .orderBy('reports.id')
    .execute();
}
