/**
 * What each staff role may do: one table, which the server enforces on every staff call and the
 * back office reads to offer only what the role may use.
 */
export const STAFF_ROLES = ['operator', 'moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_RIGHTS = [
  /** How the sites are doing: signups, payments, messages and operators' answer times. */
  'dashboard',
  /** Answer members as hosted profiles, from the inbox. */
  'inbox',
  /** Approve or reject the photos members upload, on every site. */
  'photos',
  /** Decide reports and complaints (statements of reasons, suspensions, bans) and review appeals. */
  'reports',
  /** Find members and see their account; suspend, ban or lift; grant or take credits. */
  'members',
  /** Create, change and retire hosted profiles, their photos and persona sheets. */
  'profiles',
  /** Refunds, bundles, prices and discount codes. */
  'money',
  /** Sites: add one; change its settings, company details and host names. */
  'sites',
  /** Staff accounts: add, change roles, disable. */
  'staff',
  /** Erase a member's account at once and for good, without the grace period of their own deletion. */
  'erasure',
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

const RIGHTS_OF: Record<StaffRole, readonly StaffRight[]> = {
  operator: ['inbox'],
  moderator: ['photos', 'reports', 'members'],
  admin: STAFF_RIGHTS,
};

export function staffMay(role: StaffRole, right: StaffRight): boolean {
  return RIGHTS_OF[role].includes(right);
}
