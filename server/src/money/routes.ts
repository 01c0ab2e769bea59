import { moneyRoutes as routes, sandboxCheckoutRoutes } from '@amora/common/routes';
import type { FastifyPluginAsync } from 'fastify';
import { requestContext } from '../identity/request-context.js';
import { perMember, perVisitor } from '../platform/http/rate-limits.js';
import { serve } from '../platform/http/serve.js';
import { atProvider, PaymentNotFound } from './payments/provider.js';
import type { SandboxProvider } from './payments/sandbox.js';

export const moneyRoutes: FastifyPluginAsync<{
  rateLimitScale: number;
  sandbox: SandboxProvider | null;
}> = async (app, { rateLimitScale, sandbox }) => {
  const { payments } = app.services;
  const limited = perMember(rateLimitScale);
  const perAddress = perVisitor(rateLimitScale);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  serve(app, routes.credits, (request) => payments.offer(request.site, request.member));
  serve(app, routes.pricing, (request) => payments.pricing(request.site, request.query.country));
  serve(app, routes.idealBanks, async () => ({ banks: await payments.idealBanks() }));
  // Guessing codes is slow: a member may look up 30 in 10 minutes.
  serve(app, routes.discountCode, { config: limited(30, 10) }, (request) =>
    payments.discount(request.site, request.member, request.query),
  );
  serve(app, routes.startPayment, { config: limited(30, 10) }, (request) =>
    payments.start(requestContext(request), request.member, request.body),
  );
  // Each code is a text message: 5 an hour for a member.
  serve(app, routes.directDebitCode, { config: limited(5, 60) }, (request) =>
    payments.directDebitCode(requestContext(request), request.member, request.body),
  );
  serve(app, routes.directDebit, { config: limited(20, 10) }, (request) =>
    payments.directDebit(requestContext(request), request.member, request.body),
  );
  serve(app, routes.retentionOffer, (request) => payments.retentionOffer(request.site, request.member));
  serve(app, routes.takeRetentionOffer, (request) => payments.retentionCode(request.site, request.member));
  serve(app, routes.repeatOrders, (request) => payments.repeatOrders(request.site, request.member));
  serve(app, routes.repeatOrder, { config: limited(30, 10) }, (request) =>
    payments.repeatOrder(requestContext(request), request.member, request.body),
  );
  serve(app, routes.transactions, (request) => payments.transactions(request.member));
  serve(app, routes.transaction, { config: limited(120, 1) }, (request) =>
    payments.transaction(request.site, request.member, request.query.id),
  );

  serve(
    app,
    routes.paymentWebhook,
    {
      schema: {
        description: "The payment provider's webhook: the id is looked up at the provider, nothing else is believed.",
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
    serve(
      app,
      sandboxCheckoutRoutes.sandboxCheckout,
      { schema: { hide: true }, config: perAddress(120, 1) },
      (request) => sandbox.checkout(request.query.id),
    );
    serve(
      app,
      sandboxCheckoutRoutes.sandboxDecide,
      { schema: { hide: true }, config: perAddress(60, 1) },
      async (request) => ({
        redirect_url: await sandbox.decide(request.body.id, request.body.outcome),
      }),
    );
  }
};
