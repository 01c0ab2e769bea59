/**
 * Member search: the site's listed profiles, recently active first, narrowed by gender, place
 * and age. When few match, similar results come from the same search with wider criteria.
 */
import {
  type ProfileCard,
  SEARCH_FEW_RESULTS,
  SEARCH_PAGE_SIZE,
  type SearchQuery,
  type SearchResponse,
  SIMILAR_RESULTS,
} from '@amora/common';
import type { Clock } from '../../platform/clock.js';
import type { LinkKeys } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import { DomainError } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import { presenceAt, presentCard, type Viewer } from '../presenter.js';
import { assertVisitorMayBrowse } from '../safety/visibility.js';
import { placeOf, signedCursor } from './cursor.js';
import type { SearchFilter } from './filter.js';
import { searchKey } from './key.js';
import { countListed, estimateListed, type ListingState, listingState } from './listing-state.js';
import * as queries from './queries.js';

/** YYYY-MM-DD of the day `years` before `today`. */
function yearsBefore(today: Date, years: number): string {
  const day = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return day.toISOString().slice(0, 10);
}

type Criteria = Pick<SearchQuery, 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age' | 'q'>;

/** Whom a lander shows: a search's criteria, body types and a city. */
export type ShowcaseCriteria = Omit<Criteria, 'q'> & { bodyTypes?: readonly string[]; city?: string };

const AGE_WIDENING = 5;

/** Wider searches to try in turn: first anywhere in the country, then anywhere, then older and younger. */
function widenings(criteria: Criteria): Criteria[] {
  const steps: Criteria[] = [];
  let wider = { ...criteria };
  if (wider.countryregion) {
    wider = { ...wider, countryregion: undefined };
    steps.push(wider);
  }
  if (wider.country) {
    wider = { ...wider, country: undefined };
    steps.push(wider);
  }
  if (wider.min_age !== undefined || wider.max_age !== undefined) {
    wider = {
      ...wider,
      min_age: wider.min_age === undefined ? undefined : Math.max(18, wider.min_age - AGE_WIDENING),
      max_age: wider.max_age === undefined ? undefined : wider.max_age + AGE_WIDENING,
    };
    steps.push(wider);
  }
  return steps;
}

/** Totals kept, per filter, while the listing version stays the same; the least recently used go first. */
const COUNT_CACHE_SIZE = 2000;
/**
 * From this many on, a total is an estimate: on a site of a million, counting half a million index
 * entries for a filter seen for the first time, or again each time a profile joins or leaves (every
 * few seconds), would cost more than the searches themselves, for a figure nobody reads to the last
 * digit. PostgreSQL's planner estimates it (rounded to three figures); SQLite, which has no
 * estimates, counts it and keeps it for a minute after the listing changes.
 */
const LARGE_TOTAL = 1000;
const LARGE_TOTAL_KEPT_MS = 60_000;

/** `n` to three significant figures: 523,417 → 523,000. */
function roughly(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 2);
  return Math.round(n / unit) * unit;
}

/**
 * Totals without counting 100,000 index entries on every search: how many a filter lists is kept
 * with the listing version read before counting, and reused while that version is current (see
 * LARGE_TOTAL for large ones); the profiles this searcher does not see are subtracted.
 */
