import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, NewProfileRow, PhotoRow, ProfileRow } from '../db/schema.js';
import type { CardRow, ImageRow } from './presenter.js';
import { pastPrefix, searchKey } from './search-key.js';

/** The search key that goes with a new or changed name. */
function withSearchKeys<T extends { name?: string }>(values: T) {
  return values.name === undefined ? values : { ...values, name_key: searchKey(values.name) };
}

export async function insertProfile(db: Db, profile: NewProfileRow): Promise<ProfileRow> {
  return db.insertInto('profiles').values(withSearchKeys(profile)).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts many profiles in one statement (keep the batch within the engines' bound-parameter
 * limits) and returns their ids in the order given: ids are handed out in VALUES order.
 */
export async function insertProfiles(db: Db, profiles: NewProfileRow[]): Promise<number[]> {
  if (profiles.length === 0) return [];
  const rows = await db.insertInto('profiles').values(profiles.map(withSearchKeys)).returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export function findProfileByUser(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findProfile(db: Db, siteId: number, profileId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('id', '=', profileId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export function findProfileById(db: Db, profileId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', profileId).executeTakeFirst();
}

/** Ids of a site's hosted profiles, in id order (load tests). */
export async function hostedProfileIds(db: Db, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('site_id', '=', siteId)
    .where('hosted', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function updateProfile(db: Db, profileId: number, values: Partial<ProfileRow>): Promise<void> {
  await db.updateTable('profiles').set(withSearchKeys(values)).where('id', '=', profileId).execute();
}

/** Takes the profile row's write lock until the transaction ends, changing nothing. */
export async function lockProfile(db: Db, profileId: number): Promise<void> {
  await db
    .updateTable('profiles')
    .set((eb) => ({ main_photo_id: eb.ref('main_photo_id') }))
    .where('id', '=', profileId)
    .execute();
}

export async function updateProfileStatusOfUser(db: Db, userId: number, status: ProfileRow['status']): Promise<void> {
  await db.updateTable('profiles').set({ status }).where('user_id', '=', userId).execute();
}

/** Marks a profile active now, at most once per `since` so a busy member costs few writes. */
export async function touchProfile(db: Db, userId: number, now: string, since: string): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ last_active_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', since)]))
    .execute();
}

// Photos

export function photosOf(db: Db, profileIds: number[]): Promise<PhotoRow[]> {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photos')
    .selectAll()
    .where('profile_id', 'in', profileIds)
    .orderBy('profile_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function mainPhotosOf(db: Db, profileIds: number[]): Promise<PhotoRow[]> {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.main_photo_id', 'photos.id')
    .selectAll('photos')
    .where('profiles.id', 'in', profileIds)
    .where('photos.status', '=', 'active')
    .execute();
}

export async function countPhotos(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPhoto(db: Db, photo: Omit<PhotoRow, 'id'>): Promise<PhotoRow> {
  return db.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
}

/** Inserts many photo rows in one statement, e.g. shared avatars of seeded hosted profiles. */
export async function insertPhotos(db: Db, photos: Omit<PhotoRow, 'id'>[]): Promise<void> {
  if (photos.length === 0) return;
  await db.insertInto('photos').values(photos).execute();
}

/** Makes each profile's first photo (lowest position, then id) its main photo when it has none. */
export async function setFirstPhotoAsMain(db: Db, profileIds: number[]): Promise<void> {
  if (profileIds.length === 0) return;
  await db
    .updateTable('profiles')
    .set((eb) => ({
      main_photo_id: eb
        .selectFrom('photos')
        .select('photos.id')
        .whereRef('photos.profile_id', '=', 'profiles.id')
        .orderBy('photos.position')
        .orderBy('photos.id')
        .limit(1),
    }))
    .where('profiles.id', 'in', profileIds)
    .where('profiles.main_photo_id', 'is', null)
    .execute();
}

export function findPhoto(db: Db, profileId: number, photoId: number): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('id', '=', photoId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

/** The photos stored in a file, as original or thumbnail (shared avatars have several). */
export function photosInFile(db: Db, file: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where((eb) => eb.or([eb('filename', '=', file), eb('thumb_filename', '=', file)]))
    .limit(20)
    .execute();
}

export function findPhotoById(db: Db, photoId: number): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirst();
}

/** Photos waiting for a moderator, oldest first, with whose profile they are on. */
export function pendingPhotos(db: Db, limit: number) {
  return db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select(['photos.id', 'photos.profile_id', 'profiles.name', 'photos.filename', 'photos.created_at'])
    .where('photos.status', '=', 'pending')
    .orderBy('photos.id')
    .limit(limit)
    .execute();
}

export async function deletePhoto(db: Db, photoId: number): Promise<void> {
  await db.deleteFrom('photos').where('id', '=', photoId).execute();
}

export async function setPhotoPosition(db: Db, photoId: number, position: number): Promise<void> {
  await db.updateTable('photos').set({ position }).where('id', '=', photoId).execute();
}

export async function setPhotoStatus(db: Db, photoId: number, status: PhotoRow['status']): Promise<void> {
  await db.updateTable('photos').set({ status }).where('id', '=', photoId).execute();
}

export async function nextPhotoPosition(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('position').as('top'))
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

// Blocks and reports

export async function insertBlock(db: Db, blocker: number, blocked: number, now: string): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_profile_id: blocker, blocked_profile_id: blocked, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_profile_id', 'blocked_profile_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where('blocker_profile_id', '=', blocker)
    .where('blocked_profile_id', '=', blocked)
    .execute();
}

/** The blocks between a viewer and a profile, both ways, in one read. */
export async function blocksBetween(db: Db, viewer: number, profile: number) {
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_profile_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_profile_id', '=', viewer), eb('blocked_profile_id', '=', profile)]),
        eb.and([eb('blocker_profile_id', '=', profile), eb('blocked_profile_id', '=', viewer)]),
      ]),
    )
    .execute();
  return {
    blockedByViewer: rows.some((row) => row.blocker_profile_id === viewer),
    blockedByProfile: rows.some((row) => row.blocker_profile_id === profile),
  };
}

export function blockedBy(db: Db, blocker: number): Promise<ProfileRow[]> {
  return db
    .selectFrom('blocks')
    .innerJoin('profiles', 'profiles.id', 'blocks.blocked_profile_id')
    .selectAll('profiles')
    .where('blocks.blocker_profile_id', '=', blocker)
    .orderBy('blocks.created_at', 'desc')
    .execute();
}

export async function insertReport(
  db: Db,
  report: { reporter: number; reported: number; reason: string; comment: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      reporter_profile_id: report.reporter,
      reported_profile_id: report.reported,
      reason: report.reason,
      comment: report.comment,
      created_at: report.now,
    })
    .execute();
}

// Search

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
  /** Lists invisible profiles too: for the viewer's contacts (their likes), whom invisibility does not hide from. */
  includeInvisible?: boolean;
}

type ProfilesEb = ExpressionBuilder<Database, 'profiles'>;

/** Who the filter lists, before leaving out `excluded`. */
function listedBy(filter: SearchFilter, eb: ProfilesEb, byId = false) {
  const conditions = [
    !byId
      ? eb('profiles.site_id', '=', filter.siteId)
      : // Unary plus: the search indexes (all led by site_id) are then no candidates, so a lookup of
        // a few ids goes by primary key even where the planner has no statistics (SQLite).
        eb(sql<number>`+profiles.site_id`, '=', filter.siteId),
    eb('profiles.status', '=', 'active'),
  ];
  if (!filter.includeInvisible) conditions.push(eb('profiles.invisible', '=', 0));
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

/** The searcher's own profile and `excluded`: ids given as values. */
function namedExclusions(filter: SearchFilter): number[] {
  return filter.viewerProfileId === undefined ? filter.excluded : [filter.viewerProfileId, ...filter.excluded];
}

/** Profiles the searcher blocked, and those who blocked the searcher. */
const blockedByViewer = (eb: ProfilesEb, viewer: number) =>
  eb.selectFrom('blocks').select('blocked_profile_id as id').where('blocker_profile_id', '=', viewer);
const blockersOfViewer = (eb: ProfilesEb, viewer: number) =>
  eb.selectFrom('blocks').select('blocker_profile_id as id').where('blocked_profile_id', '=', viewer);

/** The filter's profiles; with `amongIds`, only those of these ids, found by primary key. */
function matching(filter: SearchFilter, amongIds?: number[]) {
  return (eb: ProfilesEb) => {
    const conditions = listedBy(filter, eb, amongIds !== undefined);
    if (amongIds) conditions.push(eb('profiles.id', 'in', amongIds));
    const named = namedExclusions(filter);
    if (named.length > 0) conditions.push(eb('profiles.id', 'not in', named));
    if (filter.hostedOnly) conditions.push(eb('profiles.hosted', '=', 1));
    const viewer = filter.viewerProfileId;
    if (viewer !== undefined) {
      conditions.push(eb('profiles.id', 'not in', blockedByViewer(eb, viewer)));
      conditions.push(eb('profiles.id', 'not in', blockersOfViewer(eb, viewer)));
    }
    return eb.and(conditions);
  };
}

/** A listed profile's card: the few columns it shows, with its main photo when that is active. */
export interface CardWithMain {
  profile: CardRow;
  main: ImageRow | undefined;
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
  ...columns
}: CardQueryRow): CardWithMain {
  return {
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
  return (await searchPage(db, filter, limit, offset, false)).cards;
}

/**
 * A page of results and, in the same query, the listing state (see listingState); the state is
 * null when the page is empty.
 */
export async function searchPage(
  db: Db,
  filter: SearchFilter,
  limit: number,
  offset: number,
  withState = true,
): Promise<{ cards: CardWithMain[]; state: ListingState | null }> {
  const rows = await selectCards(db)
    .$if(withState, (query) => query.select(listingStateColumns(db, filter)))
    .where(matching(filter))
    .$if(filter.nameStart !== undefined, (query) => query.orderBy('profiles.name_key').orderBy('profiles.id'))
    .$if(filter.nameStart === undefined, (query) =>
      query.orderBy('profiles.last_active_at', (order) => order.desc().nullsLast()).orderBy('profiles.id', 'desc'),
    )
    .limit(limit)
    .offset(offset)
    .execute();
  const first = rows[0];
  const state =
    withState && first?.listing_version !== undefined
      ? toListingState({ ...first, listing_version: first.listing_version })
      : null;
  const cards = rows.map(toCardWithMain);
  return { cards, state };
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
