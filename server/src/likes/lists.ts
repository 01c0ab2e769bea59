/**
 * The likes lists, page by page: likes.php's first pages and counts, and likes-list.php's pages of
 * cards. Each reads a list in its order from an index (queries.ts: givenPage, receivedPage) and
 * keeps the profiles the member may see, so the work is bounded whatever the member's number of
 * likes: counts stop at LIKES_COUNT_CAP, and at most SCAN_LIMIT likes are read a call.
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
import { fieldError } from '../platform/errors.js';
import { sign, validSignature } from '../platform/keys/signatures.js';
import type { Site } from '../platform/site.js';
import * as queries from './queries.js';

/** Likes read at most for one list in one call: a list of mostly hidden profiles still costs a bounded read. */
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

  /**
   * Which of the ids the member may see, each asked once per call: the lists share most profiles
   * (every match is also a received like), so later lists mostly find theirs already answered.
   */
  function visibleIds(site: Site, member: SignedInViewer) {
    const known = new Map<number, boolean>();
    return async (ids: number[]) => {
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        const listed = await search.listedIds(site, member, unknown);
        for (const id of unknown) known.set(id, listed.has(id));
      }
      return new Map(ids.filter((id) => known.get(id)).map((id) => [id, true]));
    };
  }

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
      const shown = visibleIds(site, member);
      const walk = (type: LikesListType) => visibleEntries(reader(member, type), shown, LIKES_COUNT_CAP, null);
      // Received first: the matches, and often the given, are then answered from what it found.
      const received = await walk('received');
      const [given, matches] = await Promise.all([walk('given'), walk('matches')]);
      const firstPage = (entries: Kept<boolean>[]) =>
        entries.slice(0, LIKES_PAGE_SIZE).map(({ like }) => ({ id: like.id, like_new: like.fresh }));
      const fresh = (entries: Kept<boolean>[]) => entries.filter(({ like }) => like.fresh);
      return {
        profiles: firstPage(given.kept),
        liked_by: firstPage(received.kept),
        counts: {
          received: received.kept.length,
          given: given.kept.length,
          matches: matches.kept.length,
          // New ones come first, so those among the counted are all of them up to the cap.
          new_likes: fresh(received.kept).length,
        },
        new_matches: fresh(matches.kept).map(({ like }) => like.id),
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
