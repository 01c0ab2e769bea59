/**
 * Likes: a member likes a profile, and a like both ways is a match. The swipe game deals
 * suggestions and counts its likes per day of the site; the match finder suggests by preferences.
 * Every like, received like and match is published as a domain event.
 */
import {
  type LikeRequest,
  type LikeSource,
  type LikeState,
  MATCH_FINDER_RESULTS,
  MAX_AGE,
  type MatchFinderQuery,
  type MatchFinderResponse,
  MIN_AGE,
  type ProfileCard,
  SWIPE_DECK_SIZE,
  SWIPE_LIKES_PER_DAY,
  type SwipeAllowance,
  type SwipeRequest,
} from '@amora/common';
import type { Insertable } from 'kysely';
import type { SignedInViewer } from '../members/presenter.js';
import type { MembersService } from '../members/profiles/service.js';
import type { VisibilityPolicy } from '../members/safety/visibility.js';
import type { SearchService } from '../members/search/service.js';
import { type Clock, startOfDayIn, startOfNextDayIn } from '../platform/clock.js';
import type { LinkKeys } from '../platform/config.js';
import type { Db } from '../platform/db/index.js';
import type { LikesTable } from '../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { Site } from '../platform/site.js';
import { createLikesLists } from './lists.js';
import * as queries from './queries.js';

/** How many earlier decisions the swipe game leaves out of a new deck. */
const DECIDED_REMEMBERED = 2000;
/** The match finder's age range around the member's own age, when not asked. */
const AGE_SPREAD = 10;

