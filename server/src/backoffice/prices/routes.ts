/** The back office's prices desk under /api/staff/, each call with the right it needs. */
import { staffPriceRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const pricesDeskRoutes: FastifyPluginAsync = async (app) => {
  const { prices } = app.services.backoffice;
  serve(app, routes.bundles, (request) => prices.bundles(request.staff, request.query));
  serve(app, routes.addBundle, (request) => prices.addBundle(request.staff, request.body));
  serve(app, routes.changeBundle, (request) => prices.changeBundle(request.staff, request.body));
};
