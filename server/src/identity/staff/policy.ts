/** Who on the staff may do what: the one check every staff call makes (common/src/staff-rights.ts says the rights). */
import { type StaffRight, staffMay } from '@amora/common';
import { DomainError } from '../../platform/errors.js';
import type { StaffMember } from './member.js';

/** The staff member signed in: else 403 staff_login_required. */
export function requireSignedIn(staff: StaffMember | null): StaffMember {
  if (!staff) throw new DomainError('staff_login_required');
  return staff;
}

/** The staff member signed in, when their role has the right: else 403 (not signed in as staff, or not allowed). */
export function requireRight(staff: StaffMember | null, right: StaffRight): StaffMember {
  const member = requireSignedIn(staff);
  if (!staffMay(member.role, right)) throw new DomainError('forbidden');
  return member;
}

/** The refusals of any staff call for a role's right, as the routes list them. */
export const STAFF_REFUSALS = ['staff_login_required', 'forbidden'] as const;
