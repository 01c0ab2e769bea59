/**
 * Constants, rules and types shared by the server and the web app, without zod. The schemas
 * themselves are `@amora/common/schemas`; their types are exported here too.
 */
export * from './app-page.js';
export * from './constants.js';
export * from './devices.js';
export * from './errors.js';
export * from './lander-pages.js';
export * from './money.js';
export type * from './schemas/index.js';
export * from './search-fields.js';
export * from './staff-rights.js';
export * from './validation.js';
export * from './web-routes.js';
