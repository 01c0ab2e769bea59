/** The back office's dashboard desk under /api/staff/, each call with the right it needs. */
import { dashboardQuery, dashboardResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const dashboardDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.services.backoffice;
  app.get(
    '/api/staff/dashboard.php',
    { schema: { querystring: dashboardQuery, response: { 200: dashboardResponse }, errors: STAFF_REFUSALS } },
    async (request) => dashboard.dashboard(request.staff, request.query),
  );
};
