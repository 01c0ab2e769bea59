import {
  creditsResponse,
  directDebitCodeResponse,
  directDebitForm,
  directDebitRequest,
  discountCode,
  discountCodeQuery,
  idealBanksResponse,
  okResponse,
  pricingQuery,
  pricingResponse,
  repeatOrderRequest,
  repeatOrderResponse,
  retentionCodeResponse,
  retentionOfferResponse,
  sandboxCheckout,
  sandboxCheckoutQuery,
  sandboxDecision,
  sandboxDecisionResponse,
  startPaymentRequest,
  startPaymentResponse,
  text,
  transactionQuery,
  transactionResponse,
  transactionsResponse,
} from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../identity/request-context.js';
import { perMember, perVisitor } from '../platform/http/rate-limits.js';
import { atProvider, PaymentNotFound } from './payments/provider.js';
import type { SandboxProvider } from './payments/sandbox.js';

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
/** A direct debit this member may not open (now), or that this server cannot confirm by text. */
const DIRECT_DEBIT_REFUSALS = ['directdebit_blocked', 'directdebit_limit', 'directdebit_unavailable'] as const;
const ORDER_REFUSALS = ['not_found', ...DISCOUNT_REFUSALS, 'payment_provider_unavailable'] as const;

/** A webhook body: Mollie posts `id=tr_…` as a form. */
const webhookBody = z.object({ id: text().min(1, 'required').max(100, 'too_long') });

export const moneyRoutes: FastifyPluginAsyncZod<{
  rateLimitScale: number;
  sandbox: SandboxProvider | null;
}> = async (app, { rateLimitScale, sandbox }) => {
  const { services } = app;
  const { payments } = services;
  const signedIn = { signedIn: true };
  const limited = perMember(rateLimitScale);
  const perAddress = perVisitor(rateLimitScale);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/api/credits.php',
    { schema: { response: { 200: creditsResponse }, errors: ['not_found'] }, config: signedIn },
    async (request) => payments.offer(request.site, request.member),
  );

  app.get(
    '/api/pricing.php',
    { schema: { querystring: pricingQuery, response: { 200: pricingResponse }, errors: ['not_found'] } },
    async (request) => payments.pricing(request.site, request.query.country),
  );

  app.get(
    '/api/ideal-banks.php',
    {
      schema: { response: { 200: idealBanksResponse }, errors: ['payment_provider_unavailable'] },
      config: signedIn,
    },
    async () => ({ banks: await payments.idealBanks() }),
  );

  app.get(
    '/api/discountcode.php',
    {
      schema: {
        querystring: discountCodeQuery,
        response: { 200: discountCode },
        errors: ['not_found', ...DISCOUNT_REFUSALS],
      },
      // Guessing codes is slow: a member may look up 30 in 10 minutes.
      config: { ...limited(30, 10), ...signedIn },
    },
    async (request) => payments.discount(request.site, request.member, request.query),
  );

  app.post(
    '/api/payment.php',
    {
      schema: { body: startPaymentRequest, response: { 200: startPaymentResponse }, errors: ORDER_REFUSALS },
      config: { ...limited(30, 10), ...signedIn },
    },
    async (request) => payments.start(requestContext(request), request.member, request.body),
  );

  app.post(
    '/api/directdebit-code.php',
    {
      schema: {
        body: directDebitForm,
        response: { 200: directDebitCodeResponse },
        errors: [...ORDER_REFUSALS, ...DIRECT_DEBIT_REFUSALS],
      },
      // Each code is a text message: 5 an hour for a member.
      config: { ...limited(5, 60), ...signedIn },
    },
    async (request) => payments.directDebitCode(requestContext(request), request.member, request.body),
  );

  app.post(
    '/api/directdebit.php',
    {
      schema: {
        body: directDebitRequest,
        response: { 200: startPaymentResponse },
        errors: [...ORDER_REFUSALS, ...DIRECT_DEBIT_REFUSALS, 'otp_invalid'],
      },
      config: { ...limited(20, 10), ...signedIn },
    },
    async (request) => payments.directDebit(requestContext(request), request.member, request.body),
  );

  app.get(
    '/api/retention-offer.php',
    { schema: { response: { 200: retentionOfferResponse }, errors: ['not_found'] }, config: signedIn },
    async (request) => payments.retentionOffer(request.site, request.member),
  );

  app.post(
    '/api/retention-offer.php',
    { schema: { response: { 200: retentionCodeResponse }, errors: ['not_found'] }, config: signedIn },
    async (request) => payments.retentionCode(request.site, request.member),
  );

  app.get(
    '/api/repeat-order.php',
    { schema: { response: { 200: repeatOrderResponse }, errors: ['not_found'] }, config: signedIn },
    async (request) => payments.repeatOrders(request.site, request.member),
  );

  app.post(
    '/api/repeat-order.php',
    {
      schema: { body: repeatOrderRequest, response: { 200: startPaymentResponse }, errors: ORDER_REFUSALS },
      config: { ...limited(30, 10), ...signedIn },
    },
    async (request) => payments.repeatOrder(requestContext(request), request.member, request.body),
  );

  app.get(
    '/api/transactions.php',
    { schema: { response: { 200: transactionsResponse } }, config: signedIn },
    async (request) => payments.transactions(request.member),
  );

  app.get(
    '/api/transaction.php',
    {
      schema: { querystring: transactionQuery, response: { 200: transactionResponse }, errors: ['not_found'] },
      config: { ...limited(120, 1), ...signedIn },
    },
    async (request) => payments.transaction(request.site, request.member, request.query.id),
  );

  app.post(
    '/api/payment-webhook.php',
    {
      schema: {
        description: "The payment provider's webhook: the id is looked up at the provider, nothing else is believed.",
        body: webhookBody,
        response: { 200: okResponse },
        errors: ['payment_provider_unavailable'],
      },
      // Each call makes us ask the provider: a flood of made-up ids from one address is cut off.
      config: { withoutClientHeader: true, ...perAddress(600, 1) },
    },
    async (request, reply) => {
      try {
        // The provider calls again later when this is not a success.
        await atProvider(() => payments.webhook(request.body.id));
      } catch (error) {
        // An id the provider does not know is answered like a known one: nothing to learn here.
        if (error instanceof PaymentNotFound) return reply.send({ ok: true });
        throw error;
      }
      return reply.send({ ok: true });
    },
  );

  if (sandbox) {
    app.get(
      '/api/sandbox-checkout.php',
      {
        schema: { hide: true, querystring: sandboxCheckoutQuery, response: { 200: sandboxCheckout } },
        config: perAddress(120, 1),
      },
      async (request) => sandbox.checkout(request.query.id),
    );
    app.post(
      '/api/sandbox-checkout.php',
      {
        schema: { hide: true, body: sandboxDecision, response: { 200: sandboxDecisionResponse } },
        config: perAddress(60, 1),
      },
      async (request) => ({ redirect_url: await sandbox.decide(request.body.id, request.body.outcome) }),
    );
  }
};
