/**
 * Mollie's API v2 played by a real local HTTP server, for the calls the Mollie provider makes:
 * payments (one-off, first and recurring), their refunds, customers and iDEAL's banks. It answers
 * with the shapes Mollie documents, including its errors ({status, title, detail}), and checks what
 * Mollie checks that a mistake of ours would trip: the bearer key, amounts, locales, banks, mandates.
 * What a payer or Mollie itself would do (pay, refund in the dashboard, charge back, call the
 * webhook, fall over) the test does through the controls.
 * Mollie's shapes, ids, errors and what it accepts: mollie-shapes.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decimalToMinor } from '@amora/common';
import {
  checkAmount,
  DOCUMENTATION,
  IDEAL_ISSUERS,
  LOCALES,
  MANDATE_METHOD,
  METHODS,
  MollieError,
  type MolliePaymentResource,
  type MollieStatus,
  money,
  newId,
} from './mollie-shapes.js';

export type { MollieStatus } from './mollie-shapes.js';

interface FakePayment {
  id: string;
  /** The JSON body the payment was created with. */
  request: Record<string, unknown>;
  /** The payment as Mollie would answer for it now. */
  resource: MolliePaymentResource;
}

interface Stored {
  request: Record<string, unknown>;
  /** What render() completes with the sums and links of the moment. */
  resource: Omit<MolliePaymentResource, 'amountRefunded' | 'amountRemaining' | 'amountChargedBack' | '_links'>;
  refunded: number;
  chargedBack: number;
}

