/**
 * The route table (`@amora/common/routes`): every API endpoint, by domain. See route.ts for what a
 * route holds; the server registers them all and the web app calls them with `api(route, input)`.
 */
import { likeRoutes } from './likes.js';
import type { RouteDefinition } from './route.js';
import { staffCaseRoutes } from './staff-cases.js';
import { staffDashboardRoutes } from './staff-dashboard.js';
import { staffHostedRoutes } from './staff-hosted.js';
import { staffInboxRoutes } from './staff-inbox.js';
import { staffLogRoutes } from './staff-log.js';
import { staffMemberRoutes } from './staff-members.js';
import { staffPhotoRoutes } from './staff-photos.js';

export * from './likes.js';
export type * from './route.js';
export { defineRoute } from './route.js';
export * from './staff-cases.js';
export * from './staff-dashboard.js';
export * from './staff-hosted.js';
export * from './staff-inbox.js';
export * from './staff-log.js';
export * from './staff-members.js';
export * from './staff-photos.js';

/** Every route of the table, for what walks them all (the server's check that it serves each). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  likeRoutes,
  staffCaseRoutes,
  staffDashboardRoutes,
  staffHostedRoutes,
  staffInboxRoutes,
  staffLogRoutes,
  staffMemberRoutes,
  staffPhotoRoutes,
].flatMap((table) => Object.values(table));
