/** The back office's team desk: staff accounts, for an admin. */
import { defineRoute } from './route.js';

export const staffTeamRoutes = {
  team: defineRoute({
    method: 'GET',
    path: '/api/staff/team.php',
    access: { staff: 'staff' },
    response: 'staffTeamResponse',
  }),
  addStaff: defineRoute({
    method: 'POST',
    path: '/api/staff/team.php',
    access: { staff: 'staff' },
    body: 'addStaffRequest',
    response: 'addStaffResponse',
  }),
  changeStaff: defineRoute({
    method: 'PUT',
    path: '/api/staff/team.php',
    access: { staff: 'staff' },
    body: 'changeStaffRequest',
    response: 'changeStaffResponse',
    errors: ['not_found', 'staff_self_change'],
  }),
};
