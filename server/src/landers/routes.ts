import { landersQuery, landersResponse } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const landersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { landers } = services;

  app.get(
    '/api/landers.php',
    { schema: { querystring: landersQuery, response: { 200: landersResponse } } },
    async (request) =>
      landers.profiles(request.site, request.query.network ?? request.trafficSource, request.query, request.viewer),
  );
};
