/** The site's showcase of hosted profiles, for landers and the home page. */
import { defineRoute } from './route.js';

export const landerRoutes = {
  landers: defineRoute({
    method: 'GET',
    path: '/api/landers.php',
    access: 'anyone',
    query: 'landersQuery',
    response: 'landersResponse',
  }),
};
