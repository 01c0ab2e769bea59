/**
 * Search totals without counting a large set: a count that stops at LARGE_TOTAL, so a small total
 * costs at most that many index entries and is exact and current; from there on PostgreSQL's
 * planner's estimate (SQLite, which makes none, counts), kept a minute per filter.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import { type Db, engineOf } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/prepared.js';
import { listedBy, matching, type SearchFilter } from './filter.js';
import { type FilterParameters, filterOfShape, parametersOf, shapeOf } from './shape.js';

/**
 * From this many on, a total is an estimate: on a site of a million, counting half a million index
 * entries for a filter seen for the first time would cost more than the search itself, for a
 * figure nobody reads to the last digit.
 */
const LARGE_TOTAL = 1000;
const LARGE_TOTAL_KEPT_MS = 60_000;
/** Filters whose large total is kept; the least recently used go first. */
const KEPT_TOTALS = 2000;

const countStatement = prepared((db, p: FilterParameters, shape: string) =>
  db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(matching(filterOfShape(shape, p))),
);

/** How many profiles match the filter, its photo condition included. */
async function countMatching(db: Db, filter: SearchFilter): Promise<number> {
  const row = await countStatement.first(db, parametersOf(filter), shapeOf(filter));
  return Number(row?.n ?? 0);
}

/**
 * How many profiles the filter lists counting no further than `bound`, and how many of them are
 * test accounts: nobody finds those, so a count of everyone listed takes them off (their own
 * index holds the handful; leaving them out of the count itself would cost a table read for every
 * profile counted). One statement.
 */
const fewStatement = prepared((db, p: FilterParameters & { bound: number }, shape: string) => {
  const filter = filterOfShape(shape, p);
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom(
        eb.selectFrom('profiles').select(sql<number>`1`.as('one')).where(matching(filter)).limit(p.bound).as('bounded'),
      )
      .select((count) => count.fn.countAll().as('n'))
      .as('listed'),
    eb
      .selectFrom('profiles')
      .select((count) => count.fn.countAll().as('n'))
      .where(matching({ ...filter, testAccounts: 'only' }))
      .as('tests'),
  ]);
});

/** How many the filter lists, counting no further than `bound` (test accounts, counted alone, taken off). */
async function countListedUpTo(db: Db, filter: SearchFilter, bound: number): Promise<{ few: number; tests: number }> {
  const row = await fewStatement.first(db, { ...parametersOf(filter), bound }, shapeOf(filter));
  return { few: Number(row?.listed ?? 0), tests: Number(row?.tests ?? 0) };
}

/** How many test accounts the filter would list (see countListedUpTo). */
const testAccountsAmong = (db: Db, filter: SearchFilter) => countMatching(db, { ...filter, testAccounts: 'only' });

/**
 * PostgreSQL's planner's estimate of how many profiles the filter lists for anyone (from its
 * statistics, so it costs a plan, not a count); null on SQLite, whose planner makes none.
 */
async function estimateListed(db: Db, filter: SearchFilter): Promise<number | null> {
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

/** `n` to three significant figures: 523,417 → 523,000. */
function roughly(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 2);
  return Math.round(n / unit) * unit;
}

/** What a page of results already tells of the total: all of it when the page is the last and not empty. */
export type PageSeen = { offset: number; shown: number; limit: number };

/** The total a page tells, or null when it does not (a full page, an empty one past the start, or a cursor's). */
function totalFromPage(seen: PageSeen | undefined): number | null {
  if (!seen || seen.shown >= seen.limit) return null;
  if (seen.shown === 0 && seen.offset > 0) return null;
  return seen.offset + seen.shown;
}

export function createTotals(db: Db, clock: Clock) {
  const kept = new Map<string, { total: number; at: number }>();

  /**
   * PostgreSQL's estimate to three figures (never below what the bounded count saw); SQLite's exact
   * count. Kept for every searcher alike, so counted for anyone: a searcher's exclusions are a handful.
   */
  async function large(filter: SearchFilter): Promise<number> {
    const estimate = await estimateListed(db, filter);
    if (estimate !== null) return Math.max(LARGE_TOTAL, roughly(estimate));
    const forAnyone = { ...filter, viewerProfileId: undefined, excluded: [] };
    return (await countMatching(db, forAnyone)) - (await testAccountsAmong(db, forAnyone));
  }

  /** How many the filter lists for its searcher; `seen` is the page of results already read, if any. */
  return async function total(filter: SearchFilter, seen?: PageSeen): Promise<number> {
    const fromPage = totalFromPage(seen);
    if (fromPage !== null) return fromPage;
    const { siteId, gender, country, region, bornOnOrBefore, bornAfter, nameStart } = filter;
    const key = JSON.stringify([siteId, gender, country, region, bornOnOrBefore, bornAfter, nameStart]);
    const now = clock.now().getTime();
    const known = kept.get(key);
    kept.delete(key);
    if (known && now - known.at < LARGE_TOTAL_KEPT_MS) {
      kept.set(key, known);
      return known.total;
    }
    const { few, tests } = await countListedUpTo(db, filter, LARGE_TOTAL);
    if (few < LARGE_TOTAL) return few - tests;
    const total = await large(filter);
    kept.set(key, { total, at: now });
    if (kept.size > KEPT_TOTALS) kept.delete(kept.keys().next().value as string);
    return total;
  };
}
