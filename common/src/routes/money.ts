/** Credits for money: the offer and prices, discount codes, payments, transactions and the provider's webhook. */
import { defineRoute } from './route.js';

/** A discount code the member typed that cannot be used (now, here, or for this order). */
const DISCOUNT_REFUSALS = [
  'discount_not_found',
  'discount_used',
  'discount_expired',
  'discount_country',
  'discount_minimum_order',
  'discount_method',
] as const;
/** An order of a bundle that is not on sale (here), with a discount code, at the provider. */
const ORDER_REFUSALS = ['not_found', ...DISCOUNT_REFUSALS, 'payment_provider_unavailable'] as const;
/** A direct debit this member may not open (now), or that this server cannot confirm by text. */
const DIRECT_DEBIT_REFUSALS = ['directdebit_blocked', 'directdebit_limit', 'directdebit_unavailable'] as const;

export const moneyRoutes = {
  credits: defineRoute({
    method: 'GET',
    path: '/api/credits.php',
    access: 'member',
    response: 'creditsResponse',
    errors: ['not_found'],
  }),
  pricing: defineRoute({
    method: 'GET',
    path: '/api/pricing.php',
    access: 'anyone',
    query: 'pricingQuery',
    response: 'pricingResponse',
    errors: ['not_found'],
  }),
  idealBanks: defineRoute({
    method: 'GET',
    path: '/api/ideal-banks.php',
    access: 'member',
    response: 'idealBanksResponse',
    errors: ['payment_provider_unavailable'],
  }),
  discountCode: defineRoute({
    method: 'GET',
    path: '/api/discountcode.php',
    access: 'member',
    query: 'discountCodeQuery',
    response: 'discountCode',
    errors: ['not_found', ...DISCOUNT_REFUSALS],
  }),
  /** A retried call with the same client_id starts nothing new. */
  startPayment: defineRoute({
    method: 'POST',
    path: '/api/payment.php',
    access: 'member',
    body: 'startPaymentRequest',
    response: 'startPaymentResponse',
    errors: ORDER_REFUSALS,
    retry: true,
  }),
  directDebitCode: defineRoute({
    method: 'POST',
    path: '/api/directdebit-code.php',
    access: 'member',
    body: 'directDebitForm',
    response: 'directDebitCodeResponse',
    errors: [...ORDER_REFUSALS, ...DIRECT_DEBIT_REFUSALS],
  }),
  /** A retried call with the same client_id starts nothing new (and uses no code again). */
  directDebit: defineRoute({
    method: 'POST',
    path: '/api/directdebit.php',
    access: 'member',
    body: 'directDebitRequest',
    response: 'startPaymentResponse',
    errors: [...ORDER_REFUSALS, ...DIRECT_DEBIT_REFUSALS, 'otp_invalid'],
    retry: true,
  }),
  retentionOffer: defineRoute({
    method: 'GET',
    path: '/api/retention-offer.php',
    access: 'member',
    response: 'retentionOfferResponse',
    errors: ['not_found'],
  }),
  /** The member's own code, made once: asking again answers the same code. */
  takeRetentionOffer: defineRoute({
    method: 'POST',
    path: '/api/retention-offer.php',
    access: 'member',
    response: 'retentionCodeResponse',
    errors: ['not_found'],
    retry: true,
  }),
  repeatOrders: defineRoute({
    method: 'GET',
    path: '/api/repeat-order.php',
    access: 'member',
    response: 'repeatOrderResponse',
    errors: ['not_found'],
  }),
  /** A retried call with the same client_id starts nothing new. */
  repeatOrder: defineRoute({
    method: 'POST',
    path: '/api/repeat-order.php',
    access: 'member',
    body: 'repeatOrderRequest',
    response: 'startPaymentResponse',
    errors: ORDER_REFUSALS,
    retry: true,
  }),
  transactions: defineRoute({
    method: 'GET',
    path: '/api/transactions.php',
    access: 'member',
    response: 'transactionsResponse',
  }),
  transaction: defineRoute({
    method: 'GET',
    path: '/api/transaction.php',
    access: 'member',
    query: 'transactionQuery',
    response: 'transactionResponse',
    errors: ['not_found'],
  }),
  /** The payment provider's webhook: a form with the payment's id, which is looked up at the provider. */
  paymentWebhook: defineRoute({
    method: 'POST',
    path: '/api/payment-webhook.php',
    access: 'anyone',
    body: 'paymentWebhookBody',
    response: 'okResponse',
    errors: ['payment_provider_unavailable'],
  }),
};

/**
 * The sandbox provider's checkout, for development and demos: served only while the sandbox is the
 * provider and left out of the API document, so not in ALL_ROUTES.
 */
export const sandboxCheckoutRoutes = {
  sandboxCheckout: defineRoute({
    method: 'GET',
    path: '/api/sandbox-checkout.php',
    access: 'anyone',
    query: 'sandboxCheckoutQuery',
    response: 'sandboxCheckout',
  }),
  sandboxDecide: defineRoute({
    method: 'POST',
    path: '/api/sandbox-checkout.php',
    access: 'anyone',
    body: 'sandboxDecision',
    response: 'sandboxDecisionResponse',
  }),
};
