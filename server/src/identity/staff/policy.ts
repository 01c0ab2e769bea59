/** The staff member a staff call acts as, once access/authorize.ts let them through (common/src/staff-rights.ts says the rights). */
import type { StaffRight } from '@amora/common';
import { authorize, staffActor } from '../../access/authorize.js';
import type { StaffMember } from './member.js';

/** The staff member signed in: else 403 staff_login_required. */
export function requireSignedIn(staff: StaffMember | null): StaffMember {
  authorize(staffActor(staff), 'staff:signed-in');
  return staff as StaffMember;
}

/** The staff member signed in, when their role has the right: else 403 (not signed in as staff, or not allowed). */
export function requireRight(staff: StaffMember | null, right: StaffRight): StaffMember {
  authorize(staffActor(staff), `staff:${right}`);
  return staff as StaffMember;
}
