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
  withOfferedFilters,
} from '@amora/common';
import type { Expression, SqlBool } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { LinkKeys } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import type { Site } from '../../platform/site.js';
import { presenceAt, presentCard, type Viewer } from '../presenter.js';
import { assertVisitorMayBrowse } from '../safety/visibility.js';
import { placeOf, signedCursor } from './cursor.js';
import type { SearchFilter } from './filter.js';
import { pastPrefix, searchKey } from './key.js';
import { searchPage, searchProfiles } from './pages.js';
import * as queries from './queries.js';
import { createTotals } from './totals.js';

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

export function createSearchService(db: Db, clock: Clock, linkKeys: LinkKeys) {
  const countProfiles = createTotals(db, clock);

  function filterFor(site: Site, criteria: Criteria, viewer: Viewer, excluded: number[]): SearchFilter {
    const today = clock.now();
    const nameStart = searchKey(criteria.q ?? '') || undefined;
    return {
      siteId: site.id,
      gender: criteria.gender,
      country: criteria.country,
      region: criteria.country ? criteria.countryregion : undefined,
      bornOnOrBefore: criteria.min_age === undefined ? undefined : yearsBefore(today, criteria.min_age),
      bornAfter: criteria.max_age === undefined ? undefined : yearsBefore(today, criteria.max_age + 1),
      nameStart,
      nameEnd: nameStart === undefined ? undefined : pastPrefix(nameStart),
      viewerProfileId: viewer?.profileId,
      excluded,
    };
  }

  /** Those the viewer may contact: invisibility hides nobody from those they have been in touch with (safety/rule.ts). */
  function contactsFilter(siteId: number, viewerProfileId: number): SearchFilter {
    return { siteId, viewerProfileId, excluded: [], purpose: 'contact' };
  }

  function cards(rows: queries.CardWithMain[]) {
    const today = clock.now();
    return rows.map(({ profile, main }) => presentCard(profile, main, today));
  }

  async function similarTo(site: Site, criteria: Criteria, viewer: Viewer, excluded: number[]) {
    for (const wider of widenings(criteria)) {
      const filter = filterFor(site, wider, viewer, excluded);
      const total = await countProfiles(filter);
      if (total > 0) return { rows: await searchProfiles(db, filter, SIMILAR_RESULTS, 0), total };
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
      return cards(await searchProfiles(db, filter, options.limit, 0));
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
        city: city?.toLowerCase(),
        withMainPhoto: true,
        hostedOnly: true,
      };
      return cards(await searchProfiles(db, filter, limit, 0));
    },

    /**
     * The condition that the viewer may still see the contact (a like's profile) whose id `profileId`
     * holds, a column of the caller's query: active, no block either way (the likes lists' one
     * statement). The two ids are placed as values, so they may be a prepared statement's parameters.
     */
    listedCondition(siteId: number, viewerProfileId: number): ListedCondition {
      const filter = contactsFilter(siteId, viewerProfileId);
      return (profileId) => queries.listedProfile(filter, profileId);
    },

    /** The cards of these contacts that the viewer may still see, in the order given. */
    async listedCards(site: Site, viewer: NonNullable<Viewer>, profileIds: number[]): Promise<ProfileCard[]> {
      if (profileIds.length === 0) return [];
      const found = cards(await queries.listedCardsAmong(db, contactsFilter(site.id, viewer.profileId), profileIds));
      const byId = new Map(found.map((card) => [card.id, card]));
      return profileIds.flatMap((id) => byId.get(id) ?? []);
    },

    /** `listedCards`, each with the profile's presence, read with it: the chat's list and its conversations show them. */
    async listedCardsWithPresence(site: Site, viewer: NonNullable<Viewer>, profileIds: number[]) {
      if (profileIds.length === 0) return [];
      const today = clock.now();
      const found = await queries.listedCardsAmong(db, contactsFilter(site.id, viewer.profileId), profileIds);
      const byId = new Map(
        found.map(({ profile, main, seen }) => [
          profile.id,
          { ...presentCard(profile, main, today), presence: presenceAt(seen, today) },
        ]),
      );
      return profileIds.flatMap((id) => byId.get(id) ?? []);
    },

    /** A page of the search; the filters the site does not offer (search_fields) narrow nothing. */
    async search(site: Site, viewer: Viewer, asked: SearchQuery): Promise<SearchResponse> {
      if (!viewer) assertVisitorMayBrowse(site, asked.network, 'search_login_required');
      const query = withOfferedFilters(asked, site.settings.search_fields);
      // The searcher's own profile and both sides of their blocks are left out inside the queries.
      const filter = filterFor(site, query, viewer, []);
      const offset = (query.page - 1) * SEARCH_PAGE_SIZE;
      const { cards: rows, next } = await searchPage(
        db,
        filter,
        SEARCH_PAGE_SIZE,
        query.after ? { after: placeOf(linkKeys, clock.now(), query.after) } : { offset },
      );
      // The last page of an offset tells the total itself; otherwise it is counted or estimated.
      const total = await countProfiles(
        filter,
        query.after ? undefined : { offset, shown: rows.length, limit: SEARCH_PAGE_SIZE },
      );
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

/** Whether the viewer may see the profile whose id a column of another domain's query holds. */
export type ListedCondition = (profileId: Expression<number>) => Expression<SqlBool>;
