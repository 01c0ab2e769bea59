import { complaintRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { requestContext } from '../identity/request-context.js';
import { perVisitor } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';

export const complaintsRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const limited = perVisitor(rateLimitScale);

  serve(app, routes.fileComplaint, { config: limited(5, 60) }, (request) =>
    services.complaints.file(requestContext(request), request.viewer?.userId ?? null, request.body),
  );
};
