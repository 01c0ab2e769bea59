import { z } from 'zod';
import { GENDERS, LIKE_SOURCES, LIKES_LIST_TYPES } from '../constants.js';
import { id } from './ids.js';
import { ageQuery, choice, image, pageQuery, profileCard } from './members.js';
import { text } from './text.js';

/** A like in GET /api/likes.php: the profile, and whether the like is new to the member who got it. */
export const likeEntry = z.object({ id: z.number(), like_new: z.boolean() });
export type LikeEntry = z.infer<typeof likeEntry>;

/**
 * GET /api/likes.php: whom the member liked (profiles, newest first) and who liked the member
 * (liked_by, new ones first), only profiles the member may see. Polled for the badges, so ids only;
 * the cards come page by page from likes-list.php.
 */
export const likesResponse = z.object({
  profiles: z.array(likeEntry),
  liked_by: z.array(likeEntry),
});
export type LikesResponse = z.infer<typeof likesResponse>;

/** A profile in a likes list page: its card and whether the like is new to the member. */
export const likedCard = profileCard.extend({ like_new: z.boolean() });
export type LikedCard = z.infer<typeof likedCard>;

/** GET /api/likes-list.php: a page of one likes list, in the order of likes.php. */
export const likesListQuery = z.object({
  type: choice(LIKES_LIST_TYPES),
  page: pageQuery,
});
export type LikesListQuery = z.infer<typeof likesListQuery>;

export const likesListResponse = z.object({
  profiles: z.array(likedCard),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
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
