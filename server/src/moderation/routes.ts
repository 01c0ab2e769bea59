import { appealQuery, appealRequest, appealResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perVisitor } from '../platform/http/rate-limits.js';

/** The appeal link of a statement of reasons: it works without signing in (a suspended member cannot). */
export const moderationRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const limited = perVisitor(rateLimitScale);

  app.get(
    '/api/appeal.php',
    {
      schema: { querystring: appealQuery, response: { 200: appealResponse }, errors: ['not_found'] },
      config: limited(30, 60),
    },
    async (request) => ({ appeal: await services.moderation.appealView(request.site.id, request.query.token) }),
  );

  app.post(
    '/api/appeal.php',
    {
      schema: { body: appealRequest, response: { 200: appealResponse }, errors: ['not_found', 'appeal_closed'] },
      config: limited(5, 60),
    },
    async (request) => ({
      appeal: await services.moderation.appeal(request.site.id, request.body.token, request.body.text),
    }),
  );
};