function createCounter(db: Db, clock: Clock) {
  type Kept = { version: string; count: number; at: number };
  const cache = new Map<string, Kept>();
  const stillGood = (kept: Kept, version: string) =>
    kept.version === version || (kept.count >= LARGE_TOTAL && clock.now().getTime() - kept.at < LARGE_TOTAL_KEPT_MS);
  async function listed(filter: SearchFilter): Promise<number> {
    const estimate = await estimateListed(db, filter);
    return estimate !== null && estimate >= LARGE_TOTAL ? roughly(estimate) : countListed(db, filter);
  }
  /** `known` is the listing state when it was already read (with a page of results). */
  return async function count(filter: SearchFilter, known?: ListingState | null): Promise<number> {
    const { version, hidden } = known ?? (await listingState(db, filter));
    const { siteId, gender, country, region, bornOnOrBefore, bornAfter, nameStart } = filter;
    const key = JSON.stringify([siteId, gender, country, region, bornOnOrBefore, bornAfter, nameStart]);
    let kept = cache.get(key);
    cache.delete(key);
    if (!kept || !stillGood(kept, version)) {
      kept = { version, count: await listed(filter), at: clock.now().getTime() };
    }
    cache.set(key, kept);
    if (cache.size > COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return Math.max(0, kept.count - hidden);
  };
}

export function createSearchService(db: Db, clock: Clock, linkKeys: LinkKeys) {
  const countProfiles = createCounter(db, clock);

  function filterFor(site: Site, criteria: Criteria, viewer: Viewer, excluded: number[]): SearchFilter {
    const today = clock.now();
    return {
      siteId: site.id,
      gender: criteria.gender,
      country: criteria.country,
      region: criteria.country ? criteria.countryregion : undefined,
      bornOnOrBefore: criteria.min_age === undefined ? undefined : yearsBefore(today, criteria.min_age),
      bornAfter: criteria.max_age === undefined ? undefined : yearsBefore(today, criteria.max_age + 1),
      nameStart: searchKey(criteria.q ?? '') || undefined,
      viewerProfileId: viewer?.profileId,
      excluded,
    };
  }

  /** Those the viewer may contact: invisibility hides nobody from those they have been in touch with (safety/rule.ts). */
  function contactsFilter(site: Site, viewer: NonNullable<Viewer>): SearchFilter {
    return { ...filterFor(site, {}, viewer, []), purpose: 'contact' };
  }

  function cards(rows: queries.CardWithMain[]) {
    const today = clock.now();
    return rows.map(({ profile, main }) => presentCard(profile, main, today));
  }

  async function similarTo(site: Site, criteria: Criteria, viewer: Viewer, excluded: number[]) {
    for (const wider of widenings(criteria)) {
      const filter = filterFor(site, wider, viewer, excluded);
      const total = await countProfiles(filter);
      if (total > 0) return { rows: await queries.searchProfiles(db, filter, SIMILAR_RESULTS, 0), total };
    }
    return { rows: [], total: 0 };
  }

  return {
    /** Profiles to suggest (swipe game, match finder, auto-like): listed, matching, none of `excluded`. */
    async suggest(
      site: Site,
      viewer: NonNullable<Viewer>,
      criteria: Criteria,
      options: { excluded: number[]; limit: number; hostedOnly?: boolean },
    ): Promise<ProfileCard[]> {
      const filter = { ...filterFor(site, criteria, viewer, options.excluded), hostedOnly: options.hostedOnly };
      return cards(await queries.searchProfiles(db, filter, options.limit, 0));
    },

    /**
     * A showcase's faces for a visitor (landers, the home page): listed hosted profiles with a main
     * photo, recently active first, none of `excluded`. Members' accounts (the demo member's too)
     * are never shown off. Whether the visitor may see them at all is the caller's to decide.
     */
    async showcase(site: Site, criteria: ShowcaseCriteria, limit: number, excluded: number[]): Promise<ProfileCard[]> {
      const { bodyTypes, city, ...searchCriteria } = criteria;
      const filter = {
        ...filterFor(site, searchCriteria, null, excluded),
        bodyTypes,
        city,
        withMainPhoto: true,
        hostedOnly: true,
      };
      return cards(await queries.searchProfiles(db, filter, limit, 0));
    },

    /** Those of the viewer's contacts (their likes) that the viewer may still see: active, no block either way. */
    async listedIds(site: Site, viewer: NonNullable<Viewer>, profileIds: number[]): Promise<Set<number>> {
      return new Set(await queries.listedIdsAmong(db, contactsFilter(site, viewer), profileIds));
    },

    /** The cards of these contacts that the viewer may still see, in the order given. */
    async listedCards(site: Site, viewer: NonNullable<Viewer>, profileIds: number[]): Promise<ProfileCard[]> {
      if (profileIds.length === 0) return [];
      const found = cards(await queries.listedCardsAmong(db, contactsFilter(site, viewer), profileIds));
      const byId = new Map(found.map((card) => [card.id, card]));
      return profileIds.flatMap((id) => byId.get(id) ?? []);
    },

    /** `listedCards`, each with the profile's presence, read with it: the chat's list and its conversations show them. */
    async listedCardsWithPresence(site: Site, viewer: NonNullable<Viewer>, profileIds: number[]) {
      if (profileIds.length === 0) return [];
      const today = clock.now();
      const found = await queries.listedCardsAmong(db, contactsFilter(site, viewer), profileIds);
      const byId = new Map(
        found.map(({ profile, main, seen }) => [
          profile.id,
          { ...presentCard(profile, main, today), presence: presenceAt(seen, today) },
        ]),
      );
      return profileIds.flatMap((id) => byId.get(id) ?? []);
    },

    async search(site: Site, viewer: Viewer, query: SearchQuery): Promise<SearchResponse> {
      if (!viewer) assertVisitorMayBrowse(site, query.network, new DomainError('search_login_required'));
      // The searcher's own profile and both sides of their blocks are left out inside the queries.
      const filter = filterFor(site, query, viewer, []);
      // The page brings the listing state along, so a remembered total costs no further query.
      const {
        cards: rows,
        state,
        next,
      } = await queries.searchPage(
        db,
        filter,
        SEARCH_PAGE_SIZE,
        query.after
          ? { after: placeOf(linkKeys, clock.now(), query.after) }
          : { offset: (query.page - 1) * SEARCH_PAGE_SIZE },
      );
      const total = await countProfiles(filter, state);
      const similar =
        total < SEARCH_FEW_RESULTS && query.page === 1
          ? await similarTo(
              site,
              query,
              viewer,
              rows.map((row) => row.profile.id),
            )
          : { rows: [], total: 0 };
      const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
      return {
        profiles: cards(rows),
        total,
        page: query.page,
        pages,
        next: next && query.page < pages ? signedCursor(linkKeys, next) : null,
        similar: cards(similar.rows),
        similar_total: similar.total,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
