/** Search's cards: what a card reads, and the cards of given ids (pages.ts reads a search's pages). */
import { type Expression, expressionBuilder, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { CardRow, ImageRow, PresenceRow } from '../presenter.js';
import { matching, type SearchFilter } from './filter.js';

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
export function selectCards(from: QueryCreator<Database>) {
  return from
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

export function toCardWithMain({
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
