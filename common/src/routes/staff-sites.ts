/** The back office's sites desk: the sites of this deployment, their settings and host names. */
import { defineRoute } from './route.js';

export const staffSiteRoutes = {
  /**
   * Any signed-in staff member, for the filters of every desk: the door is the service's own
   * check of the staff session, so its refusals are listed here.
   */
  sites: defineRoute({
    method: 'GET',
    path: '/api/staff/sites.php',
    access: 'anyone',
    response: 'staffSitesResponse',
    errors: ['staff_login_required', 'forbidden'],
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