export interface FakeMollie {
  /** The API endpoint to give the provider; ends in /v2/. */
  url: string;
  apiKey: string;
  setStatus(id: string, status: MollieStatus): void;
  /** Refunds what is left of a paid payment, as a refund in Mollie's dashboard would. */
  refundAll(id: string): void;
  chargeBack(id: string, minor: number): void;
  payments(): FakePayment[];
  /** POSTs id=<id> to the payment's webhookUrl as Mollie does; the HTTP status of each delivery. */
  deliverWebhook(id: string, times?: number): Promise<number[]>;
  /** The next n API calls answer 503. */
  failNext(n: number): void;
  close(): Promise<void>;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeMollie(): Promise<FakeMollie> {
  const apiKey = newId('test', 30);
  const payments = new Map<string, Stored>();
  const customers = new Map<string, { name: unknown; email: unknown }>();
  const mandates = new Map<string, { customerId: string; method: string }>();
  let failures = 0;
  let origin = '';

  function stored(id: string): Stored {
    const payment = payments.get(id);
    if (!payment) throw new MollieError(404, `No payment exists with token ${id}.`);
    return payment;
  }

  /** The resource as served now: refund and chargeback sums appear once Mollie has them. */
  function render(payment: Stored): MolliePaymentResource {
    const { resource } = payment;
    const { currency } = resource.amount;
    const minor = decimalToMinor(resource.amount.value);
    const refundable = resource.status === 'paid' || payment.refunded > 0;
    return JSON.parse(
      JSON.stringify({
        ...resource,
        amountRefunded: refundable ? money(payment.refunded, currency) : undefined,
        amountRemaining: refundable ? money(minor - payment.refunded, currency) : undefined,
        amountChargedBack: payment.chargedBack > 0 ? money(payment.chargedBack, currency) : undefined,
        _links: {
          self: { href: `${origin}/v2/payments/${resource.id}`, type: 'application/hal+json' },
          checkout:
            resource.status === 'open' && resource.sequenceType !== 'recurring'
              ? { href: `${origin}/checkout/select-method/${resource.id.slice(3)}`, type: 'text/html' }
              : undefined,
          documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
        },
      }),
    );
  }

  function createPayment(body: Record<string, unknown>): MolliePaymentResource {
    const amount = checkAmount(body.amount, 'amount');
    if (typeof body.description !== 'string' || body.description === '') {
      throw new MollieError(422, 'The description is invalid', 'description');
    }
    const sequenceType = body.sequenceType ?? 'oneoff';
    if (sequenceType !== 'oneoff' && sequenceType !== 'first' && sequenceType !== 'recurring') {
      throw new MollieError(422, 'The sequence type is invalid', 'sequenceType');
    }
    if (sequenceType !== 'recurring' && typeof body.redirectUrl !== 'string') {
      throw new MollieError(422, 'The redirect URL is required', 'redirectUrl');
    }
    if (body.locale !== undefined && !LOCALES.has(body.locale as string)) {
      throw new MollieError(422, 'The locale is invalid', 'locale');
    }
    if (body.method !== undefined && !METHODS.has(body.method as string)) {
      throw new MollieError(422, 'The payment method is invalid', 'method');
    }
    if (body.issuer !== undefined && !IDEAL_ISSUERS.some((issuer) => issuer.id === body.issuer)) {
      throw new MollieError(422, 'The issuer is invalid', 'issuer');
    }
    const customerId = body.customerId as string | undefined;
    if (customerId !== undefined && !customers.has(customerId)) {
      throw new MollieError(422, 'The customer id is invalid', 'customerId');
    }
    if (sequenceType !== 'oneoff' && customerId === undefined) {
      throw new MollieError(422, 'A customer is required for a first or recurring payment', 'customerId');
    }
    let method = (body.method as string | undefined) ?? null;
    let mandateId: string | undefined;
    if (sequenceType === 'recurring') {
      mandateId =
        (body.mandateId as string | undefined) ??
        [...mandates].find(([, mandate]) => mandate.customerId === customerId)?.[0];
      const mandate = mandateId === undefined ? undefined : mandates.get(mandateId);
      if (!mandate || mandate.customerId !== customerId) {
        throw new MollieError(422, 'The customer does not have a valid mandate', 'mandateId');
      }
      if (method !== null && method !== mandate.method) {
        throw new MollieError(422, `The mandate is for ${mandate.method}, not ${method}`, 'method');
      }
      method = mandate.method;
    }
    const resource: Stored['resource'] = {
      resource: 'payment',
      id: newId('tr'),
      mode: 'test',
      status: sequenceType === 'recurring' ? 'pending' : 'open',
      amount,
      description: body.description,
      method,
      metadata: body.metadata ?? null,
      sequenceType,
      customerId,
      mandateId,
      redirectUrl: body.redirectUrl as string | undefined,
      webhookUrl: body.webhookUrl as string | undefined,
      locale: body.locale as string | undefined,
      createdAt: new Date().toISOString(),
    };
    const payment = { request: body, resource, refunded: 0, chargedBack: 0 };
    payments.set(resource.id, payment);
    return render(payment);
  }

  function refund(id: string, body: Record<string, unknown>): unknown {
    const payment = stored(id);
    const amount = checkAmount(body.amount, 'amount');
    const { resource } = payment;
    if (resource.status !== 'paid') throw new MollieError(422, 'The payment cannot be refunded');
    if (amount.currency !== resource.amount.currency) {
      throw new MollieError(422, 'The currency does not match the payment', 'amount.currency');
    }
    const minor = decimalToMinor(amount.value);
    if (payment.refunded + minor > decimalToMinor(resource.amount.value)) {
      throw new MollieError(422, 'The amount is higher than the amount remaining', 'amount.value');
    }
    payment.refunded += minor;
    return {
      resource: 'refund',
      id: newId('re'),
      amount,
      status: 'pending',
      description: body.description ?? '',
      paymentId: id,
      createdAt: new Date().toISOString(),
    };
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): unknown {
    const [resource, id, sub, ...rest] = path.split('/');
    if (rest.length > 0) throw new MollieError(404, 'The resource does not exist');
    if (resource === 'payments' && method === 'POST' && id === undefined) return createPayment(body);
    if (resource === 'payments' && method === 'GET' && id !== undefined && sub === undefined) {
      return render(stored(id));
    }
    if (resource === 'payments' && method === 'POST' && id !== undefined && sub === 'refunds') return refund(id, body);
    if (resource === 'customers' && method === 'POST' && id === undefined) {
      const customerId = newId('cst');
      customers.set(customerId, { name: body.name, email: body.email });
      return { resource: 'customer', id: customerId, mode: 'test', name: body.name, email: body.email };
    }
    if (resource === 'customers' && method === 'POST' && id !== undefined && sub === 'mandates') {
      if (!customers.has(id)) throw new MollieError(404, `No customer exists with token ${id}.`);
      if (body.method !== 'directdebit') throw new MollieError(422, 'The method is invalid', 'method');
      if (typeof body.consumerName !== 'string' || body.consumerName === '') {
        throw new MollieError(422, 'The consumer name is invalid', 'consumerName');
      }
      if (typeof body.consumerAccount !== 'string' || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(body.consumerAccount)) {
        throw new MollieError(422, 'The consumer account is invalid', 'consumerAccount');
      }
      const mandateId = newId('mdt');
      mandates.set(mandateId, { customerId: id, method: 'directdebit' });
      return { resource: 'mandate', id: mandateId, mode: 'test', status: 'valid', method: 'directdebit' };
    }
    if (resource === 'methods' && method === 'GET' && id === 'ideal' && sub === undefined) {
      const issuers = query.get('include')?.split(',').includes('issuers')
        ? IDEAL_ISSUERS.map((issuer) => ({ resource: 'issuer', ...issuer }))
        : undefined;
      return { resource: 'method', id: 'ideal', description: 'iDEAL', status: 'activated', issuers };
    }
    throw new MollieError(404, 'The resource does not exist');
  }

  async function handle(request: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', origin);
    const text = await readBody(request);
    if (failures > 0) {
      failures--;
      throw new MollieError(503, 'The Mollie API is temporarily unavailable');
    }
    if (!url.pathname.startsWith('/v2/')) throw new MollieError(404, 'The resource does not exist');
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      throw new MollieError(401, 'Missing authentication, or failed to authenticate');
    }
    let body: Record<string, unknown> = {};
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new MollieError(400, 'The request body is not valid JSON');
      }
    }
    const method = request.method ?? 'GET';
    const answer = route(method, url.pathname.slice('/v2/'.length), url.searchParams, body);
    return { status: method === 'POST' ? 201 : 200, body: answer };
  }

  const server = http.createServer((request, response) => {
    handle(request)
      .catch((error: unknown) => {
        if (!(error instanceof MollieError)) throw error;
        const { status, message: detail, field } = error;
        return {
          status,
          body: {
            status,
            title: status === 401 ? 'Unauthorized Request' : http.STATUS_CODES[status],
            detail,
            field,
            _links: { documentation: DOCUMENTATION },
          },
        };
      })
      .then(
        ({ status, body }) => {
          response.writeHead(status, { 'content-type': 'application/hal+json' });
          response.end(JSON.stringify(body));
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(String(error));
        },
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function known(id: string): Stored {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The fake Mollie has no payment ${id}`);
    return payment;
  }

  return {
    url: `${origin}/v2/`,
    apiKey,
    setStatus(id, status) {
      const { resource } = known(id);
      resource.status = status;
      if (status !== 'paid') return;
      resource.paidAt = new Date().toISOString();
      if (resource.sequenceType === 'first' && resource.customerId && !resource.mandateId) {
        resource.mandateId = newId('mdt');
        const method = resource.method ?? 'creditcard';
        mandates.set(resource.mandateId, { customerId: resource.customerId, method: MANDATE_METHOD[method] ?? method });
      }
    },
    refundAll(id) {
      const payment = known(id);
      if (payment.resource.status !== 'paid') throw new Error(`Payment ${id} is ${payment.resource.status}, not paid`);
      payment.refunded = decimalToMinor(payment.resource.amount.value);
    },
    chargeBack(id, minor) {
      known(id).chargedBack += minor;
    },
    payments: () =>
      [...payments.values()].map((payment) => ({
        id: payment.resource.id,
        request: payment.request,
        resource: render(payment),
      })),
    async deliverWebhook(id, times = 1) {
      const { webhookUrl } = known(id).resource;
      if (!webhookUrl) throw new Error(`Payment ${id} has no webhookUrl`);
      const statuses: number[] = [];
      for (let delivery = 0; delivery < times; delivery++) {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `id=${encodeURIComponent(id)}`,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    },
    failNext(n) {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets of fetch would hold close() open.
        server.closeAllConnections();
      }),
  };
}
