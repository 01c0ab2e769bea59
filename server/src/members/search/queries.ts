/** Search: who a filter lists, a page of cards, and the listing state that keeps totals cached. */
import type { SearchCursor } from '@amora/common';
import { CompiledQuery, type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type Db, engineOf } from '../../platform/db/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { CardRow, ImageRow } from '../presenter.js';
import { blockedByViewer, blockersOfViewer, seenBy } from '../safety/rule.js';
import { pastPrefix } from './key.js';

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
  /** The searcher: their own profile and both sides of their blocks are never listed. */
  viewerProfileId?: number;
  /** Further profiles not to list, e.g. those already shown. */
  excluded: number[];
  /** Only hosted profiles. */
  hostedOnly?: boolean;
  /**
   * Whom the viewer may find (search) or contact (their likes and chats: invisibility does not hide
   * those they have been in touch with); find when not given.
   */
  purpose?: 'find' | 'contact';
  /**
   * A lander's faces: only these body types, a city (any case); only profiles with an active main
   * photo (true) or only those without (false).
   */
  bodyTypes?: readonly string[];
  city?: string;
  withMainPhoto?: boolean;
}

type ProfilesEb = ExpressionBuilder<Database, 'profiles'>;

/** The site and the filter's criteria, before anyone's visibility. */
function criteriaOf(filter: SearchFilter, eb: ProfilesEb, byId = false) {
  const conditions = [
    !byId
      ? eb('profiles.site_id', '=', filter.siteId)
      : // Unary plus: the search indexes (all led by site_id) are then no candidates, so a lookup of
        // a few ids goes by primary key even where the planner has no statistics (SQLite).
        eb(sql<number>`+profiles.site_id`, '=', filter.siteId),
  ];
  if (filter.gender) conditions.push(eb('profiles.gender', '=', filter.gender));
  if (filter.country) conditions.push(eb('profiles.country', '=', filter.country));
  if (filter.region) conditions.push(eb('profiles.region', '=', filter.region));
  if (filter.bornOnOrBefore) conditions.push(eb('profiles.date_of_birth', '<=', filter.bornOnOrBefore));
  if (filter.bornAfter) conditions.push(eb('profiles.date_of_birth', '>', filter.bornAfter));
  if (filter.nameStart) {
    conditions.push(eb('profiles.name_key', '>=', filter.nameStart));
    conditions.push(eb('profiles.name_key', '<', pastPrefix(filter.nameStart)));
  }
  return conditions;
}

/**
 * Whom the filter lists for anyone, before leaving out the searcher's own, `excluded` and both
 * sides of the searcher's blocks (the cached totals count those apart, see listingState).
 */
function listedBy(filter: SearchFilter, eb: ProfilesEb) {
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
  if (filter.city) conditions.push(eb(eb.fn('lower', ['profiles.city']), '=', filter.city.toLowerCase()));
  if (filter.withMainPhoto !== undefined) {
    const activeMain = eb
      .selectFrom('photos')
      .select('photos.id')
      .whereRef('photos.id', '=', 'profiles.main_photo_id')
      .where('photos.status', '=', 'active');
    conditions.push(filter.withMainPhoto ? eb.exists(activeMain) : eb.not(eb.exists(activeMain)));
  }
  return conditions;
}

/** The filter's profiles; with `amongIds`, only those of these ids, found by primary key. */
function matching(filter: SearchFilter, amongIds?: number[]) {
  return (eb: ProfilesEb) => {
    const conditions = [
      ...criteriaOf(filter, eb, amongIds !== undefined),
      seenBy(eb, filter.viewerProfileId, filter.purpose ?? 'find'),
    ];
    if (amongIds) conditions.push(eb('profiles.id', 'in', amongIds));
    const named = namedExclusions(filter);
    if (named.length > 0) conditions.push(eb('profiles.id', 'not in', named));
    if (filter.hostedOnly) conditions.push(eb('profiles.hosted', '=', 1));
    conditions.push(...showcaseConditions(filter, eb));
    return eb.and(conditions);
  };
}

/** A listed profile's card: the few columns it shows, with its main photo when that is active. */
export interface CardWithMain {
  profile: CardRow;
  main: ImageRow | undefined;
  /** Where it stands in a search's order, for the next page's cursor. */
  order: { lastActiveAt: string | null; nameKey: string };
}

