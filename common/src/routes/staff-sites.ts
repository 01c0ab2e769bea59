/** The back office's sites desk: the sites of this deployment, their settings and host names. */
import { defineRoute } from './route.js';

export const staffSiteRoutes = {
  /** Any signed-in staff member: the site filter of every desk. */
  sites: defineRoute({
    method: 'GET',
    path: '/api/staff/sites.php',
    access: { staff: 'signed-in' },
    response: 'staffSitesResponse',
  }),
  site: defineRoute({
    method: 'GET',
    path: '/api/staff/site.php',
    access: { staff: 'sites' },
    query: 'siteQuery',
    response: 'staffSiteResponse',
    errors: ['not_found'],
  }),
  addSite: defineRoute({
    method: 'POST',
    path: '/api/staff/sites.php',
    access: { staff: 'sites' },
    body: 'newSiteRequest',
    response: 'staffSiteResponse',
  }),
  changeSite: defineRoute({
    method: 'PUT',
    path: '/api/staff/site.php',
    access: { staff: 'sites' },
    body: 'changeSiteRequest',
    response: 'staffSiteResponse',
    errors: ['not_found'],
  }),
  addSiteDomain: defineRoute({
    method: 'POST',
    path: '/api/staff/site-domain.php',
    access: { staff: 'sites' },
    body: 'siteDomainRequest',
    response: 'staffSiteResponse',
    errors: ['not_found'],
  }),
  removeSiteDomain: defineRoute({
    method: 'DELETE',
    path: '/api/staff/site-domain.php',
    access: { staff: 'sites' },
    body: 'siteDomainRequest',
    response: 'staffSiteResponse',
    errors: ['not_found'],
  }),
};
