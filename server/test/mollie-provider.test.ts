import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCALES } from '@amora/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMollieProvider } from '../src/money/payments/mollie.js';
import {
  type NewProviderPayment,
  PaymentNotFound,
  type PaymentProvider,
  ProviderUnavailable,
} from '../src/money/payments/provider.js';
import { type FakeMollie, type MollieStatus, startFakeMollie } from './fake-mollie.js';

let mollie: FakeMollie;
let provider: PaymentProvider;

beforeAll(async () => {
  mollie = await startFakeMollie();
  provider = createMollieProvider({ apiKey: mollie.apiKey, apiEndpoint: mollie.url });
});
afterAll(() => mollie.close());

function newPayment(overrides: Partial<NewProviderPayment> = {}): NewProviderPayment {
  return {
    amount: { value: 999, currency: 'EUR' },
    description: 'Amora: 100 credits',
    method: 'ideal',
    redirectUrl: 'https://amora.test/payments/return',
    webhookUrl: 'https://amora.test/api/payments/webhook',
    locale: 'nl',
    reference: 42,
    ...overrides,
  };
}

/** What the fake Mollie was sent to create the payment. */
function requestOf(id: string): Record<string, unknown> {
  const created = mollie.payments().find((payment) => payment.id === id);
  if (!created) throw new Error(`Mollie never saw ${id}`);
  return created.request;
}

function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );
}

/** A one-off HTTP server answering every request with the handler's choice, for what Mollie itself never does. */
async function startStub(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('Mollie provider: createPayment', () => {
  it('sends amounts as exact two-decimal strings and reads them back in minor units', async () => {
    for (const [minor, decimal] of [
      [999, '9.99'],
      [100000, '1000.00'],
      [1, '0.01'],
      [1050, '10.50'],
    ] as const) {
      const payment = await provider.createPayment(newPayment({ amount: { value: minor, currency: 'EUR' } }));
      expect(requestOf(payment.id).amount).toEqual({ currency: 'EUR', value: decimal });
      expect(payment.amount).toEqual({ value: minor, currency: 'EUR' });
      expect((await provider.getPayment(payment.id)).amount).toEqual({ value: minor, currency: 'EUR' });
    }
  });

  it('reads an amount Mollie might send with fewer decimals ("10.5") exactly', async () => {
    const stub = await startStub((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/hal+json' });
      response.end(
        JSON.stringify({
          resource: 'payment',
          id: 'tr_stub000001',
          status: 'paid',
          amount: { currency: 'SEK', value: '10.5' },
          amountRefunded: { currency: 'SEK', value: '3' },
          method: 'creditcard',
          metadata: { reference: 7 },
          _links: {},
        }),
      );
    });
    try {
      const stubbed = createMollieProvider({ apiKey: 'test_stub', apiEndpoint: stub.url });
      const payment = await stubbed.getPayment('tr_stub000001');
      expect(payment.amount).toEqual({ value: 1050, currency: 'SEK' });
      expect(payment.amountRefunded).toBe(300);
    } finally {
      await stub.close();
    }
  });

  it('opens a payment with a checkout link, our reference and what the payer will see', async () => {
    const payment = await provider.createPayment(newPayment({ issuer: 'ideal_INGBNL2A' }));
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^tr_/),
      reference: 42,
      status: 'open',
      method: 'ideal',
      amountRefunded: 0,
      amountChargedBack: 0,
      customerId: null,
      mandateId: null,
    });
    expect(payment.checkoutUrl).toContain(payment.id.slice(3));
    expect(requestOf(payment.id)).toEqual({
      amount: { currency: 'EUR', value: '9.99' },
      description: 'Amora: 100 credits',
      redirectUrl: 'https://amora.test/payments/return',
      webhookUrl: 'https://amora.test/api/payments/webhook',
      locale: 'nl_NL',
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      metadata: { reference: 42 },
    });
  });

  it('sends a bank only for iDEAL', async () => {
    const payment = await provider.createPayment(newPayment({ method: 'creditcard', issuer: 'ideal_INGBNL2A' }));
    expect(requestOf(payment.id)).not.toHaveProperty('issuer');
    expect(payment.method).toBe('creditcard');
  });

  it("maps each of our locales to one Mollie's checkout knows", async () => {
    const expected = {
      da: 'da_DK',
      de: 'de_DE',
      en: 'en_US',
      es: 'es_ES',
      fi: 'fi_FI',
      fr: 'fr_FR',
      it: 'it_IT',
      nb: 'nb_NO',
      nl: 'nl_NL',
      pl: 'pl_PL',
      sv: 'sv_SE',
    };
    for (const locale of LOCALES) {
      const payment = await provider.createPayment(newPayment({ locale }));
      expect(requestOf(payment.id).locale).toBe(expected[locale]);
    }
  });

  it("throws Mollie's detail when Mollie refuses the payment", async () => {
    const error = await errorOf(provider.createPayment(newPayment({ amount: { value: -5, currency: 'EUR' } })));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain('The amount contains an invalid value');
  });
});

