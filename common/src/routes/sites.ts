/** What a site tells before anyone signs in: its settings, its company, its interests and regions. */
import { defineRoute } from './route.js';

export const siteRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/api/settings.php',
    access: 'anyone',
    query: 'settingsQuery',
    response: 'settings',
  }),
  companyInfo: defineRoute({ method: 'GET', path: '/api/companyinfo.php', access: 'anyone', response: 'companyInfo' }),
  interests: defineRoute({
    method: 'GET',
    path: '/api/interests.php',
    access: 'anyone',
    response: 'interestsResponse',
  }),
  regions: defineRoute({ method: 'GET', path: '/api/regions.php', access: 'anyone', response: 'regionsResponse' }),
};
