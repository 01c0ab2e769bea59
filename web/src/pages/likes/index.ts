/**
 * Likes, as every pages/<group>/ folder is laid out: a product area holding its screens (lazy routes
 * in app/router.tsx), its calls and query hooks (api.ts), and the pieces it lends to the rest of the
 * app. Those pieces are exported here; other folders import the likes area through this file only.
 */
export { LikeButton } from './LikeButton';
export { MatchPopupProvider } from './MatchPopup';
export { LikesLink, WaitingCount } from './WaitingBadges';
