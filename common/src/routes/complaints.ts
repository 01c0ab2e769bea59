/** A complaint to the site, by a visitor or a member. */
import { defineRoute } from './route.js';

export const complaintRoutes = {
  fileComplaint: defineRoute({
    method: 'POST',
    path: '/api/complaints.php',
    access: 'anyone',
    body: 'complaintRequest',
    response: 'complaintResponse',
    retry: true,
  }),
};
