import type { LikeSource } from '@amora/common';
import { type AliasedExpression, type Insertable, sql } from 'kysely';
import type { ListedCondition } from '../members/search/service.js';
import { type Db, engineOf } from '../platform/db/index.js';
import { prepared } from '../platform/db/prepared.js';
import type { LikesTable } from '../platform/db/schema.js';

/** Stores a like unless it exists; true when it is new. */
export async function insertLike(
  db: Db,
  like: { liker: number; liked: number; source: LikeSource; now: string; seen?: boolean },
): Promise<boolean> {
  const rows = await db
    .insertInto('likes')
    .values({
      liker_profile_id: like.liker,
      liked_profile_id: like.liked,
      source: like.source,
      created_at: like.now,
      seen_at: like.seen ? like.now : null,
    })
    .onConflict((conflict) => conflict.columns(['liker_profile_id', 'liked_profile_id']).doNothing())
    .returning('liker_profile_id')
    .execute();
  return rows.length > 0;
}

/** Stores many likes at once (load tests), leaving out pairs that exist. */
export async function insertLikes(db: Db, likes: Insertable<LikesTable>[]): Promise<void> {
  if (likes.length === 0) return;
  if (engineOf(db) === 'postgres') {
    // One array a column instead of five parameters a row: a bulk load's statements cost a fifth.
    const column = <T>(pick: (like: Insertable<LikesTable>) => T) => likes.map(pick);
    await sql`
      insert into likes (liker_profile_id, liked_profile_id, source, created_at, seen_at)
      select * from unnest(
        ${column((like) => like.liker_profile_id)}::integer[], ${column((like) => like.liked_profile_id)}::integer[],
        ${column((like) => like.source)}::text[], ${column((like) => like.created_at)}::text[],
        ${column((like) => like.seen_at ?? null)}::text[])
      on conflict (liker_profile_id, liked_profile_id) do nothing`.execute(db);
    return;
  }
  await db
    .insertInto('likes')
    .values(likes)
    .onConflict((conflict) => conflict.columns(['liker_profile_id', 'liked_profile_id']).doNothing())
    .execute();
}

export async function deleteLike(db: Db, liker: number, liked: number): Promise<void> {
  await db.deleteFrom('likes').where('liker_profile_id', '=', liker).where('liked_profile_id', '=', liked).execute();
}

export async function hasLiked(db: Db, liker: number, liked: number): Promise<boolean> {
  const row = await db
    .selectFrom('likes')
    .select('created_at')
    .where('liker_profile_id', '=', liker)
    .where('liked_profile_id', '=', liked)
    .executeTakeFirst();
  return row !== undefined;
}

