/**
 * A search's pages: the parts of its order in turn, each read from one range of a search index,
 * and the page's cards, in one statement a page, built once per filter shape (shape.ts).
 */
import type { SearchPlace } from '@amora/common';
import { type Expression, type Kysely, type QueryCreator, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/prepared.js';
import type { Database } from '../../platform/db/schema.js';
import { matching, type ProfilesEb, type SearchFilter } from './filter.js';
import { type CardWithMain, selectCards, toCardWithMain } from './queries.js';
import { type FilterParameters, filterOfShape, parametersOf, shapeOf } from './shape.js';

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

/** Where a stretch of the order starts: after a name, after an activity, among the never active after an id, or at their start. */
type Past =
  | { kind: 'name' | 'active'; key: string; id: number }
  | { kind: 'neverBefore'; id: number }
  | { kind: 'never' };

type Stretch = { filter: SearchFilter; past?: Past };

function pastCondition(past: Past) {
  return (eb: ProfilesEb): Expression<SqlBool> => {
    const neverActive = eb('profiles.last_active_at', 'is', null);
    if (past.kind === 'never') return neverActive;
    if (past.kind === 'neverBefore') return eb.and([neverActive, eb('profiles.id', '<', past.id)]);
    if (past.kind === 'name') {
      return eb(eb.refTuple('profiles.name_key', 'profiles.id'), '>', eb.tuple(past.key, past.id));
    }
    return eb(eb.refTuple('profiles.last_active_at', 'profiles.id'), '<', eb.tuple(past.key, past.id));
  };
}

/**
 * The stretches of the order after `after`, in turn, each one range of an index: in a name search
 * the names after it; otherwise, within its part, the profiles active before it and then those
 * never active (ids descending), and then the parts after it whole.
 */
function stretchesAfter(filter: SearchFilter, after: SearchPlace): Stretch[] {
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
  const stretches: Stretch[] =
    after.key === null
      ? [{ filter: current, past: { kind: 'neverBefore', id: after.id } }]
      : [
          { filter: current, past: { kind: 'active', key: after.key, id: after.id } },
          { filter: current, past: { kind: 'never' } },
        ];
  return [...stretches, ...parts.slice(at + 1).map((part) => ({ filter: part.filter }))];
}

/** How a page starts, as its statement's variant names it: at an offset, or after a cursor's part, with its key or never active. */
type StartVariant = 'offset' | `after:${number}:${'key' | 'never'}`;

const startVariant = (start: PageStart): StartVariant =>
  'after' in start ? `after:${start.after.part}:${start.after.key === null ? 'never' : 'key'}` : 'offset';

type PageParameters = FilterParameters & {
  limit: number;
  offset: number;
  /** How far into the order the page ends: offset and limit. */
  reach: number;
  afterKey: string | null;
  afterId: number | null;
};

/** The stretches a page's statement reads, with its parameters' stand-ins in place. */
function stretchesOf(start: StartVariant, filter: SearchFilter, p: PageParameters): Stretch[] {
  if (start === 'offset') return partsOf(filter).map(({ filter: part }) => ({ filter: part }));
  const [, part, key] = start.split(':');
  return stretchesAfter(filter, {
    part: Number(part),
    id: p.afterId as number,
    key: key === 'never' ? null : p.afterKey,
  });
}

/** A stretch's profiles as its statement picks them: where in the order, and which stretch. */
type Picked = { id: number; stretch: number; key: string | null };
type PageTables = Database & { [stretch: `s${number}`]: Picked };

/** A name search in name order; any other newest activity first (see searchProfiles). */
function inOrder<Query extends SelectQueryBuilder<Database, 'profiles', object>>(query: Query, byName: boolean): Query {
  const ordered = byName
    ? query.orderBy('profiles.name_key').orderBy('profiles.id')
    : query.orderBy('profiles.last_active_at', (order) => order.desc().nullsLast()).orderBy('profiles.id', 'desc');
  return ordered as Query;
}

/**
 * A page in one statement: each stretch of the order picks, from its search index alone (it holds
 * every column a filter and the order read), as many profiles as the page still needs after the
 * stretches before it, none once they filled it; then the page's cards and main photos.
 */
const pageStatement = prepared((db, p: PageParameters, variant: `${StartVariant}|${string}`) => {
  const bar = variant.indexOf('|');
  const filter = filterOfShape(variant.slice(bar + 1), p);
  const byName = filter.nameStart !== undefined;
  // The stretches are CTEs named as many as the variant has, which Kysely's types cannot follow.
  const tables = db as unknown as Kysely<PageTables>;
  let creator: QueryCreator<PageTables> = tables;
  const names: `s${number}`[] = [];
  for (const [index, stretch] of stretchesOf(variant.slice(0, bar) as StartVariant, filter, p).entries()) {
    const taken = names.map((name) => sql<number>` - (select count(*) from ${sql.table(name)})`);
    const room = sql<number>`${p.reach}${sql.join(taken, sql``)}`;
    const name = `s${index}` as const;
    creator = creator.with(
      (cte) => cte(name).materialized(),
      (from) =>
        inOrder(
          from
            .selectFrom('profiles')
            .select([
              'profiles.id',
              sql.lit(index).as('stretch'),
              byName ? 'profiles.name_key as key' : 'profiles.last_active_at as key',
            ])
            .where(matching(stretch.filter))
            .$if(stretch.past !== undefined, (query) => query.where(pastCondition(stretch.past as Past))),
          byName,
        ).limit(room),
    );
    names.push(name);
  }
  const picked = names.map((name) => tables.selectFrom(name).select(['id', 'stretch', 'key']));
  const all = picked.slice(1).reduce((union, next) => union.unionAll(next), picked[0] as (typeof picked)[number]);
  const ordered = all.orderBy('stretch');
  const page = (
    byName
      ? ordered.orderBy('key').orderBy('id')
      : ordered.orderBy('key', (o) => o.desc().nullsLast()).orderBy('id', 'desc')
  )
    .limit(p.limit)
    .offset(p.offset);
  const cards = selectCards(creator as unknown as QueryCreator<Database>)
    .innerJoin(page.as('page'), 'page.id', 'profiles.id')
    .orderBy('page.stretch');
  return byName
    ? cards.orderBy('page.key').orderBy('page.id')
    : cards.orderBy('page.key', (o) => o.desc().nullsLast()).orderBy('page.id', 'desc');
});

/**
 * A page of results, and the cursor after it: the parts of the order in turn (partsOf), a part
 * read only once the ones before it ran out, all in one statement.
 */
export async function searchPage(db: Db, filter: SearchFilter, limit: number, start: PageStart): Promise<SearchPage> {
  const offset = 'after' in start ? 0 : start.offset;
  const after = 'after' in start ? start.after : null;
  const parameters: PageParameters = {
    ...parametersOf(filter),
    limit,
    offset,
    reach: offset + limit,
    afterKey: after ? (after.key ?? '') : null,
    afterId: after?.id ?? null,
  };
  const rows = await pageStatement.rows(db, parameters, `${startVariant(start)}|${shapeOf(filter)}`);
  const cards = rows.map(toCardWithMain);
  return { cards, next: nextAfter(filter, cards, limit) };
}

/**
 * Recently active first, never-active last (PostgreSQL would put nulls first); a name search in
 * name order. The id keeps the order stable between pages. The indexes of migrations
 * FastMemberSearch, NameSearch, HonestShowcase (members' profiles) and FacesInSearch follow these
 * orders. Reads only what a card shows, main photo included.
 */
export async function searchProfiles(
  db: Db,
  filter: SearchFilter,
  limit: number,
  offset: number,
): Promise<CardWithMain[]> {
  return (await searchPage(db, filter, limit, { offset })).cards;
}
