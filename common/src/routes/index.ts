/**
 * The route table (`@amora/common/routes`): every API endpoint, by domain. See route.ts for what a
 * route holds; the server registers them all and the web app calls them with `api(route, input)`.
 */
import { accountRoutes } from './accounts.js';
import { likeRoutes } from './likes.js';
import { passkeyRoutes } from './passkeys.js';
import type { RouteDefinition } from './route.js';
import { sessionRoutes } from './sessions.js';
import { staffSessionRoutes } from './staff-session.js';

export * from './accounts.js';
export * from './likes.js';
export * from './passkeys.js';
export type * from './route.js';
export { defineRoute } from './route.js';
export * from './sessions.js';
export * from './staff-session.js';

/** Every route of the table, for what walks them all (the server's check that it serves each). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  accountRoutes,
  likeRoutes,
  passkeyRoutes,
  sessionRoutes,
  staffSessionRoutes,
].flatMap((table) => Object.values(table));
