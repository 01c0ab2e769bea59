/**
 * The zod schemas of every API payload (`@amora/common/schemas`). They are apart from the rest of
 * the package so that code which needs only constants and rules does not load zod: the web app's
 * first screen, for one, loads the schemas with its first call (web/src/api/client.ts).
 */
export * from './accounts.js';
export * from './app-page.js';
export * from './chat.js';
export * from './complaints.js';
export * from './errors.js';
export * from './exports.js';
export * from './ids.js';
export * from './landers.js';
export * from './likes.js';
export * from './members.js';
export * from './notifications.js';
export * from './passkeys.js';
export * from './payments.js';
export * from './sites.js';
export * from './socket.js';
export * from './staff.js';
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
export * from './staff-sites.js';
export * from './staff-team.js';
export * from './text.js';
