/** The team desk of the back office: admins list, add and change staff accounts. */
import type { Locale } from '@amora/common';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { StaffAccountChange, StaffService } from '../../identity/staff/service.js';
import type { RequestContext } from '../../platform/context.js';
import type { StaffRole } from '../../platform/db/schema.js';

export function createTeamDesk(deps: { staffAccounts: StaffService }) {
  const { staffAccounts } = deps;

  return {
    /** The staff accounts, for an admin. */
    async team(staff: StaffMember | null) {
      requireRight(staff, 'staff');
      return staffAccounts.accounts();
    },

    /** An admin adds a staff account: its first password is returned once, its invitation mailed. */
    async addByAdmin(
      ctx: RequestContext,
      staff: StaffMember | null,
      input: { email: string; name: string; role: StaffRole; language: Locale },
    ) {
      return staffAccounts.addByAdmin(ctx, requireRight(staff, 'staff'), input);
    },

    /** An admin changes another account's role, or disables it (ending its sessions at once) or enables it. */
    async change(ctx: RequestContext, staff: StaffMember | null, input: StaffAccountChange) {
      return staffAccounts.changeByAdmin(ctx, requireRight(staff, 'staff'), input);
    },
  };
}
