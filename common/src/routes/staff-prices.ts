/** The back office's prices desk: each site's credit bundles, per country. */
import { defineRoute } from './route.js';

export const staffPriceRoutes = {
  bundles: defineRoute({
    method: 'GET',
    path: '/api/staff/bundles.php',
    access: { staff: 'money' },
    query: 'bundlesQuery',
    response: 'bundlesResponse',
  }),
  addBundle: defineRoute({
    method: 'POST',
    path: '/api/staff/bundles.php',
    access: { staff: 'money' },
    body: 'addBundleRequest',
    response: 'bundleResponse',
  }),
  changeBundle: defineRoute({
    method: 'PUT',
    path: '/api/staff/bundles.php',
    access: { staff: 'money' },
    body: 'changeBundleRequest',
    response: 'bundleResponse',
    errors: ['not_found'],
  }),
};
