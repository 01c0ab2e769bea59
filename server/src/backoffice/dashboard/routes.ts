/** The back office's dashboard desk under /api/staff/, each call with the right it needs. */
import { staffDashboardRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const dashboardDeskRoutes: FastifyPluginAsync = async (app) => {
  const { dashboard } = app.services.backoffice;
  serve(app, routes.dashboard, (request) => dashboard.dashboard(request.staff, request.query));
};
