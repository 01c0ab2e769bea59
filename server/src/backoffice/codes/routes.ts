/** The back office's codes desk under /api/staff/, each call with the right it needs. */
import {
  addDiscountCodeRequest,
  changeDiscountCodeRequest,
  discountCodeResponse,
  discountCodesQuery,
  discountCodesResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

export const codesDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { codes } = app.services.backoffice;
  app.get(
    '/api/staff/discounts.php',
    { schema: { querystring: discountCodesQuery, response: { 200: discountCodesResponse }, errors: STAFF_REFUSALS } },
    async (request) => codes.discountCodes(request.staff, request.query),
  );

  app.post(
    '/api/staff/discounts.php',
    { schema: { body: addDiscountCodeRequest, response: { 200: discountCodeResponse }, errors: STAFF_REFUSALS } },
    async (request) => codes.addDiscountCode(request.staff, request.body),
  );

  app.put(
    '/api/staff/discounts.php',
    {
      schema: {
        body: changeDiscountCodeRequest,
        response: { 200: discountCodeResponse },
        errors: [...STAFF_REFUSALS, 'not_found'],
      },
    },
    async (request) => codes.changeDiscountCode(request.staff, request.body),
  );
};
