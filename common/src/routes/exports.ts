/** The copy of a member's data: the latest one, asking for one, and its ZIP file. */
import { defineRoute } from './route.js';

export const exportRoutes = {
  latest: defineRoute({ method: 'GET', path: '/api/exports.php', access: 'member', response: 'dataExportResponse' }),
  request: defineRoute({
    method: 'POST',
    path: '/api/exports.php',
    access: 'member',
    response: 'dataExportResponse',
    errors: ['export_limit'],
  }),
  /** A ZIP file, not JSON: the browser fetches it at its address (web/src/api/exports.ts), never with `api`. */
  download: defineRoute({
    method: 'GET',
    path: '/api/export.php',
    access: 'member',
    query: 'exportIdQuery',
    response: 'dataExportFile',
    errors: ['not_found'],
  }),
};
