import { z } from 'zod';
import { GENDERS, LIKE_SOURCES, LIKES_LIST_TYPES } from '../constants.js';
import { id } from './ids.js';
import { ageQuery, choice, image, profileCard } from './members.js';
import { text } from './text.js';

/** A like in GET /api/likes.php: the profile, and whether the like is new to the member who got it. */
export const likeEntry = z.object({ id: z.number(), like_new: z.boolean() });
export type LikeEntry = z.infer<typeof likeEntry>;

/** How many entries each list has, counted up to LIKES_COUNT_CAP (shown as 99+ past 99). */
export const likeCounts = z.object({
  received: z.number(),
  given: z.number(),
  matches: z.number(),
  /** Received likes still new to the member: the likes badge. */
  new_likes: z.number(),
});
export type LikeCounts = z.infer<typeof likeCounts>;

/**
 * GET /api/likes.php, polled for the badges: the first page (LIKES_PAGE_SIZE) of whom the member
 * liked (profiles, newest first) and of who liked the member (liked_by, new ones first), only
 * profiles the member may see; the lists' counts; and the matches whose like is new to the member
 * (for the match popup). The same work whatever the member's number of likes; the cards, and the
 * lists past their first page, come from likes-list.php.
 */
export const likesResponse = z.object({
  profiles: z.array(likeEntry),
  liked_by: z.array(likeEntry),
  counts: likeCounts,
  new_matches: z.array(z.number()),
});
export type LikesResponse = z.infer<typeof likesResponse>;

/** A profile in a likes list page: its card, whether its like is new, and whether the member likes it. */
export const likedCard = profileCard.extend({ like_new: z.boolean(), liked: z.boolean() });
export type LikedCard = z.infer<typeof likedCard>;

/**
 * Where the next page of a likes list starts: after this entry of the list's order (keyset paging).
 * Opaque to clients, which hand back a response's `next`: the server's signature (of the member, the
 * list and the place), then whether the like was new, the profile's id and when the like was given.
 */
export const likesCursor = text()
  .max(100, 'invalid_choice')
  .transform((value, context) => {
    const match = /^([\w-]{32})\.(([01])~([1-9]\d{0,9})~(\d{4}-[\dT:.Z+-]{6,30}))$/.exec(value);
    if (!match) {
      context.addIssue({ code: 'custom', message: 'invalid_choice' });
      return z.NEVER;
    }
    const [, signature, place, fresh, id, at] = match;
    return { signature, place, at: { fresh: fresh === '1', id: Number(id), at } };
  });
export type LikesCursor = z.output<typeof likesCursor>;
/** An entry's place in a likes list's order, as a cursor names it. */
export type LikesPlace = LikesCursor['at'];

/** The place part of a cursor, as the server signs it. */
export const likesPlaceText = ({ fresh, id, at }: LikesPlace) => `${fresh ? 1 : 0}~${id}~${at}`;

/** GET /api/likes-list.php: a page of one likes list, in the order of likes.php; `after` is the previous page's `next`. */
export const likesListQuery = z.object({
  type: choice(LIKES_LIST_TYPES),
  after: likesCursor.optional(),
});
export type LikesListQuery = z.infer<typeof likesListQuery>;

export const likesListResponse = z.object({
  profiles: z.array(likedCard),
  /** The `after` of the following page; null on the last. */
  next: z.string().nullable(),
});
export type LikesListResponse = z.infer<typeof likesListResponse>;

export const likeRequest = z.object({
  profile_id: id,
  /** The swipe game's likes go through swipe.php, which counts them. */
  source: z.enum(LIKE_SOURCES).exclude(['auto', 'swipe']).default('profile'),
});
export type LikeRequest = z.infer<typeof likeRequest>;

/** A like given: whether it made a match, and the card for the match popup. */
export const likeResponse = z.object({ match: z.boolean(), profile: profileCard });
export type LikeResponse = z.infer<typeof likeResponse>;

/**
 * GET /api/auto-like.php: the profile that now likes the member, for the match popup, or null when
 * there is none to offer; match when the member had liked it already.
 */
export const autoLikeResponse = z.object({
  profile: z.object({ id: z.number(), name: z.string(), hosted: z.boolean(), main_image: image.nullable() }).nullable(),
  match: z.boolean(),
});
export type AutoLikeResponse = z.infer<typeof autoLikeResponse>;

/** What the swipe game has left today, and when the count starts again. */
export const swipeAllowance = z.object({
  likes_left: z.number(),
  likes_per_day: z.number(),
  resets_at: z.string(),
});
export type SwipeAllowance = z.infer<typeof swipeAllowance>;

export const swipeDeckResponse = swipeAllowance.extend({ profiles: z.array(profileCard) });
export type SwipeDeckResponse = z.infer<typeof swipeDeckResponse>;

export const swipeRequest = z.object({
  profile_id: id,
  choice: z.enum(['like', 'skip']),
});
export type SwipeRequest = z.infer<typeof swipeRequest>;
export const swipeResponse = swipeAllowance.extend({ match: z.boolean() });
export type SwipeResponse = z.infer<typeof swipeResponse>;

/** The match finder's questions; what is not answered comes from the member's own profile. */
export const matchFinderQuery = z.object({
  gender: z.enum(GENDERS, { message: 'invalid_choice' }).optional(),
  min_age: ageQuery.optional(),
  max_age: ageQuery.optional(),
  countryregion: text().min(1, 'invalid_choice').max(10, 'invalid_choice').optional(),
});
export type MatchFinderQuery = z.infer<typeof matchFinderQuery>;
export const matchFinderResponse = z.object({
  profiles: z.array(profileCard),
  /** The criteria used, answered or taken from the member's profile. */
  criteria: z.object({
    gender: z.enum(GENDERS).nullable(),
    min_age: z.number(),
    max_age: z.number(),
    country: z.string().nullable(),
    countryregion: z.string().nullable(),
  }),
});
export type MatchFinderResponse = z.infer<typeof matchFinderResponse>;
