/** Search: a filter's profiles as pages of cards, and the cards of given ids. */
import type { SearchPlace } from '@amora/common';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { CardRow, ImageRow, PresenceRow } from '../presenter.js';
import { matching, type ProfilesEb, type SearchFilter } from './filter.js';
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
 * FastMemberSearch and NameSearch follow these orders. Reads only what a card shows, main photo
 * included, in one query.
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

/** The cursor after the last card of a full page; null after the last page. */
function nextAfter(filter: SearchFilter, cards: CardWithMain[], limit: number): SearchPlace | null {
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
 * A page of results, and the cursor after it. Faces first (not in a name search): the profiles with an active main
 * photo, then those without, each in the indexes' order; a page reaches the second part only once
 * the first has run out, so the first pages cost one query as before.
 */
export async function searchPage(db: Db, filter: SearchFilter, limit: number, start: PageStart): Promise<SearchPage> {
  const cards =
    'after' in start ? await pageAfter(db, filter, limit, start.after) : await pageAt(db, filter, limit, start.offset);
  return { cards, next: nextAfter(filter, cards, limit) };
}

async function pageAt(db: Db, filter: SearchFilter, limit: number, offset: number): Promise<CardWithMain[]> {
  if (filter.nameStart !== undefined || filter.withMainPhoto !== undefined)
    return pageInOrder(db, filter, limit, { offset });
  const faces = await pageInOrder(db, { ...filter, withMainPhoto: true }, limit, { offset });
  if (faces.length === limit) return faces;
  const facesInAll =
    faces.length > 0 ? offset + faces.length : await countMatching(db, { ...filter, withMainPhoto: true });
  const rest = await pageInOrder(db, { ...filter, withMainPhoto: false }, limit - faces.length, {
    offset: Math.max(0, offset - facesInAll),
  });
  return [...faces, ...rest];
}

type Past = (eb: ProfilesEb) => Expression<SqlBool>;

/**
 * The stretches of the order after `after`, in turn, each one range of an index: in a name search
 * the names after it; otherwise, within its part (faces or not), the profiles active before it and
 * then those never active (ids descending), and then the rest of the order from the next part on.
 */
function stretchesAfter(filter: SearchFilter, after: SearchPlace): { filter: SearchFilter; past?: Past }[] {
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

async function pageAfter(db: Db, filter: SearchFilter, limit: number, after: SearchPlace): Promise<CardWithMain[]> {
  const cards: CardWithMain[] = [];
  for (const stretch of stretchesAfter(filter, after)) {
    cards.push(...(await pageInOrder(db, stretch.filter, limit - cards.length, { past: stretch.past })));
    if (cards.length === limit) break;
  }
  return cards;
}

async function pageInOrder(
  db: Db,
  filter: SearchFilter,
  limit: number,
  { offset, past }: { offset?: number; past?: Past },
): Promise<CardWithMain[]> {
  const rows = await selectCards(db)
    .where(matching(filter))
    .$if(past !== undefined, (query) => query.where((eb) => (past as Past)(eb)))
    .$if(filter.nameStart !== undefined, (query) => query.orderBy('profiles.name_key').orderBy('profiles.id'))
    .$if(filter.nameStart === undefined, (query) =>
      query.orderBy('profiles.last_active_at', (order) => order.desc().nullsLast()).orderBy('profiles.id', 'desc'),
    )
    .limit(limit)
    .$if(offset !== undefined && offset > 0, (query) => query.offset(offset as number))
    .execute();
  return rows.map(toCardWithMain);
}
