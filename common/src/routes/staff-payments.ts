/** The back office's payments desk: payments across sites, and refunds. */
import { defineRoute } from './route.js';

export const staffPaymentRoutes = {
  payments: defineRoute({
    method: 'GET',
    path: '/api/staff/payments.php',
    access: { staff: 'money' },
    query: 'staffPaymentsQuery',
    response: 'staffPaymentsResponse',
  }),
  refund: defineRoute({
    method: 'POST',
    path: '/api/staff/refund.php',
    access: { staff: 'money' },
    body: 'staffRefundRequest',
    response: 'staffRefundResponse',
    errors: ['not_found', 'refund_refused', 'payment_provider_unavailable'],
  }),
};
