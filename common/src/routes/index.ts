/**
 * The route table (`@amora/common/routes`): every API endpoint, by domain. See route.ts for what a
 * route holds; the server registers them all and the web app calls them with `api(route, input)`.
 */
import { chatRoutes } from './chat.js';
import { likeRoutes } from './likes.js';
import { moneyRoutes } from './money.js';
import { notificationRoutes } from './notifications.js';
import type { RouteDefinition } from './route.js';

export * from './chat.js';
export * from './likes.js';
export * from './money.js';
export * from './notifications.js';
export type * from './route.js';
export { defineRoute } from './route.js';

/** Every route of the table, for what walks them all (the server's check that it serves each). */
export const ALL_ROUTES: readonly RouteDefinition[] = [chatRoutes, likeRoutes, moneyRoutes, notificationRoutes].flatMap(
  (table) => Object.values(table),
);
