import { moderationRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { perVisitor } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';

/** The appeal link of a statement of reasons: it works without signing in (a suspended member cannot). */
export const moderationRoutes: FastifyPluginAsync<{ rateLimitScale: number }> = async (app, { rateLimitScale }) => {
  const { services } = app;
  const limited = perVisitor(rateLimitScale);

  serve(app, routes.appeal, { config: limited(30, 60) }, async (request) => ({
    appeal: await services.moderation.appealView(request.site.id, request.query.token),
  }));

  serve(app, routes.fileAppeal, { config: limited(5, 60) }, async (request) => ({
    appeal: await services.moderation.appeal(request.site.id, request.body.token, request.body.text),
  }));
};