export function createLikesService(deps: {
  db: Db;
  clock: Clock;
  members: MembersService;
  search: SearchService;
  visibility: VisibilityPolicy;
  events: EventBus;
  linkKeys: LinkKeys;
}) {
  const { db, clock, members, search, visibility, events } = deps;
  const nowIso = () => clock.now().toISOString();
  const lists = createLikesLists(deps);

  /**
   * Stores the like and sees whether it made a match, in one transaction under the pair's lock:
   * two members liking each other at the same moment make exactly one match. Its events are
   * written with it; the caller relays them once the transaction commits.
   */
  async function storeLike(site: Site, liker: number, liked: number, source: LikeSource, trx?: Db) {
    const work = async (t: Db) => {
      await queries.lockLikesBetween(t, liker, liked);
      const added = await queries.insertLike(t, { liker, liked, source, now: nowIso() });
      const match = await queries.hasLiked(t, liked, liker);
      if (added) {
        await visibility.recordContact(t, liker, liked);
        await events.record(t, { type: 'like.new', siteId: site.id, profileId: liker, likedProfileId: liked });
        await events.record(t, { type: 'like.received', siteId: site.id, profileId: liked, likerProfileId: liker });
        if (match) await events.record(t, { type: 'match.new', siteId: site.id, profileIds: [liker, liked] });
      }
      return { added, match };
    };
    return trx ? work(trx) : db.transaction().execute(work);
  }

  /** The swipes made today count, withdrawn likes included: unliking gives no swipe back. */
  async function allowance(site: Site, member: SignedInViewer, trx: Db = db): Promise<SwipeAllowance> {
    const now = clock.now();
    const since = startOfDayIn(site.settings.time_zone, now).toISOString();
    const used = await queries.countSwipeLikesSince(trx, member.profileId, since);
    return {
      likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used),
      likes_per_day: SWIPE_LIKES_PER_DAY,
      resets_at: startOfNextDayIn(site.settings.time_zone, now).toISOString(),
    };
  }

  /** The card of a profile the member may like, as the visibility rule decides in the card's query; a 404 when not. */
  async function contactableCard(site: Site, member: SignedInViewer, profileId: number): Promise<ProfileCard> {
    if (profileId === member.profileId) throw fieldError('profile_id', 'invalid_choice');
    const [card] = await search.listedCards(site, member, [profileId]);
    if (!card) throw notFound();
    return card;
  }

  return {
    /** The likes a member gave and got, and their matches (likes both ways), for their data export. */
    async exportOf(profileId: number) {
      const rows = await queries.likesInvolving(db, profileId);
      const others = rows.map((row) =>
        row.liker_profile_id === profileId ? row.liked_profile_id : row.liker_profile_id,
      );
      const names = new Map((await members.namesOf([...new Set(others)])).map((row) => [row.id, row.name]));
      const given = rows.filter((row) => row.liker_profile_id === profileId);
      const received = rows.filter((row) => row.liked_profile_id === profileId);
      const likedBack = new Set(received.map((row) => row.liker_profile_id));
      const side = (otherId: number) => ({ profile_id: otherId, name: names.get(otherId) ?? null });
      return {
        given: given.map((row) => ({ ...side(row.liked_profile_id), source: row.source, at: row.created_at })),
        received: received.map((row) => ({ ...side(row.liker_profile_id), at: row.created_at, seen_at: row.seen_at })),
        matches: given.filter((row) => likedBack.has(row.liked_profile_id)).map((row) => side(row.liked_profile_id)),
      };
    },

    async like(site: Site, member: SignedInViewer, { profile_id, source }: LikeRequest) {
      // Refused before anything is stored or announced.
      const profile = await contactableCard(site, member, profile_id);
      const result = await storeLike(site, member.profileId, profile_id, source);
      await events.relay();
      return { match: result.match, profile };
    },

    async unlike(member: SignedInViewer, profileId: number) {
      await queries.deleteLike(db, member.profileId, profileId);
    },

    likes: lists.overview,

    likesList: lists.page,

    /** The likes between the member and a profile, read before opening it marks its like seen. */
    async stateWith(member: SignedInViewer, profileId: number): Promise<LikeState> {
      const likes = await queries.likesBetween(db, member.profileId, profileId);
      const theirs = likes.find((like) => like.liker_profile_id === profileId);
      return {
        liked: likes.some((like) => like.liker_profile_id === member.profileId),
        likes_me: theirs !== undefined,
        like_new: theirs !== undefined && theirs.seen_at === null,
      };
    },

    /** Both profiles like each other. */
    isMatch: async (profileId: number, otherProfileId: number) =>
      (await queries.hasLiked(db, profileId, otherProfileId)) &&
      (await queries.hasLiked(db, otherProfileId, profileId)),

    /** Many likes at once in the caller's transaction (a bulk load), pairs that exist left out; no events, nobody is told. */
    async addLikesInBulk(trx: Db, likes: Insertable<LikesTable>[]): Promise<void> {
      await queries.insertLikes(trx, likes);
      await visibility.recordContactsInBulk(
        trx,
        likes.map((like) => [like.liker_profile_id, like.liked_profile_id]),
      );
    },

    /** Opening a profile clears the new flag of its like to the member, for this member only. */
    async markSeen(member: SignedInViewer, profileId: number) {
      await queries.markLikeSeen(db, profileId, member.profileId, nowIso());
    },

    /**
     * A match for the match popup: a hosted profile the member liked likes back; failing that, a
     * suggested hosted profile likes the member. Null when there is none to offer.
     */
    async autoLike(site: Site, member: SignedInViewer) {
      const given = await queries.likesGivenBy(db, member.profileId);
      const liked = await search.listedCards(
        site,
        member,
        given.map((like) => like.profileId),
      );
      const received = new Set((await queries.likesReceivedBy(db, member.profileId)).map((like) => like.profileId));
      let profile = liked.find((card) => card.hosted && !received.has(card.id));
      if (!profile) {
        const criteria = await suggestionCriteria(member, {});
        const excluded = [...new Set([...given.map((like) => like.profileId), ...received])].slice(
          0,
          DECIDED_REMEMBERED,
        );
        [profile] = await search.suggest(site, member, criteria, { excluded, limit: 1, hostedOnly: true });
      }
      if (!profile) return { profile: null, match: false };
      const result = await storeLike(site, profile.id, member.profileId, 'auto');
      await events.relay();
      const { id, name, hosted, main_image } = profile;
      return { profile: { id, name, hosted, main_image }, match: result.match };
    },

    async swipeDeck(site: Site, member: SignedInViewer) {
      const excluded = await queries.decidedBy(db, member.profileId, DECIDED_REMEMBERED);
      const criteria = await suggestionCriteria(member, {});
      const profiles = await search.suggest(site, member, criteria, { excluded, limit: SWIPE_DECK_SIZE });
      return { ...(await allowance(site, member)), profiles };
    },

    /** A like in the swipe game counts against the day's likes; a skip keeps the profile out of later decks. */
    async swipe(site: Site, member: SignedInViewer, { profile_id, choice }: SwipeRequest) {
      await contactableCard(site, member, profile_id);
      if (choice === 'skip') {
        await queries.insertSkip(db, member.profileId, profile_id, nowIso());
        return { ...(await allowance(site, member)), match: false };
      }
      const result = await db.transaction().execute(async (trx) => {
        await queries.lockSwipesOf(trx, member.profileId);
        if (await queries.hasLiked(trx, member.profileId, profile_id)) {
          return { added: false, match: await queries.hasLiked(trx, profile_id, member.profileId) };
        }
        const { likes_left, likes_per_day } = await allowance(site, member, trx);
        if (likes_left === 0) throw new DomainError('swipe_limit', { limit: likes_per_day });
        const stored = await storeLike(site, member.profileId, profile_id, 'swipe', trx);
        if (stored.added) await queries.logSwipeLike(trx, member.profileId, profile_id, nowIso());
        return stored;
      });
      await events.relay();
      return { ...(await allowance(site, member)), match: result.match };
    },

    async matchFinder(site: Site, member: SignedInViewer, query: MatchFinderQuery): Promise<MatchFinderResponse> {
      const criteria = await suggestionCriteria(member, query);
      const excluded = (await queries.likesGivenBy(db, member.profileId)).map((like) => like.profileId);
      const profiles = await search.suggest(site, member, criteria, {
        excluded: excluded.slice(0, DECIDED_REMEMBERED),
        limit: MATCH_FINDER_RESULTS,
      });
      return {
        profiles,
        criteria: {
          gender: criteria.gender ?? null,
          min_age: criteria.min_age,
          max_age: criteria.max_age,
          country: criteria.country ?? null,
          countryregion: criteria.countryregion ?? null,
        },
      };
    },
  };

  /** The member's answers, completed from their profile: whom they look for, near their age, in their country. */
  async function suggestionCriteria(member: SignedInViewer, query: MatchFinderQuery) {
    const own = await members.preferencesOf(member);
    const age = own.age ?? MIN_AGE + AGE_SPREAD;
    const min_age = query.min_age ?? Math.max(MIN_AGE, age - AGE_SPREAD);
    const max_age = Math.max(min_age, query.max_age ?? Math.min(MAX_AGE, age + AGE_SPREAD));
    return {
      gender: query.gender ?? own.gender ?? undefined,
      min_age,
      max_age,
      country: own.country ?? undefined,
      countryregion: own.country ? (query.countryregion ?? undefined) : undefined,
    };
  }
}

export type LikesService = ReturnType<typeof createLikesService>;
