/** The back office's payments desk under /api/staff/, each call with the right it needs. */
import { staffPaymentRoutes as routes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../platform/http/serve.js';

export const paymentsDeskRoutes: FastifyPluginAsync = async (app) => {
  const { payments } = app.services.backoffice;
  serve(app, routes.refund, async (request) => {
    const { transaction, creditsTaken } = await payments.refund(
      request.staff,
      request.body.payment,
      request.body.reason,
    );
    return { transaction, credits_taken: creditsTaken };
  });
  serve(app, routes.payments, (request) => payments.paymentList(request.staff, request.query));
};
