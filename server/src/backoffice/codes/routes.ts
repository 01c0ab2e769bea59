/** The back office's codes desk under /api/staff/, each call with the right it needs. */
import { staffCodeRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const codesDeskRoutes: FastifyPluginAsync = async (app) => {
  const { codes } = app.services.backoffice;
  serve(app, routes.discountCodes, (request) => codes.discountCodes(request.staff, request.query));
  serve(app, routes.addDiscountCode, (request) => codes.addDiscountCode(request.staff, request.body));
  serve(app, routes.changeDiscountCode, (request) => codes.changeDiscountCode(request.staff, request.body));
};
