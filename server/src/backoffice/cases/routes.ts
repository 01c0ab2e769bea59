/** The back office's cases desk under /api/staff/, each call with the right it needs. */
import { staffCaseRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const casesDeskRoutes: FastifyPluginAsync = async (app) => {
  const { cases } = app.services.backoffice;
  serve(app, routes.cases, (request) => cases.cases(request.staff, request.query));
  serve(app, routes.reviewCase, (request) => cases.reviewCase(request.staff, request.body.case));
  serve(app, routes.decideCase, (request) => cases.decideCase(request.staff, request.body));
  serve(app, routes.decideAppeal, (request) => cases.decideAppeal(request.staff, request.body));
};
