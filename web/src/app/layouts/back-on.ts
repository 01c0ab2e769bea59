import { matchPath } from 'react-router';

/**
 * Screens reached from a list, where an installed app (no browser bar) needs a way back (SPEC §2):
 * /credits/{id} is the bundle /credits links to, with or without its payment method.
 */
const BACK_ON = ['/members/:id', '/likes/:type', '/likes/m/:id', '/credits', '/credits/:id/:paymentmethod?'];

export function backButtonOn(pathname: string): boolean {
  return BACK_ON.some((pattern) => matchPath(pattern, pathname));
}
