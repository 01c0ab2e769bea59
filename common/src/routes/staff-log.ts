/** The back office's log: what staff did, newest first. */
import { defineRoute } from './route.js';

export const staffLogRoutes = {
  auditLog: defineRoute({
    method: 'GET',
    path: '/api/staff/log.php',
    access: { staff: 'staff' },
    query: 'auditLogQuery',
    response: 'auditLogResponse',
  }),
};
