/**
 * The likes lists, page by page: likes.php's first pages and counts, and likes-list.php's pages of
 * cards. likes.php reads all its lists in one statement (queries.ts: listsOverviewQuery), likes-list.php
 * a page of one in its order (givenPage, receivedPage); each keeps the profiles the member may see,
 * so the work is bounded whatever the member's number of likes: counts stop at LIKES_COUNT_CAP,
 * and at most SCAN_LIMIT likes are read a list (likes.php: a part of a list, new or seen) a call.
 */
import {
  LIKES_COUNT_CAP,
  LIKES_PAGE_SIZE,
  type LikesCursor,
  type LikesListQuery,
  type LikesListResponse,
  type LikesListType,
  type LikesPlace,
  type LikesResponse,
  type ProfileCard,
} from '@amora/common';
import { likesPlaceText } from '@amora/common/schemas';
import type { SignedInViewer } from '../members/presenter.js';
import type { SearchService } from '../members/search/service.js';
import type { Clock } from '../platform/clock.js';
import type { LinkKeys } from '../platform/config.js';
import type { Db } from '../platform/db/index.js';
import { prepared } from '../platform/db/prepared.js';
import { fieldError } from '../platform/errors.js';
import { sign, validSignature } from '../platform/keys/signatures.js';
import type { Site } from '../platform/site.js';
import * as queries from './queries.js';

/** Likes read at most for one list (or part) in one call: a list of mostly hidden profiles still costs a bounded read. */
const SCAN_LIMIT = 1000;

type ReadPage = (after: queries.LikesAfter, limit: number) => Promise<queries.ListedLike[]>;
type Kept<T> = { like: queries.ListedLike; item: T };

/**
 * Up to `wanted` entries of a list from `after`, in its order, of the profiles `shown` finds;
 * `next` is where the rest starts, null when nothing is left.
 */
async function visibleEntries<T>(
  read: ReadPage,
  shown: (ids: number[]) => Promise<Map<number, T>>,
  wanted: number,
  after: queries.LikesAfter,
): Promise<{ kept: Kept<T>[]; next: queries.LikesAfter }> {
  const kept: Kept<T>[] = [];
  let place = after;
  for (let scanned = 0; scanned < SCAN_LIMIT; ) {
    // One more than wanted tells whether anything follows the last entry kept.
    const batch = wanted - kept.length + 1;
    const rows = await read(place, batch);
    const found = await shown(rows.map((row) => row.id));
    for (const like of rows) {
      if (kept.length === wanted) return { kept, next: kept[kept.length - 1]?.like ?? place };
      const item = found.get(like.id);
      if (item !== undefined) kept.push({ like, item });
    }
    if (rows.length < batch) return { kept, next: null };
    place = rows[rows.length - 1] ?? place;
    scanned += rows.length;
  }
  return { kept, next: place };
}

export function createLikesLists(deps: { db: Db; clock: Clock; search: SearchService; linkKeys: LinkKeys }) {
  const { db, clock, search, linkKeys } = deps;

  function reader(member: SignedInViewer, type: LikesListType): ReadPage {
    const own = member.profileId;
    if (type === 'given') return (after, limit) => queries.givenPage(db, own, after, limit);
    return (after, limit) => queries.receivedPage(db, own, after, limit, type === 'matches');
  }

  /** likes.php's one statement, built once: the site and the member are its parameters. */
  const overviewStatement = prepared((reading, p: { siteId: number; profileId: number }) =>
    queries.listsOverviewQuery(reading, p.profileId, search.listedCondition(p.siteId, p.profileId), {
      scan: SCAN_LIMIT,
      keep: LIKES_COUNT_CAP,
    }),
  );

  const visibleCards = (site: Site, member: SignedInViewer) => async (ids: number[]) =>
    new Map<number, ProfileCard>((await search.listedCards(site, member, ids)).map((card) => [card.id, card]));

  /** The cursor text signs the member and the list too: another member's or list's cursor is refused. */
  const signedText = (member: SignedInViewer, type: LikesListType, place: string) =>
    `${member.profileId}:${type}:${place}`;

  function cursorAfter(member: SignedInViewer, type: LikesListType, place: LikesPlace): string {
    const text = likesPlaceText(place);
    return `${sign(linkKeys, 'likes-cursor', signedText(member, type, text))}.${text}`;
  }

  function placeOf(member: SignedInViewer, type: LikesListType, cursor: LikesCursor): LikesPlace {
    const text = signedText(member, type, cursor.place);
    if (!validSignature(linkKeys, clock.now(), 'likes-cursor', text, cursor.signature)) {
      throw fieldError('after', 'invalid_choice');
    }
    return cursor.at;
  }

  return {
    /** likes.php: the first page of both lists, their counts, and the matches new to the member. */
    async overview(site: Site, member: SignedInViewer): Promise<LikesResponse> {
      const lists = queries.overviewLists(
        await overviewStatement.rows(db, { siteId: site.id, profileId: member.profileId }),
      );
      // New ones come first, each part up to the cap: the first ones of both are the list up to the cap.
      const received = [...lists.receivedNew, ...lists.receivedSeen].slice(0, LIKES_COUNT_CAP);
      const matches = [...lists.matchesNew, ...lists.matchesSeen].slice(0, LIKES_COUNT_CAP);
      const firstPage = (likes: queries.ListedLike[]) =>
        likes.slice(0, LIKES_PAGE_SIZE).map((like) => ({ id: like.id, like_new: like.fresh }));
      const fresh = (likes: queries.ListedLike[]) => likes.filter((like) => like.fresh);
      return {
        profiles: firstPage(lists.given),
        liked_by: firstPage(received),
        counts: {
          received: received.length,
          given: lists.given.length,
          matches: matches.length,
          new_likes: fresh(received).length,
        },
        new_matches: fresh(matches).map((like) => like.id),
      };
    },

    /** likes-list.php: a page of cards of one list, and where the next starts. */
    async page(site: Site, member: SignedInViewer, { type, after }: LikesListQuery): Promise<LikesListResponse> {
      const start = after ? placeOf(member, type, after) : null;
      const { kept, next } = await visibleEntries(
        reader(member, type),
        visibleCards(site, member),
        LIKES_PAGE_SIZE,
        start,
      );
      const ids = kept.map(({ like }) => like.id);
      const likedBack = type === 'received' ? await queries.likedAmong(db, member.profileId, ids) : new Set(ids);
      return {
        profiles: kept.map(({ like, item }) => ({ ...item, like_new: like.fresh, liked: likedBack.has(like.id) })),
        next: next && cursorAfter(member, type, next),
      };
    },
  };
}
