/** The appeal link of a statement of reasons: it works without signing in (a suspended member cannot). */
import { defineRoute } from './route.js';

export const moderationRoutes = {
  appeal: defineRoute({
    method: 'GET',
    path: '/api/appeal.php',
    access: 'anyone',
    query: 'appealQuery',
    response: 'appealResponse',
    errors: ['not_found'],
  }),
  fileAppeal: defineRoute({
    method: 'POST',
    path: '/api/appeal.php',
    access: 'anyone',
    body: 'appealRequest',
    response: 'appealResponse',
    errors: ['not_found', 'appeal_closed'],
  }),
};
