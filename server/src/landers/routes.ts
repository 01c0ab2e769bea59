import { landerRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../platform/http/serve.js';

export const landersRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const { landers } = services;

  serve(app, routes.landers, (request) =>
    landers.profiles(request.site, request.query.network ?? request.trafficSource, request.query, request.viewer),
  );
};
