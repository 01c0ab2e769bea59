/** Who on the staff may do what: the one check every staff call makes (common/src/staff-rights.ts says the rights). */
import { type StaffRight, staffMay } from '@amora/common';
import { DomainError } from '../errors.js';
import type { StaffMember } from './service.js';

/** The staff member signed in, when their role has the right: else 403 (not signed in as staff, or not allowed). */
export function requireRight(staff: StaffMember | null, right: StaffRight): StaffMember {
  if (!staff) throw new DomainError('staff_login_required');
  if (!staffMay(staff.role, right)) throw new DomainError('forbidden');
  return staff;
}
