/** Likes, matches, the swipe game and the match finder. */
import { defineRoute } from './route.js';

export const likeRoutes = {
  likes: defineRoute({ method: 'GET', path: '/api/likes.php', access: 'member', response: 'likesResponse' }),
  likesList: defineRoute({
    method: 'GET',
    path: '/api/likes-list.php',
    access: 'member',
    query: 'likesListQuery',
    response: 'likesListResponse',
  }),
  like: defineRoute({
    method: 'POST',
    path: '/api/like.php',
    access: 'member',
    body: 'likeRequest',
    response: 'likeResponse',
    errors: ['not_found'],
  }),
  unlike: defineRoute({
    method: 'DELETE',
    path: '/api/like.php',
    access: 'member',
    body: 'profileIdBody',
    response: 'okResponse',
  }),
  autoLike: defineRoute({ method: 'GET', path: '/api/auto-like.php', access: 'member', response: 'autoLikeResponse' }),
  swipeDeck: defineRoute({ method: 'GET', path: '/api/swipe.php', access: 'member', response: 'swipeDeckResponse' }),
  swipe: defineRoute({
    method: 'POST',
    path: '/api/swipe.php',
    access: 'member',
    body: 'swipeRequest',
    response: 'swipeResponse',
    errors: ['not_found', 'swipe_limit'],
  }),
  matchFinder: defineRoute({
    method: 'GET',
    path: '/api/match-finder.php',
    access: 'member',
    query: 'matchFinderQuery',
    response: 'matchFinderResponse',
  }),
};
