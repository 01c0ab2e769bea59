/**
 * Each language's catalogues, a chunk of the build each. A module of its own, loaded with the first
 * catalogue the app fetches (index.ts): the map of some hundred chunks stays out of the first page.
 * `staff` is the back office's, loaded by the back office only (features/staff/shared/words.ts).
 */
export const catalogueFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../common/locales/*/{app,errors,pages,members,likes,chat,credits,notifications,staff}.json',
);