/** A card's columns, its main photo's included when that photo is active. */
function selectCards(db: Db) {
  return db
    .selectFrom('profiles')
    .leftJoin('photos as main', (join) =>
      join.onRef('main.id', '=', 'profiles.main_photo_id').on('main.status', '=', 'active'),
    )
    .select([
      'profiles.id',
      'profiles.name',
      'profiles.date_of_birth',
      'profiles.city',
      'profiles.country',
      'profiles.hosted',
      'profiles.last_active_at',
      'profiles.name_key',
      'main.id as main_id',
      'main.filename as main_filename',
      'main.thumb_filename as main_thumb_filename',
      'main.status as main_status',
      'main.width as main_width',
      'main.height as main_height',
    ]);
}

type CardQueryRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

function toCardWithMain({
  main_id,
  main_filename,
  main_thumb_filename,
  main_status,
  main_width,
  main_height,
  last_active_at,
  name_key,
  ...columns
}: CardQueryRow): CardWithMain {
  return {
    order: { lastActiveAt: last_active_at, nameKey: name_key },
    profile: {
      id: columns.id,
      name: columns.name,
      date_of_birth: columns.date_of_birth,
      city: columns.city,
      country: columns.country,
      hosted: columns.hosted,
    },
    main:
      main_id === null
        ? undefined
        : {
            id: main_id,
            filename: main_filename as string,
            thumb_filename: main_thumb_filename as string,
            status: main_status as ImageRow['status'],
            width: main_width as number,
            height: main_height as number,
          },
  };
}

/**
 * The cards of those of `ids` the filter lists (a likes list), in no particular order: found by
 * id, so a long list costs one lookup per profile whatever the size of the site.
 */
export async function listedCardsAmong(db: Db, filter: SearchFilter, ids: number[]): Promise<CardWithMain[]> {
  if (ids.length === 0) return [];
  const rows = await selectCards(db).where(matching(filter, ids)).execute();
  return rows.map(toCardWithMain);
}

/** Those of `ids` the filter lists (the likes lists' entries), in no particular order. */
export async function listedIdsAmong(db: Db, filter: SearchFilter, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('profiles').select('profiles.id').where(matching(filter, ids)).execute();
  return rows.map((row) => row.id);
}

/**
 * Recently active first, never-active last (PostgreSQL would put nulls first); a name search in
 * name order. The id keeps the order stable between pages. The indexes of migrations
 * FastMemberSearch and NameSearch follow these orders. Reads only what a card shows, main photo
 * included, in one query.
 */
export async function searchProfiles(
  db: Db,
  filter: SearchFilter,
  limit: number,
  offset: number,
): Promise<CardWithMain[]> {
  return (await searchPage(db, filter, limit, { offset }, false)).cards;
}

/** Where a page starts: this many cards in, or after this card (keyset paging: page 1,000 costs what page 1 does). */
export type PageStart = { offset: number } | { after: SearchCursor };

type SearchPage = { cards: CardWithMain[]; state: ListingState | null; next: SearchCursor | null };

/** The cursor after the last card of a full page; null after the last page. */
function nextAfter(filter: SearchFilter, cards: CardWithMain[], limit: number): SearchCursor | null {
  const last = cards.at(-1);
  if (!last || cards.length < limit) return null;
  const byName = filter.nameStart !== undefined;
  return {
    face: !byName && last.main !== undefined,
    id: last.profile.id,
    key: byName ? last.order.nameKey : last.order.lastActiveAt,
  };
}

/**
 * A page of results and, in the same query, the listing state (see listingState); the state is
 * null when the page is empty. Faces first (not in a name search): the profiles with an active main
 * photo, then those without, each in the indexes' order; a page reaches the second part only once
 * the first has run out, so the first pages cost one query as before.
 */
export async function searchPage(
  db: Db,
  filter: SearchFilter,
  limit: number,
  start: PageStart,
  withState = true,
): Promise<SearchPage> {
  const page =
    'after' in start
      ? await pageAfter(db, filter, limit, start.after, withState)
      : await pageAt(db, filter, limit, start.offset, withState);
  return { ...page, next: nextAfter(filter, page.cards, limit) };
}

type Part = { cards: CardWithMain[]; state: ListingState | null };

