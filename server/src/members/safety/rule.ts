/**
 * Who may see whom, written once as conditions on `profiles` in SQL: the visibility policy asks it
 * of one profile (visibility.ts), search of many (search/filter.ts). The caller narrows to the
 * viewer's site, as every query of a site does.
 *
 * - A profile is seen while active; its owner always sees it.
 * - A block either way hides the blocker from the blocked; the blocker still sees whom they blocked
 *   (to unblock), but neither may contact or find the other.
 * - An invisible profile is found by nobody, and seen only by those it has been in touch with (a
 *   like either way, a conversation: the contacts table, kept by the policy for likes and the chat).
 * - Visitors see what anyone may find, and never a test account (the demo's logins); search
 *   finds test accounts for nobody (search/pages.ts).
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** What the viewer does with a profile: look at it, like or write to it, or find it in a list. */
export type Purpose = 'view' | 'contact' | 'find';

type ProfilesEb = ExpressionBuilder<Database, 'profiles'>;

/** Profiles the viewer blocked. */
export const blockedByViewer = (eb: ProfilesEb, viewer: number) =>
  eb.selectFrom('blocks').select('blocked_profile_id as id').where('blocker_profile_id', '=', viewer);

/** Profiles that blocked the viewer. */
const blockersOfViewer = (eb: ProfilesEb, viewer: number) =>
  eb.selectFrom('blocks').select('blocker_profile_id as id').where('blocked_profile_id', '=', viewer);

/** The viewer has been in touch with the profile. */
const inTouchWith = (eb: ProfilesEb, viewer: number) =>
  eb.exists(
    eb
      .selectFrom('contacts')
      .select('contacts.other_profile_id')
      .where('contacts.profile_id', '=', viewer)
      .whereRef('contacts.other_profile_id', '=', 'profiles.id'),
  );

/**
 * The rule for anyone (`viewer` undefined: a visitor, or a search's count before the viewer's
 * blocks are taken off) or for one member's profile. For `find`, the member's rule is the
 * anyone rule without both sides of their blocks, which search's cached totals rely on.
 */
export function seenBy(eb: ProfilesEb, viewer: number | undefined, purpose: Purpose): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('profiles.status', '=', 'active')];
  if (viewer === undefined || purpose === 'find') conditions.push(eb('profiles.invisible', '=', 0));
  else conditions.push(eb.or([eb('profiles.invisible', '=', 0), inTouchWith(eb, viewer)]));
  if (viewer === undefined) {
    if (purpose === 'view') conditions.push(eb('profiles.test_account', '=', 0));
    return eb.and(conditions);
  }
  conditions.push(eb('profiles.id', 'not in', blockersOfViewer(eb, viewer)));
  if (purpose !== 'view') conditions.push(eb('profiles.id', 'not in', blockedByViewer(eb, viewer)));
  const seen = eb.and(conditions);
  return purpose === 'view' ? eb.or([eb('profiles.id', '=', viewer), seen]) : seen;
}
