/** Search: a filter's profiles as pages of cards, and the cards of given ids. */
import type { SearchPlace } from '@amora/common';
import { type Expression, expressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/prepared.js';
import type { Database } from '../../platform/db/schema.js';
import type { CardRow, ImageRow, PresenceRow } from '../presenter.js';
import { matching, type ProfilesEb, type SearchFilter } from './filter.js';
import { type FilterParameters, filterOfShape, parametersOf, shapeOf } from './shape.js';
import { countMatching } from './totals.js';

/** A listed profile's card: the few columns it shows, with its main photo when that is active. */
export interface CardWithMain {
  profile: CardRow;
  main: ImageRow | undefined;
  /** Where it stands in a search's order, for the next page's cursor. */
  order: { lastActiveAt: string | null; nameKey: string };
  /** What its presence is read from. */
  seen: PresenceRow;
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
      'profiles.online_until',
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
  online_until,
  name_key,
  ...columns
}: CardQueryRow): CardWithMain {
  return {
    order: { lastActiveAt: last_active_at, nameKey: name_key },
    seen: { hosted: columns.hosted, online_until, last_active_at },
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

/**
 * Whether the filter lists the profile whose id `profileId` holds, a column of the enclosing query
 * (the likes lists' rows): one lookup by primary key a row, in the statement that reads the rows.
 */
export function listedProfile(filter: SearchFilter, profileId: Expression<number>): Expression<SqlBool> {
  const eb = expressionBuilder<Database>();
  return eb.exists(eb.selectFrom('profiles').select(sql<number>`1`.as('one')).where(matching(filter, profileId)));
}

/**
 * Recently active first, never-active last (PostgreSQL would put nulls first); a name search in
 * name order. The id keeps the order stable between pages. The indexes of migrations
 * FastMemberSearch, NameSearch, HonestShowcase (members' profiles) and FacesInSearch follow these
 * orders. Reads only what a card shows, main photo included, in one query a stretch.
 */
export async function searchProfiles(
  db: Db,
  filter: SearchFilter,
  limit: number,
  offset: number,
): Promise<CardWithMain[]> {
  return (await searchPage(db, filter, limit, { offset })).cards;
}

/** Where a page starts: this many cards in, or after this card (keyset paging: page 1,000 costs what page 1 does). */
export type PageStart = { offset: number } | { after: SearchPlace };

type SearchPage = { cards: CardWithMain[]; next: SearchPlace | null };

/** The parts of a search's order (partsOf), as a cursor names them. */
const MEMBERS_WITH_FACE = 0;
const HOSTED_WITH_FACE = 1;
const WITHOUT_FACE = 2;

type Part = { part: number; filter: SearchFilter };

/**
 * The parts of a search's order, each read in its index's order: members with a face (an active
 * main photo), then hosted profiles with a face, then everyone without one. A name search and a
 * lander's faces are one part. Test accounts are in none: nobody finds them.
 */
function partsOf(filter: SearchFilter): Part[] {
  const found: SearchFilter = { ...filter, testAccounts: 'without' };
  if (filter.nameStart !== undefined || filter.withMainPhoto !== undefined) return [{ part: 0, filter: found }];
  const parts: Part[] = [
    { part: MEMBERS_WITH_FACE, filter: { ...filter, withMainPhoto: true, membersOnly: true } },
    { part: HOSTED_WITH_FACE, filter: { ...filter, withMainPhoto: true, hostedOnly: true } },
    { part: WITHOUT_FACE, filter: { ...found, withMainPhoto: false } },
  ];
  return filter.hostedOnly ? parts.filter(({ part }) => part !== MEMBERS_WITH_FACE) : parts;
}

/** The part of the order a card is in. */
function partOf(card: CardWithMain): number {
  if (card.main === undefined) return WITHOUT_FACE;
  return card.profile.hosted ? HOSTED_WITH_FACE : MEMBERS_WITH_FACE;
}

/** The cursor after the last card of a full page; null after the last page. */
function nextAfter(filter: SearchFilter, cards: CardWithMain[], limit: number): SearchPlace | null {
  const last = cards.at(-1);
  if (!last || cards.length < limit) return null;
  const byName = filter.nameStart !== undefined;
  return {
    part: byName ? 0 : partOf(last),
    id: last.profile.id,
    key: byName ? last.order.nameKey : last.order.lastActiveAt,
  };
}

/**
 * A page of results, and the cursor after it: the parts of the order in turn (partsOf); a page
 * reaches a part only once the ones before it have run out, so the first pages cost one query or two.
 */
export async function searchPage(db: Db, filter: SearchFilter, limit: number, start: PageStart): Promise<SearchPage> {
  const cards =
    'after' in start ? await pageAfter(db, filter, limit, start.after) : await pageAt(db, filter, limit, start.offset);
  return { cards, next: nextAfter(filter, cards, limit) };
}

async function pageAt(db: Db, filter: SearchFilter, limit: number, offset: number): Promise<CardWithMain[]> {
  const cards: CardWithMain[] = [];
  const parts = partsOf(filter);
  let skip = offset;
  for (const [index, { filter: part }] of parts.entries()) {
    const found = await pageInOrder(db, part, limit - cards.length, { offset: skip });
    cards.push(...found);
    if (cards.length === limit || index === parts.length - 1) break;
    // The part ran out: within this page (the next starts at its beginning) or before it.
    skip = found.length > 0 || skip === 0 ? 0 : Math.max(0, skip - (await countMatching(db, part)));
  }
  return cards;
}

/**
 * Where a stretch of the order starts: after a name (name_key, id), after an activity (its time,
 * id), among the never active after an id, or at the start of the never active.
 */
type Past =
  | { kind: 'name' | 'active'; key: string; id: number }
  | { kind: 'neverBefore'; id: number }
  | { kind: 'never' };

type PastParameters = { afterKey: string | null; afterId: number | null };

function pastCondition(past: Past['kind'], p: PastParameters) {
  return (eb: ProfilesEb): Expression<SqlBool> => {
    const neverActive = eb('profiles.last_active_at', 'is', null);
    if (past === 'never') return neverActive;
    if (past === 'neverBefore') return eb.and([neverActive, eb('profiles.id', '<', p.afterId)]);
    const key = past === 'name' ? 'profiles.name_key' : 'profiles.last_active_at';
    return eb(
      eb.refTuple(key, 'profiles.id'),
      past === 'name' ? '>' : '<',
      eb.tuple(p.afterKey as string, p.afterId as number),
    );
  };
}

/**
 * The stretches of the order after `after`, in turn, each one range of an index: in a name search
 * the names after it; otherwise, within its part, the profiles active before it and then those
 * never active (ids descending), and then the parts after it whole.
 */
function stretchesAfter(filter: SearchFilter, after: SearchPlace): { filter: SearchFilter; past?: Past }[] {
  const parts = partsOf(filter);
  if (filter.nameStart !== undefined) {
    const past: Past = { kind: 'name', key: after.key ?? '', id: after.id };
    return parts.map((part) => ({ filter: part.filter, past }));
  }
  const at = Math.max(
    0,
    parts.findIndex(({ part }) => part === after.part),
  );
  const current = (parts[at] as Part).filter;
  const stretches: { filter: SearchFilter; past?: Past }[] =
    after.key === null
      ? [{ filter: current, past: { kind: 'neverBefore', id: after.id } }]
      : [
          { filter: current, past: { kind: 'active', key: after.key, id: after.id } },
          { filter: current, past: { kind: 'never' } },
        ];
  return [...stretches, ...parts.slice(at + 1).map((part) => ({ filter: part.filter }))];
}

async function pageAfter(db: Db, filter: SearchFilter, limit: number, after: SearchPlace): Promise<CardWithMain[]> {
  const cards: CardWithMain[] = [];
  for (const stretch of stretchesAfter(filter, after)) {
    cards.push(...(await pageInOrder(db, stretch.filter, limit - cards.length, { past: stretch.past })));
    if (cards.length === limit) break;
  }
  return cards;
}

type StretchParameters = FilterParameters & PastParameters & { limit: number; offset: number };

/**
 * A stretch of the order, one statement a filter's shape and start (shape.ts): the page's profiles
 * picked first, from the search index alone (it holds every column a filter and the order read),
 * and only then their cards and main photos.
 */
const stretchStatement = prepared((db, p: StretchParameters, variant: `${Past['kind'] | 'start'}|${string}`) => {
  const bar = variant.indexOf('|');
  const past = variant.slice(0, bar) as Past['kind'] | 'start';
  const shape = variant.slice(bar + 1);
  const filter = filterOfShape(shape, p);
  const byName = filter.nameStart !== undefined;
  const picked = inOrder(
    db
      .selectFrom('profiles')
      .select('profiles.id')
      .where(matching(filter))
      .$if(past !== 'start', (query) => query.where(pastCondition(past as Past['kind'], p))),
    byName,
  )
    .limit(p.limit)
    .offset(p.offset);
  return inOrder(selectCards(db).where('profiles.id', 'in', picked), byName);
});

async function pageInOrder(
  db: Db,
  filter: SearchFilter,
  limit: number,
  { offset = 0, past }: { offset?: number; past?: Past },
): Promise<CardWithMain[]> {
  const parameters: StretchParameters = {
    ...parametersOf(filter),
    limit,
    offset,
    afterKey: past && 'key' in past ? past.key : null,
    afterId: past && 'id' in past ? past.id : null,
  };
  const rows = await stretchStatement.rows(db, parameters, `${past?.kind ?? 'start'}|${shapeOf(filter)}`);
  return rows.map(toCardWithMain);
}
/** A name search in name order; any other newest activity first (see searchProfiles). */
function inOrder<Query extends SelectQueryBuilder<Database, 'profiles', object>>(query: Query, byName: boolean): Query {
  const ordered = byName
    ? query.orderBy('profiles.name_key').orderBy('profiles.id')
    : query.orderBy('profiles.last_active_at', (order) => order.desc().nullsLast()).orderBy('profiles.id', 'desc');
  return ordered as Query;
}
