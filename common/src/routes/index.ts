/**
 * The route table (`@amora/common/routes`): every API endpoint, by domain. See route.ts for what a
 * route holds; the server registers them all and the web app calls them with `api(route, input)`.
 * The web app imports each domain's table from its own module (`@amora/common/routes/accounts`),
 * never this index: its static imports would put every table into the first page's chunk.
 */
import { accountRoutes } from './accounts.js';
import { chatRoutes } from './chat.js';
import { complaintRoutes } from './complaints.js';
import { exportRoutes } from './exports.js';
import { geoRoutes } from './geo.js';
import { landerRoutes } from './landers.js';
import { likeRoutes } from './likes.js';
import { memberRoutes } from './members.js';
import { moderationRoutes } from './moderation.js';
import { moneyRoutes } from './money.js';
import { notificationRoutes } from './notifications.js';
import { passkeyRoutes } from './passkeys.js';
import { photoRoutes } from './photos.js';
import type { RouteDefinition } from './route.js';
import { sessionRoutes } from './sessions.js';
import { siteRoutes } from './sites.js';
import { staffCaseRoutes } from './staff-cases.js';
import { staffCodeRoutes } from './staff-codes.js';
import { staffDashboardRoutes } from './staff-dashboard.js';
import { staffHostedRoutes } from './staff-hosted.js';
import { staffInboxRoutes } from './staff-inbox.js';
import { staffLogRoutes } from './staff-log.js';
import { staffMemberRoutes } from './staff-members.js';
import { staffPaymentRoutes } from './staff-payments.js';
import { staffPhotoRoutes } from './staff-photos.js';
import { staffPriceRoutes } from './staff-prices.js';
import { staffSessionRoutes } from './staff-session.js';
import { staffSiteRoutes } from './staff-sites.js';
import { staffTeamRoutes } from './staff-team.js';

export * from './accounts.js';
export * from './chat.js';
export * from './complaints.js';
export * from './exports.js';
export * from './geo.js';
export * from './landers.js';
export * from './likes.js';
export * from './members.js';
export * from './moderation.js';
export * from './money.js';
export * from './notifications.js';
export * from './passkeys.js';
export * from './photos.js';
export type * from './route.js';
export { defineRoute } from './route.js';
export * from './sessions.js';
export * from './sites.js';
export * from './staff-cases.js';
export * from './staff-codes.js';
export * from './staff-dashboard.js';
export * from './staff-hosted.js';
export * from './staff-inbox.js';
export * from './staff-log.js';
export * from './staff-members.js';
export * from './staff-payments.js';
export * from './staff-photos.js';
export * from './staff-prices.js';
export * from './staff-session.js';
export * from './staff-sites.js';
export * from './staff-team.js';

/**
 * Every route of the table, for what walks them all (the document's check that it lists each); the
 * sandbox checkout's routes are apart, served only with the sandbox provider and left out of the document.
 */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  accountRoutes,
  chatRoutes,
  complaintRoutes,
  exportRoutes,
  geoRoutes,
  landerRoutes,
  likeRoutes,
  memberRoutes,
  moderationRoutes,
  moneyRoutes,
  notificationRoutes,
  passkeyRoutes,
  photoRoutes,
  sessionRoutes,
  siteRoutes,
  staffCaseRoutes,
  staffCodeRoutes,
  staffDashboardRoutes,
  staffHostedRoutes,
  staffInboxRoutes,
  staffLogRoutes,
  staffMemberRoutes,
  staffPaymentRoutes,
  staffPhotoRoutes,
  staffPriceRoutes,
  staffSessionRoutes,
  staffSiteRoutes,
  staffTeamRoutes,
].flatMap((table) => Object.values(table));
