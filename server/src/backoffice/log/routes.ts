/** The back office's log desk under /api/staff/, each call with the right it needs. */
import { staffLogRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const logDeskRoutes: FastifyPluginAsync = async (app) => {
  const { log } = app.services.backoffice;
  serve(app, routes.auditLog, (request) => log.auditLog(request.staff, request.query));
};
