/** The back office's log desk under /api/staff/, each call with the right it needs. */
import { auditLogQuery, auditLogResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const logDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { log } = app.services.backoffice;
  app.get(
    '/api/staff/log.php',
    { schema: { querystring: auditLogQuery, response: { 200: auditLogResponse }, errors: STAFF_REFUSALS } },
    async (request) => log.auditLog(request.staff, request.query),
  );
};
