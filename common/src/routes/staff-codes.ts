/** The back office's codes desk: the discount codes members type. */
import { defineRoute } from './route.js';

export const staffCodeRoutes = {
  discountCodes: defineRoute({
    method: 'GET',
    path: '/api/staff/discounts.php',
    access: { staff: 'money' },
    query: 'discountCodesQuery',
    response: 'discountCodesResponse',
  }),
  addDiscountCode: defineRoute({
    method: 'POST',
    path: '/api/staff/discounts.php',
    access: { staff: 'money' },
    body: 'addDiscountCodeRequest',
    response: 'discountCodeResponse',
  }),
  changeDiscountCode: defineRoute({
    method: 'PUT',
    path: '/api/staff/discounts.php',
    access: { staff: 'money' },
    body: 'changeDiscountCodeRequest',
    response: 'discountCodeResponse',
    errors: ['not_found'],
  }),
};
