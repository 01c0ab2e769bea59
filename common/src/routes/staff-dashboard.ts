/** The back office's dashboard: how the sites are doing. */
import { defineRoute } from './route.js';

export const staffDashboardRoutes = {
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/staff/dashboard.php',
    access: { staff: 'dashboard' },
    query: 'dashboardQuery',
    response: 'dashboardResponse',
  }),
};
