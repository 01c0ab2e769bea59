import { complaintRequest, complaintResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../identity/request-context.js';
import { perVisitor } from '../platform/http/rate-limits.js';

export const complaintsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const limited = perVisitor(rateLimitScale);

  app.post(
    '/api/complaints.php',
    { schema: { body: complaintRequest, response: { 200: complaintResponse } }, config: limited(5, 60) },
    async (request) => services.complaints.file(requestContext(request), request.viewer?.userId ?? null, request.body),
  );
};
