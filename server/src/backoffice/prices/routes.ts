/** The back office's prices desk under /api/staff/, each call with the right it needs. */
import {
  addBundleRequest,
  bundleResponse,
  bundlesQuery,
  bundlesResponse,
  changeBundleRequest,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const pricesDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prices } = app.services.backoffice;
  app.get(
    '/api/staff/bundles.php',
    { schema: { querystring: bundlesQuery, response: { 200: bundlesResponse }, errors: STAFF_REFUSALS } },
    async (request) => prices.bundles(request.staff, request.query),
  );

  app.post(
    '/api/staff/bundles.php',
    { schema: { body: addBundleRequest, response: { 200: bundleResponse }, errors: STAFF_REFUSALS } },
    async (request) => prices.addBundle(request.staff, request.body),
  );

  app.put(
    '/api/staff/bundles.php',
    {
      schema: {
        body: changeBundleRequest,
        response: { 200: bundleResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => prices.changeBundle(request.staff, request.body),
  );
};