async function pageAt(db: Db, filter: SearchFilter, limit: number, offset: number, withState: boolean): Promise<Part> {
  if (filter.nameStart !== undefined || filter.withMainPhoto !== undefined)
    return pageInOrder(db, filter, limit, { offset }, withState);
  const faces = await pageInOrder(db, { ...filter, withMainPhoto: true }, limit, { offset }, withState);
  if (faces.cards.length === limit) return faces;
  const facesInAll =
    faces.cards.length > 0 ? offset + faces.cards.length : await countMatching(db, { ...filter, withMainPhoto: true });
  const rest = await pageInOrder(
    db,
    { ...filter, withMainPhoto: false },
    limit - faces.cards.length,
    { offset: Math.max(0, offset - facesInAll) },
    withState && faces.state === null,
  );
  return { cards: [...faces.cards, ...rest.cards], state: faces.state ?? rest.state };
}

type Past = (eb: ProfilesEb) => Expression<SqlBool>;

/**
 * The stretches of the order after `after`, in turn, each one range of an index: in a name search
 * the names after it; otherwise, within its part (faces or not), the profiles active before it and
 * then those never active (ids descending), and then the rest of the order from the next part on.
 */
function stretchesAfter(filter: SearchFilter, after: SearchCursor): { filter: SearchFilter; past?: Past }[] {
  if (filter.nameStart !== undefined) {
    const key = after.key ?? '';
    return [
      { filter, past: (eb) => eb(eb.refTuple('profiles.name_key', 'profiles.id'), '>', eb.tuple(key, after.id)) },
    ];
  }
  const part = { ...filter, withMainPhoto: filter.withMainPhoto ?? after.face };
  const neverActive: Past = (eb) => eb('profiles.last_active_at', 'is', null);
  const stretches: { filter: SearchFilter; past?: Past }[] =
    after.key === null
      ? [{ filter: part, past: (eb) => eb.and([neverActive(eb), eb('profiles.id', '<', after.id)]) }]
      : [
          {
            filter: part,
            past: (eb) =>
              eb(eb.refTuple('profiles.last_active_at', 'profiles.id'), '<', eb.tuple(after.key as string, after.id)),
          },
          { filter: part, past: neverActive },
        ];
  if (filter.withMainPhoto === undefined && after.face) stretches.push({ filter: { ...filter, withMainPhoto: false } });
  return stretches;
}

async function pageAfter(
  db: Db,
  filter: SearchFilter,
  limit: number,
  after: SearchCursor,
  withState: boolean,
): Promise<Part> {
  const cards: CardWithMain[] = [];
  let state: ListingState | null = null;
  for (const stretch of stretchesAfter(filter, after)) {
    const part = await pageInOrder(
      db,
      stretch.filter,
      limit - cards.length,
      { past: stretch.past },
      withState && !state,
    );
    cards.push(...part.cards);
    state ??= part.state;
    if (cards.length === limit) break;
  }
  return { cards, state };
}

async function pageInOrder(
  db: Db,
  filter: SearchFilter,
  limit: number,
  { offset, past }: { offset?: number; past?: Past },
  withState: boolean,
): Promise<Part> {
  const rows = await selectCards(db)
    .$if(withState, (query) => query.select(listingStateColumns(db, filter)))
    .where(matching(filter))
    .$if(past !== undefined, (query) => query.where((eb) => (past as Past)(eb)))
    .$if(filter.nameStart !== undefined, (query) => query.orderBy('profiles.name_key').orderBy('profiles.id'))
    .$if(filter.nameStart === undefined, (query) =>
      query.orderBy('profiles.last_active_at', (order) => order.desc().nullsLast()).orderBy('profiles.id', 'desc'),
    )
    .limit(limit)
    .$if(offset !== undefined && offset > 0, (query) => query.offset(offset as number))
    .execute();
  const first = rows[0];
  const state =
    withState && first?.listing_version !== undefined
      ? toListingState({ ...first, listing_version: first.listing_version })
      : null;
  return { cards: rows.map(toCardWithMain), state };
}

/** How many profiles match the filter, its photo condition included. */
async function countMatching(db: Db, filter: SearchFilter): Promise<number> {
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
function listingStateColumns(db: Db, filter: SearchFilter) {
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

function toListingState(row: { listing_version: number | string; listing_named?: unknown; listing_blocked?: unknown }) {
  return {
    version: String(row.listing_version),
    hidden: Number(row.listing_named ?? 0) + Number(row.listing_blocked ?? 0),
  };
}

/** The listing state on its own (see searchPage, which reads it with the results). */
export async function listingState(db: Db, filter: SearchFilter): Promise<ListingState> {
  return toListingState(await db.selectNoFrom(listingStateColumns(db, filter)).executeTakeFirstOrThrow());
}
