/** A search filter, and the conditions it puts on the profiles table. */
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { seenBy } from '../safety/rule.js';

export interface SearchFilter {
  siteId: number;
  gender?: string;
  country?: string;
  region?: string;
  /** Born on or before this day (the minimum age). */
  bornOnOrBefore?: string;
  /** Born after this day (the maximum age). */
  bornAfter?: string;
  /** The start of a name, as searchKey() makes it; results then come in name order. */
  nameStart?: string;
  /** The first key past the names starting with nameStart (pastPrefix), given with it. */
  nameEnd?: string;
  /** The searcher: their own profile and both sides of their blocks are never listed. */
  viewerProfileId?: number;
  /** Further profiles not to list, e.g. those already shown. */
  excluded: number[];
  /** Only hosted profiles. */
  hostedOnly?: boolean;
  /** Only members' profiles, test accounts left out: what the index of members' profiles holds. */
  membersOnly?: boolean;
  /**
   * Test accounts: left out of every order of profiles (`without`: nobody finds them), or counted
   * alone (`only`) for a total to leave them out.
   */
  testAccounts?: 'without' | 'only';
  /**
   * Whom the viewer may find (search) or contact (their likes and chats: invisibility does not hide
   * those they have been in touch with); find when not given.
   */
  purpose?: 'find' | 'contact';
  /**
   * A lander's faces: only these body types, a city (in lower case, matched in any case); only
   * profiles with an active main photo (true) or only those without (false).
   */
  bodyTypes?: readonly string[];
  city?: string;
  withMainPhoto?: boolean;
}

export type ProfilesEb = ExpressionBuilder<Database, 'profiles'>;

/**
 * A column as a criterion names it: the members' part of search reads the partial index of
 * members' profiles (led by site, status and invisible alone), so its gender and place are written
 * as expressions no index takes; else SQLite picks an index of everyone's that matches more of the
 * criteria and walks past every hosted profile.
 */
const criterion = (filter: SearchFilter, column: 'gender' | 'country' | 'region') =>
  filter.membersOnly ? sql<string>`(${sql.ref(`profiles.${column}`)} || '')` : sql.ref<string>(`profiles.${column}`);

/** The site and the filter's criteria, before anyone's visibility. */
function criteriaOf(filter: SearchFilter, eb: ProfilesEb, byId = false) {
  const conditions = [
    !byId && filter.testAccounts !== 'only'
      ? eb('profiles.site_id', '=', filter.siteId)
      : // Unary plus: the search indexes (all led by site_id) are then no candidates, so a lookup of
        // a few ids goes by primary key, and a count of test accounts by their own small index, even
        // where the planner has no statistics (SQLite).
        eb(sql<number>`+profiles.site_id`, '=', filter.siteId),
  ];
  if (filter.gender) conditions.push(eb(criterion(filter, 'gender'), '=', filter.gender));
  if (filter.country) conditions.push(eb(criterion(filter, 'country'), '=', filter.country));
  if (filter.region) conditions.push(eb(criterion(filter, 'region'), '=', filter.region));
  if (filter.bornOnOrBefore) conditions.push(eb('profiles.date_of_birth', '<=', filter.bornOnOrBefore));
  if (filter.bornAfter) conditions.push(eb('profiles.date_of_birth', '>', filter.bornAfter));
  if (filter.nameStart) {
    conditions.push(eb('profiles.name_key', '>=', filter.nameStart));
    conditions.push(eb('profiles.name_key', '<', filter.nameEnd ?? null));
  }
  return conditions;
}

/**
 * Whom the filter lists for anyone, before leaving out the searcher's own, `excluded` and both
 * sides of the searcher's blocks (what a large total estimates, see totals.ts).
 */
export function listedBy(filter: SearchFilter, eb: ProfilesEb) {
  return [...criteriaOf(filter, eb), seenBy(eb, undefined, 'find')];
}

/** The searcher's own profile and `excluded`: ids given as values. */
function namedExclusions(filter: SearchFilter): number[] {
  return filter.viewerProfileId === undefined ? filter.excluded : [filter.viewerProfileId, ...filter.excluded];
}

/** What only a lander asks for; search totals never count with these, so they stay out of listedBy. */
function showcaseConditions(filter: SearchFilter, eb: ProfilesEb) {
  const conditions = [];
  if (filter.bodyTypes) conditions.push(eb('profiles.body_type', 'in', [...filter.bodyTypes]));
  if (filter.city) conditions.push(eb(eb.fn('lower', ['profiles.city']), '=', filter.city));
  // A literal: the partial index of members' profiles holds those with a face only.
  if (filter.withMainPhoto !== undefined)
    conditions.push(eb('profiles.has_face', '=', eb.lit(filter.withMainPhoto ? 1 : 0)));
  return conditions;
}

/**
 * Which profiles a lookup by primary key asks of a filter: these ids given as values, or the one
 * whose id a column of an enclosing query holds (another domain's rows, e.g. the likes lists').
 */
type AmongIds = number[] | Expression<number>;

/** The filter's profiles; with `among`, only those of these ids, found by primary key. */
export function matching(filter: SearchFilter, among?: AmongIds) {
  return (eb: ProfilesEb) => {
    const conditions = [
      ...criteriaOf(filter, eb, among !== undefined),
      seenBy(eb, filter.viewerProfileId, filter.purpose ?? 'find'),
    ];
    if (Array.isArray(among)) conditions.push(eb('profiles.id', 'in', among));
    else if (among) conditions.push(eb('profiles.id', '=', among));
    const named = namedExclusions(filter);
    if (named.length > 0) conditions.push(eb('profiles.id', 'not in', named));
    if (filter.hostedOnly) conditions.push(eb('profiles.hosted', '=', 1));
    // Written as literals: a partial index's condition is matched only by the same constants.
    if (filter.membersOnly) {
      conditions.push(eb('profiles.hosted', '=', eb.lit(0)), eb('profiles.test_account', '=', eb.lit(0)));
    }
    if (filter.testAccounts) {
      conditions.push(eb('profiles.test_account', '=', eb.lit(filter.testAccounts === 'only' ? 1 : 0)));
    }
    conditions.push(...showcaseConditions(filter, eb));
    return eb.and(conditions);
  };
}
