/** Counting what a filter lists, and the listing state that keeps search totals cached. */
import { CompiledQuery, type Expression, type SqlBool, sql } from 'kysely';
import { type Db, engineOf } from '../../platform/db/index.js';
import { blockedByViewer, blockersOfViewer } from '../safety/rule.js';
import { listedBy, matching, namedExclusions, type ProfilesEb, type SearchFilter } from './filter.js';

/** How many profiles match the filter, its photo condition included. */
export async function countMatching(db: Db, filter: SearchFilter): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many profiles the filter lists, leaving out nobody (listingState counts the excluded). */
export async function countListed(db: Db, filter: SearchFilter): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.and(listedBy(filter, eb)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PostgreSQL's planner's estimate of how many profiles the filter lists (from its statistics, so
 * it costs a plan, not a count); null on SQLite, whose planner makes none.
 */
export async function estimateListed(db: Db, filter: SearchFilter): Promise<number | null> {
  if (engineOf(db) !== 'postgres') return null;
  const listed = db
    .selectFrom('profiles')
    .select('profiles.id')
    .where((eb) => eb.and(listedBy(filter, eb)))
    .compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    CompiledQuery.raw(`explain (format json) ${listed.sql}`, [...listed.parameters]),
  );
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? null;
}

export interface ListingState {
  /**
   * Changes (by database trigger, in the same transaction) whenever a profile is added, removed
   * or listed differently: a count read after reading a version stays valid while it is current.
   */
  version: string;
  /** How many profiles the filter lists that this search leaves out (its excluded ones). */
  hidden: number;
}

/** The sum, over the rows, of 1 where `condition` holds. */
function countWhere(eb: ProfilesEb, condition: Expression<SqlBool>) {
  return eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end());
}

/**
 * The listing state as three scalar subqueries, read with a page of results or on its own. Each
 * count has only the few excluded ids in its WHERE clause, so both engines read those rows by id
 * instead of scanning the listing (which SQLite, without statistics, would otherwise do).
 */
export function listingStateColumns(db: Db, filter: SearchFilter) {
  const named = namedExclusions(filter);
  const viewer = filter.viewerProfileId;
  const version = db.selectFrom('profile_listing_version').select('version').where('id', '=', 1);
  const namedHidden =
    named.length === 0
      ? sql<null>`null`
      : db
          .selectFrom('profiles')
          .select((inner) => countWhere(inner, inner.and(listedBy(filter, inner))).as('n'))
          .where('profiles.id', 'in', named);
  const blockedHidden =
    viewer === undefined
      ? sql<null>`null`
      : db
          .selectFrom('profiles')
          .select((inner) => {
            const listedNotNamed = listedBy(filter, inner);
            if (named.length > 0) listedNotNamed.push(inner('profiles.id', 'not in', named));
            return countWhere(inner, inner.and(listedNotNamed)).as('n');
          })
          .where('profiles.id', 'in', (inner) => blockedByViewer(inner, viewer).union(blockersOfViewer(inner, viewer)));
  return [
    sql<number | string>`(${version})`.as('listing_version'),
    sql<number | string | null>`(${namedHidden})`.as('listing_named'),
    sql<number | string | null>`(${blockedHidden})`.as('listing_blocked'),
  ];
}

export function toListingState(row: {
  listing_version: number | string;
  listing_named?: unknown;
  listing_blocked?: unknown;
}) {
  return {
    version: String(row.listing_version),
    hidden: Number(row.listing_named ?? 0) + Number(row.listing_blocked ?? 0),
  };
}

/** The listing state on its own (see searchPage, which reads it with the results). */
export async function listingState(db: Db, filter: SearchFilter): Promise<ListingState> {
  return toListingState(await db.selectNoFrom(listingStateColumns(db, filter)).executeTakeFirstOrThrow());
}
