export * from './constants.js';
export * from './errors.js';
export * from './schemas/accounts.js';
export * from './schemas/likes.js';
export * from './schemas/members.js';
export * from './schemas/sites.js';
export * from './schemas/text.js';
export * from './validation.js';
