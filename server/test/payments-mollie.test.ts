/**
 * Buying credits through Mollie, played by a local server that answers as Mollie's API does:
 * what Mollie is asked for, its webhook repeated, out of order and forged, refunds, chargebacks
 * and Mollie being away.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeMollie } from './fake-mollie.js';
import { buildMember, client, loggedIn, type TestClient, useTestApp } from './helpers.js';

const mollie = await startFakeMollie();
afterAll(() => mollie.close());
const t = useTestApp({
  env: { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url },
});

async function dutchMember(): Promise<{ visitor: TestClient; userId: number }> {
  const member = await buildMember(t.services, { credits: 0 });
  await t.db.updateTable('profiles').set({ country: 'NL' }).where('id', '=', member.profileId).execute();
  return { visitor: await loggedIn(t.app, member), userId: member.user.id };
}

async function buy(visitor: TestClient, credits: number, body: Record<string, unknown> = {}) {
  const offer = (await visitor.get('/api/credits.php')).json() as { bundles: { id: number; credits: number }[] };
  const bundle = offer.bundles.find((b) => b.credits === credits);
  const response = await visitor.post('/api/payment.php', {
    client_id: randomUUID(),
    bundle_id: bundle?.id,
    method: 'ideal',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { transaction, checkout_url } = response.json() as { transaction: { id: number }; checkout_url: string };
  const providerId = (
    await t.db.selectFrom('payments').select('provider_id').where('id', '=', transaction.id).executeTakeFirstOrThrow()
  ).provider_id as string;
  return { id: transaction.id, providerId, checkoutUrl: checkout_url };
}

function webhook(body: string) {
  return client(t.app).post('/api/payment-webhook.php', Buffer.from(body), {
    clientHeader: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function accountOf(visitor: TestClient) {
  return (await visitor.get('/api/user.php')).json().user as { credits: number; paid_user: boolean };
}

async function statusOf(visitor: TestClient, id: number) {
  return ((await visitor.get(`/api/transaction.php?id=${id}`)).json() as { transaction: { status: string } })
    .transaction.status;
}

describe('payments through Mollie', () => {
  it('asks Mollie for the exact amount, the bank, the way back and the webhook, and sends the payer to its checkout', async () => {
    const { visitor } = await dutchMember();
    const payment = await buy(visitor, 150, { issuer: 'ideal_INGBNL2A' });
    const created = mollie.payments().find((p) => p.id === payment.providerId);
    expect(created?.request).toMatchObject({
      amount: { currency: 'EUR', value: '24.99' },
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      redirectUrl: `http://localhost:3000/transactions/${payment.id}?return=1`,
      webhookUrl: 'http://localhost:3000/api/payment-webhook.php',
      metadata: { reference: payment.id },
    });
    expect(payment.checkoutUrl).toMatch(/^https?:\/\//);
  });

  it('credits once for a webhook sent three times, in any order with the return', async () => {
    const { visitor } = await dutchMember();
    const payment = await buy(visitor, 50);
    mollie.setStatus(payment.providerId, 'pending');
    await webhook(`id=${payment.providerId}`);
    expect(await statusOf(visitor, payment.id)).toBe('pending');

    mollie.setStatus(payment.providerId, 'paid');
    const responses = await Promise.all([1, 2, 3].map(() => webhook(`id=${payment.providerId}`)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await statusOf(visitor, payment.id)).toBe('paid');
    // The pending webhook arriving late changes nothing: Mollie is asked, and says paid.
    await webhook(`id=${payment.providerId}`);
    expect(await accountOf(visitor)).toEqual(expect.objectContaining({ credits: 50, paid_user: true }));

    const second = await buy(visitor, 50);
    mollie.setStatus(second.providerId, 'paid');
    expect(await statusOf(visitor, second.id)).toBe('paid');
    await webhook(`id=${second.providerId}`);
    expect((await accountOf(visitor)).credits).toBe(100);
  });

  it('believes nothing a webhook says but the id, and answers unknown ids like known ones', async () => {
    const { visitor } = await dutchMember();
    const payment = await buy(visitor, 50);
    const forged = await webhook(`id=${payment.providerId}&status=paid&amount=9.99`);
    expect(forged.statusCode).toBe(200);
    expect(await statusOf(visitor, payment.id)).toBe('created');
    expect((await webhook('id=tr_doesnotexist')).statusCode).toBe(200);
    expect((await webhook('id=../customers')).statusCode).toBe(200);
    expect((await accountOf(visitor)).credits).toBe(0);
  });

  it.each(['failed', 'canceled', 'expired'] as const)('adds nothing for a payment Mollie calls %s', async (status) => {
    const { visitor } = await dutchMember();
    const payment = await buy(visitor, 50);
    mollie.setStatus(payment.providerId, status);
    await webhook(`id=${payment.providerId}`);
    expect(await statusOf(visitor, payment.id)).toBe(status === 'canceled' ? 'cancelled' : status);
    expect(await accountOf(visitor)).toEqual(expect.objectContaining({ credits: 0, paid_user: false }));
  });

  it('takes back the unspent credits of a refunded or charged-back payment, once', async () => {
    const { visitor, userId } = await dutchMember();
    const payment = await buy(visitor, 50);
    mollie.setStatus(payment.providerId, 'paid');
    await webhook(`id=${payment.providerId}`);
    await t.services.credits.spend(userId, 20, 'text', 'spent-before-refund', t.db);
    mollie.refundAll(payment.providerId);
    await webhook(`id=${payment.providerId}`);
    await webhook(`id=${payment.providerId}`);
    expect(await statusOf(visitor, payment.id)).toBe('refunded');
    expect((await accountOf(visitor)).credits).toBe(0);

    const other = await buy(visitor, 150);
    mollie.setStatus(other.providerId, 'paid');
    mollie.chargeBack(other.providerId, 2499);
    // Mollie's first word on this payment is already the chargeback: it was paid on the way.
    await webhook(`id=${other.providerId}`);
    const detail = (await visitor.get(`/api/transaction.php?id=${other.id}`)).json() as {
      history: { status: string }[];
    };
    expect(detail.history.map((h) => h.status)).toEqual(['created', 'paid', 'charged_back']);
    expect((await accountOf(visitor)).credits).toBe(0);
  });

  it('records nothing as paid while Mollie is away, and a webhook it repeats later settles it', async () => {
    const { visitor } = await dutchMember();
    mollie.failNext(1);
    const refused = await visitor.post('/api/payment.php', {
      client_id: randomUUID(),
      bundle_id: ((await visitor.get('/api/credits.php')).json() as { bundles: { id: number }[] }).bundles[1]?.id,
      method: 'ideal',
    });
    expect(refused.json()).toMatchObject({ error: 'payment_provider_unavailable' });

    const payment = await buy(visitor, 50);
    mollie.setStatus(payment.providerId, 'paid');
    mollie.failNext(1);
    expect((await webhook(`id=${payment.providerId}`)).statusCode).toBe(503);
    expect((await accountOf(visitor)).credits).toBe(0);
    expect((await webhook(`id=${payment.providerId}`)).statusCode).toBe(200);
    expect((await accountOf(visitor)).credits).toBe(50);
  });
});

describe('repeat orders through Mollie', () => {
  it('make the first card payment leave a mandate, and charge it for a repeat order', async () => {
    const { visitor } = await dutchMember();
    const first = await buy(visitor, 50, { method: 'creditcard' });
    const firstRequest = mollie.payments().find((p) => p.id === first.providerId)?.request;
    expect(firstRequest).toMatchObject({ method: 'creditcard', sequenceType: 'first' });
    expect(firstRequest?.customerId).toMatch(/^cst_/);
    mollie.setStatus(first.providerId, 'paid');
    await webhook(`id=${first.providerId}`);

    const response = await visitor.post('/api/repeat-order.php', { client_id: randomUUID(), transaction_id: first.id });
    expect(response.statusCode, response.body).toBe(200);
    const repeat = response.json() as { transaction: { id: number; status: string }; checkout_url: string | null };
    expect(repeat.checkout_url).toBeNull();
    const recurring = mollie.payments().at(-1);
    expect(recurring?.request).toMatchObject({
      sequenceType: 'recurring',
      customerId: firstRequest?.customerId,
      amount: { currency: 'EUR', value: '9.99' },
    });
    expect(recurring?.request.mandateId).toMatch(/^mdt_/);
    mollie.setStatus(recurring?.id as string, 'paid');
    await webhook(`id=${recurring?.id}`);
    expect(await statusOf(visitor, repeat.transaction.id)).toBe('paid');
    expect((await accountOf(visitor)).credits).toBe(100);
  });
});
