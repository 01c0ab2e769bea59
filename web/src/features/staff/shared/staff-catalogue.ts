/**
 * The `staff` namespace of the app's catalogues: the back office's words, a chunk per language,
 * loaded by the back office only. A signed-in staff member's answer is passed on once their language's
 * words are at hand, so no screen shows while they load (and none is swapped for a spinner).
 */
import type { Locale, StaffUser } from '@amora/common';
import { i18n } from '../../../i18n';

export const STAFF_NAMESPACE = 'staff';

/** Loads the back office's words in `language`, once. */
export async function loadStaffWords(language: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(language, STAFF_NAMESPACE)) await i18n.reloadResources([language], [STAFF_NAMESPACE]);
}

/** The staff member (or nobody), once the words of their language are loaded. */
export async function withStaffWords<Staff extends StaffUser | null>(staff: Staff): Promise<Staff> {
  if (staff) await loadStaffWords(staff.language);
  return staff;
}