describe('Mollie provider: getPayment', () => {
  it.each<[MollieStatus, string]>([
    ['open', 'open'],
    ['pending', 'pending'],
    ['authorized', 'pending'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
  ])('reads Mollie status %s as %s', async (mollieStatus, status) => {
    const { id } = await provider.createPayment(newPayment());
    mollie.setStatus(id, mollieStatus);
    const payment = await provider.getPayment(id);
    expect(payment.status).toBe(status);
    expect(payment.checkoutUrl === null).toBe(mollieStatus !== 'open');
  });

  it('throws PaymentNotFound for an id Mollie does not know, or that is no Mollie id at all', async () => {
    await expect(provider.getPayment('tr_unknown123')).rejects.toThrow(PaymentNotFound);
    await expect(provider.getPayment('../customers')).rejects.toThrow(PaymentNotFound);
    await expect(provider.getPayment('tr_x/refunds')).rejects.toThrow(PaymentNotFound);
  });

  it('throws ProviderUnavailable while Mollie answers 503, and reads the payment once it is back', async () => {
    const { id } = await provider.createPayment(newPayment());
    mollie.failNext(2);
    await expect(provider.getPayment(id)).rejects.toThrow(ProviderUnavailable);
    await expect(provider.createPayment(newPayment())).rejects.toThrow(ProviderUnavailable);
    expect((await provider.getPayment(id)).status).toBe('open');
  });

  it('throws ProviderUnavailable when nothing listens on the endpoint', async () => {
    const gone = await startFakeMollie();
    await gone.close();
    const unreachable = createMollieProvider({ apiKey: gone.apiKey, apiEndpoint: gone.url });
    await expect(unreachable.getPayment('tr_WDqYK6vllg')).rejects.toThrow(ProviderUnavailable);
  });

  it('throws ProviderUnavailable when Mollie does not answer in time', async () => {
    const stub = await startStub(() => {
      // Never answers.
    });
    try {
      const slow = createMollieProvider({ apiKey: 'test_stub', apiEndpoint: stub.url, timeoutMs: 200 });
      const started = Date.now();
      await expect(slow.getPayment('tr_WDqYK6vllg')).rejects.toThrow(ProviderUnavailable);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await stub.close();
    }
  });

  it('sends the API key as a bearer token; a wrong key is refused without showing it', async () => {
    expect(await provider.idealIssuers()).not.toHaveLength(0);
    const wrongKey = 'test_wrongwrongwrongwrongwrongwr';
    const impostor = createMollieProvider({ apiKey: wrongKey, apiEndpoint: mollie.url });
    const error = await errorOf(impostor.idealIssuers());
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain('failed to authenticate');
    expect((error as Error).message).not.toContain(wrongKey);
    expect(JSON.stringify(impostor)).not.toContain(wrongKey);
  });
});

describe('Mollie provider: idealIssuers', () => {
  it("lists iDEAL's banks by id and name", async () => {
    const issuers = await provider.idealIssuers();
    expect(issuers).toContainEqual({ id: 'ideal_INGBNL2A', name: 'ING' });
    for (const issuer of issuers) expect(Object.keys(issuer).sort()).toEqual(['id', 'name']);
  });
});

describe('Mollie provider: recurring payments', () => {
  it('charges the mandate a paid first payment left, without the payer', async () => {
    const customerId = await provider.createCustomer({ name: 'Anna de Vries', email: 'anna@example.org' });
    expect(customerId).toMatch(/^cst_/);

    const first = await provider.createPayment(newPayment({ sequence: { type: 'first', customerId } }));
    expect(requestOf(first.id)).toMatchObject({ customerId, sequenceType: 'first', method: 'ideal' });
    expect(first.checkoutUrl).not.toBeNull();
    expect(first.mandateId).toBeNull();

    mollie.setStatus(first.id, 'paid');
    const paidFirst = await provider.getPayment(first.id);
    expect(paidFirst).toMatchObject({ status: 'paid', customerId, mandateId: expect.stringMatching(/^mdt_/) });
    const mandateId = paidFirst.mandateId as string;

    const recurring = await provider.createPayment(
      newPayment({ reference: 43, sequence: { type: 'recurring', customerId, mandateId } }),
    );
    expect(recurring).toMatchObject({
      reference: 43,
      status: 'pending',
      checkoutUrl: null,
      method: 'directdebit',
      customerId,
      mandateId,
    });
    expect(requestOf(recurring.id)).toMatchObject({ customerId, sequenceType: 'recurring', mandateId });
    expect(requestOf(recurring.id)).not.toHaveProperty('method');
  });

  it('is refused for a mandate the customer does not have', async () => {
    const customerId = await provider.createCustomer({ name: 'Bo Berg', email: 'bo@example.org' });
    await expect(
      provider.createPayment(newPayment({ sequence: { type: 'recurring', customerId, mandateId: 'mdt_nonesuch00' } })),
    ).rejects.toThrow('valid mandate');
  });
});

describe('Mollie provider: refunds and chargebacks', () => {
  it('shows refunds and chargebacks in the payment, in minor units', async () => {
    const { id } = await provider.createPayment(newPayment({ amount: { value: 1999, currency: 'EUR' } }));
    mollie.setStatus(id, 'paid');
    expect(await provider.getPayment(id)).toMatchObject({ amountRefunded: 0, amountChargedBack: 0 });

    await provider.refund(id, { value: 500, currency: 'EUR' }, 'Half the credits back');
    expect((await provider.getPayment(id)).amountRefunded).toBe(500);
    await expect(provider.refund(id, { value: 1500, currency: 'EUR' }, 'Too much')).rejects.toThrow(
      'higher than the amount remaining',
    );

    mollie.refundAll(id);
    expect((await provider.getPayment(id)).amountRefunded).toBe(1999);
    mollie.chargeBack(id, 1999);
    expect((await provider.getPayment(id)).amountChargedBack).toBe(1999);
  });

  it('throws PaymentNotFound when refunding a payment Mollie does not know', async () => {
    await expect(provider.refund('tr_unknown123', { value: 100, currency: 'EUR' }, 'x')).rejects.toThrow(
      PaymentNotFound,
    );
  });
});

describe('fake Mollie: webhooks', () => {
  it('posts the payment id, form-encoded, to the webhook URL, once per delivery', async () => {
    const received: { contentType?: string; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        received.push({ contentType: request.headers['content-type'], body });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook`;
      const { id } = await provider.createPayment(newPayment({ webhookUrl }));
      mollie.setStatus(id, 'paid');
      expect(await mollie.deliverWebhook(id, 2)).toEqual([200, 200]);
      expect(received).toEqual([
        { contentType: 'application/x-www-form-urlencoded', body: `id=${id}` },
        { contentType: 'application/x-www-form-urlencoded', body: `id=${id}` },
      ]);
      expect((await provider.getPayment(new URLSearchParams(received[0].body).get('id') ?? '')).status).toBe('paid');
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