/** Likes a profile gave, most recent first. */
export function likesGivenBy(db: Db, liker: number) {
  return db
    .selectFrom('likes')
    .select(['liked_profile_id as profileId', 'seen_at'])
    .where('liker_profile_id', '=', liker)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Likes a profile got: new ones first, then most recent first. */
export function likesReceivedBy(db: Db, liked: number) {
  return db
    .selectFrom('likes')
    .select(['liker_profile_id as profileId', 'seen_at'])
    .where('liked_profile_id', '=', liked)
    .orderBy(sql`case when seen_at is null then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .execute();
}

/** An entry of a likes list in its order: the other profile, when the like was given, whether it is new to whom it was given. */
export interface ListedLike {
  id: number;
  at: string;
  fresh: boolean;
}

/** Where a page of a likes list starts: after this entry (null: at the top). */
export type LikesAfter = Pick<ListedLike, 'id' | 'at' | 'fresh'> | null;

/** Likes a profile gave, newest first, after `after` (index likes_given_newest). */
export async function givenPage(db: Db, liker: number, after: LikesAfter, limit: number): Promise<ListedLike[]> {
  return listedLikes(await givenPart(db, liker, after, limit).execute());
}

function givenPart(db: Db, liker: number, after: LikesAfter, limit: number) {
  let query = db
    .selectFrom('likes')
    .select([
      'liked_profile_id as id',
      'created_at as at',
      sql<number>`case when seen_at is null then 1 else 0 end`.as('fresh'),
    ])
    .where('liker_profile_id', '=', liker);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('created_at', 'liked_profile_id'), '<', eb.tuple(after.at, after.id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('liked_profile_id', 'desc').limit(limit);
}

/** The rows of a list's query, `fresh` 1 or 0. */
const listedLikes = (rows: { id: number; at: string; fresh: number }[]): ListedLike[] =>
  rows.map((row) => ({ id: row.id, at: row.at, fresh: Number(row.fresh) === 1 }));

/**
 * Likes a profile got, new ones first, then the seen, each newest first, after `after`; with
 * `matchesOnly`, only from profiles it likes back. One statement of two parts, each reading its own
 * index in order (likes_received_new, likes_received_newest), so a page costs what the first does.
 */
export async function receivedPage(
  db: Db,
  liked: number,
  after: LikesAfter,
  limit: number,
  matchesOnly = false,
): Promise<ListedLike[]> {
  const seen = receivedPart(db, liked, false, after && !after.fresh ? after : null, limit, matchesOnly);
  // Past the new ones, only the seen part is left.
  const parts =
    after && !after.fresh
      ? db.selectFrom(seen.as('seen')).selectAll()
      : db
          .selectFrom(receivedPart(db, liked, true, after, limit, matchesOnly).as('fresh'))
          .selectAll()
          .unionAll(db.selectFrom(seen.as('seen')).selectAll());
  const rows = await db
    .selectFrom(parts.as('received'))
    .selectAll()
    .orderBy('fresh', 'desc')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return listedLikes(rows);
}

function receivedPart(db: Db, liked: number, fresh: boolean, after: LikesAfter, limit: number, matchesOnly: boolean) {
  let query = db
    .selectFrom('likes as received')
    .select([
      'received.liker_profile_id as id',
      'received.created_at as at',
      sql<number>`${sql.lit(fresh ? 1 : 0)}`.as('fresh'),
    ])
    .where('received.liked_profile_id', '=', liked)
    .where('received.seen_at', fresh ? 'is' : 'is not', null);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('received.created_at', 'received.liker_profile_id'), '<', eb.tuple(after.at, after.id)),
    );
  }
  if (matchesOnly) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('likes as back')
          .select('back.liked_profile_id')
          .whereRef('back.liker_profile_id', '=', 'received.liked_profile_id')
          .whereRef('back.liked_profile_id', '=', 'received.liker_profile_id')
          // An offset keeps PostgreSQL from making this a join: its prepared statements' generic plan
          // then compared every received like with every given one (1.4 s at 5,200 and 3,100), where
          // a lookup of the like back by its key, row by row in the list's order, stops at the page.
          .limit(1)
          .offset(0),
      ),
    );
  }
  return query.orderBy('received.created_at', 'desc').orderBy('received.liker_profile_id', 'desc').limit(limit);
}

/** likes.php's lists, each its likes in its order, of the profiles the member may see. */
export type ListsOverview = Record<
  'receivedNew' | 'receivedSeen' | 'given' | 'matchesNew' | 'matchesSeen',
  ListedLike[]
>;

type ScannedLikes = AliasedExpression<{ id: number; at: string; fresh: number }, 'scanned'>;

/**
 * likes.php's lists in one statement: of each part, up to `keep` likes of the profiles `listed`
 * keeps, in its order, among the first `scan` read from its index (likes_received_new,
 * likes_received_newest, likes_given_newest), so the work is bounded however many likes there are.
 * Its rows go to `overviewLists`.
 */
export function listsOverviewQuery(
  db: Db,
  profileId: number,
  listed: ListedCondition,
  bounds: { scan: number; keep: number },
) {
  const kept = (scanned: ScannedLikes, part: number) =>
    db
      .selectFrom(
        db
          .selectFrom(scanned)
          .select(['scanned.id', 'scanned.at', 'scanned.fresh', sql<number>`${sql.lit(part)}`.as('part')])
          .where((eb) => listed(eb.ref('scanned.id')))
          .orderBy('scanned.at', 'desc')
          .orderBy('scanned.id', 'desc')
          .limit(bounds.keep)
          .as('part'),
      )
      .selectAll();
  const received = (fresh: boolean, matchesOnly: boolean) =>
    receivedPart(db, profileId, fresh, null, bounds.scan, matchesOnly).as('scanned');
  const scans: Record<keyof ListsOverview, ScannedLikes> = {
    receivedNew: received(true, false),
    receivedSeen: received(false, false),
    given: givenPart(db, profileId, null, bounds.scan).as('scanned'),
    matchesNew: received(true, true),
    matchesSeen: received(false, true),
  };
  // SQLite allows no ORDER BY or LIMIT on a bare member of a union: each part is a subquery of its own.
  const parts = OVERVIEW_PARTS.map((name, part) => kept(scans[name], part)).reduce((union, part) =>
    union.unionAll(part),
  );
  return db.selectFrom(parts.as('lists')).selectAll().orderBy('part').orderBy('at', 'desc').orderBy('id', 'desc');
}

const OVERVIEW_PARTS = ['receivedNew', 'receivedSeen', 'given', 'matchesNew', 'matchesSeen'] as const;

/** The rows of `listsOverviewQuery`, list by list. */
export function overviewLists(rows: { id: number; at: string; fresh: number; part: number }[]): ListsOverview {
  const inPart = (part: number) => listedLikes(rows.filter((row) => Number(row.part) === part));
  return Object.fromEntries(OVERVIEW_PARTS.map((name, part) => [name, inPart(part)])) as ListsOverview;
}

/** Those of `ids` that `liker` likes. */
export async function likedAmong(db: Db, liker: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('liked_profile_id as id')
    .where('liker_profile_id', '=', liker)
    .where('liked_profile_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

const likesBetweenStatement = prepared((db, p: { profile: number; other: number }) =>
  db
    .selectFrom('likes')
    .select(['liker_profile_id', 'seen_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_profile_id', '=', p.profile), eb('liked_profile_id', '=', p.other)]),
        eb.and([eb('liker_profile_id', '=', p.other), eb('liked_profile_id', '=', p.profile)]),
      ]),
    ),
);

/** The likes between two profiles, either way, in one read. */
export function likesBetween(db: Db, profile: number, other: number) {
  return likesBetweenStatement.rows(db, { profile, other });
}

const markLikeSeenStatement = prepared((db, p: { liker: number; liked: number; now: string }) =>
  db
    .updateTable('likes')
    .set({ seen_at: p.now })
    .where('liker_profile_id', '=', p.liker)
    .where('liked_profile_id', '=', p.liked)
    .where('seen_at', 'is', null),
);

export async function markLikeSeen(db: Db, liker: number, liked: number, now: string): Promise<void> {
  await markLikeSeenStatement.changed(db, { liker, liked, now });
}

export async function logSwipeLike(db: Db, profileId: number, liked: number, now: string): Promise<void> {
  await db
    .insertInto('swipe_likes')
    .values({ profile_id: profileId, liked_profile_id: liked, created_at: now })
    .execute();
}

/** Likes given in the swipe game since `since`, withdrawn ones included. */
export async function countSwipeLikesSince(db: Db, profileId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('swipe_likes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSkip(db: Db, profileId: number, skipped: number, now: string): Promise<void> {
  await db
    .insertInto('swipe_skips')
    .values({ profile_id: profileId, skipped_profile_id: skipped, created_at: now })
    .onConflict((conflict) => conflict.columns(['profile_id', 'skipped_profile_id']).doNothing())
    .execute();
}

/** The profiles a member already decided on in the swipe game or elsewhere: liked or skipped, latest first. */
export async function decidedBy(db: Db, profileId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('likes')
    .select(['liked_profile_id as id', 'created_at'])
    .where('liker_profile_id', '=', profileId)
    .unionAll(
      db
        .selectFrom('swipe_skips')
        .select(['skipped_profile_id as id', 'created_at'])
        .where('profile_id', '=', profileId),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Serialises one member's swipes until the transaction ends, so concurrent swipes cannot both take
 * the last like of the day. SQLite runs one write transaction at a time already.
 */
export async function lockSwipesOf(db: Db, profileId: number): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(${SWIPE_LOCKS}, ${profileId})`.execute(db);
}

/**
 * Serialises likes between two profiles until the transaction ends, so two likes at the same
 * moment see each other and make exactly one match. SQLite runs one write transaction at a time.
 */
export async function lockLikesBetween(db: Db, profile: number, other: number): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  // One key per pair, whichever of the two likes.
  const [low, high] = profile < other ? [profile, other] : [other, profile];
  await sql`select pg_advisory_xact_lock(${PAIR_LOCKS}, hashtext(${`${low}:${high}`}))`.execute(db);
}

/**
 * The advisory-lock key spaces (the first of pg_advisory_xact_lock's two keys; chat/queries.ts has
 * 6, staff/claim-queries.ts 7, money/prices/queries.ts 8, notifications/queries.ts 9).
 */
const SWIPE_LOCKS = 4;
const PAIR_LOCKS = 5;

/** Every like a profile gave or got, oldest first, with when (a member's data export). */
export function likesInvolving(db: Db, profileId: number) {
  return db
    .selectFrom('likes')
    .select(['liker_profile_id', 'liked_profile_id', 'source', 'created_at', 'seen_at'])
    .where((eb) => eb.or([eb('liker_profile_id', '=', profileId), eb('liked_profile_id', '=', profileId)]))
    .orderBy('created_at')
    .execute();
}
