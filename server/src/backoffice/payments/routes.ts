/** The back office's payments desk under /api/staff/, each call with the right it needs. */
import { id, staffPaymentsQuery, staffPaymentsResponse, staffRefundResponse, text } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_REFUSALS } from '../../identity/staff/policy.js';

const refundBody = z.object({ payment: id, reason: text().trim().min(1, 'required').max(500, 'too_long') });

export const paymentsDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services.backoffice;
  app.post(
    '/api/staff/refund.php',
    {
      schema: {
        body: refundBody,
        response: { 200: staffRefundResponse },
        errors: [...STAFF_REFUSALS, 'refund_refused', 'payment_provider_unavailable'],
      },
    },
    async (request) => {
      const { transaction, creditsTaken } = await payments.refund(
        request.staff,
        request.body.payment,
        request.body.reason,
      );
      return { transaction, credits_taken: creditsTaken };
    },
  );

  app.get(
    '/api/staff/payments.php',
    { schema: { querystring: staffPaymentsQuery, response: { 200: staffPaymentsResponse }, errors: STAFF_REFUSALS } },
    async (request) => payments.paymentList(request.staff, request.query),
  );
};
