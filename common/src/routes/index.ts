/**
 * The route table (`@amora/common/routes`): every API endpoint, by domain. See route.ts for what a
 * route holds; the server registers them all and the web app calls them with `api(route, input)`.
 */
import { complaintRoutes } from './complaints.js';
import { exportRoutes } from './exports.js';
import { geoRoutes } from './geo.js';
import { landerRoutes } from './landers.js';
import { likeRoutes } from './likes.js';
import { memberRoutes } from './members.js';
import { moderationRoutes } from './moderation.js';
import { photoRoutes } from './photos.js';
import type { RouteDefinition } from './route.js';
import { siteRoutes } from './sites.js';

export * from './complaints.js';
export * from './exports.js';
export * from './geo.js';
export * from './landers.js';
export * from './likes.js';
export * from './members.js';
export * from './moderation.js';
export * from './photos.js';
export type * from './route.js';
export { defineRoute } from './route.js';
export * from './sites.js';

/** Every route of the table, for what walks them all (the server's check that it serves each). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  complaintRoutes,
  exportRoutes,
  geoRoutes,
  landerRoutes,
  likeRoutes,
  memberRoutes,
  moderationRoutes,
  photoRoutes,
  siteRoutes,
].flatMap((table) => Object.values(table));
