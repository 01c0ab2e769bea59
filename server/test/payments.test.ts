/**
 * Buying credits through the sandbox provider as a member and a payer would: the offer and the
 * public price list, the checkout's outcomes, the return and the webhook in either order and repeated,
 * retries and many requests at once, another member's payments, and the balance told to open apps.
 * Discount codes, refunds and repeat orders have files of their own (payments-*.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_SETTLE_SECONDS } from '../src/money/payments/sandbox.js';
import { buyingKit, type Transaction } from './buying.js';
import { client, makePremium, useTestApp } from './helpers.js';
import { openSocket, type TestSocket } from './sockets.js';

const t = useTestApp();

const { buyer, offerOf, bundleOf, start, started, decide, transactionOf, userOf, webhook, providerIdOf } = buyingKit(t);

describe('the offer', () => {
  it("shows the bundles of the member's country in its currency, the trial package only before a first purchase", async () => {
    const dutch = await buyer({ country: 'NL' });
    const offer = await offerOf(dutch);
    expect(offer).toMatchObject({
      country: 'NL',
      currency: 'EUR',
      methods: ['ideal', 'creditcard', 'paypal', 'directdebit'],
      // What a free member gets: the site's free messages and the free conversations.
      free_messages: t.site.settings.free_messages,
      free_conversations: 2,
    });
    expect(t.site.settings.free_messages).toBeGreaterThan(0);
    expect(offer.bundles.map((b) => [b.credits, b.price, b.trial])).toEqual([
      [30, 299, true],
      [50, 999, false],
      [150, 2499, false],
      [400, 5499, false],
      [1000, 9900, false],
    ]);

    const british = await buyer({ country: 'GB' });
    expect(await offerOf(british)).toMatchObject({ country: 'GB', currency: 'GBP', methods: ['creditcard', 'paypal'] });

    await makePremium(t, dutch);
    expect((await offerOf(dutch)).bundles.some((b) => b.trial)).toBe(false);
  });

  it('is for members only', async () => {
    expect((await client(t.app).get('/api/credits.php')).json()).toMatchObject({ error: 'authentication_required' });
  });
});

describe('a purchase through the sandbox', () => {
  it('adds the credits and makes the member premium once paid, with every state kept', async () => {
    const member = await buyer();
    const bundle = await bundleOf(member, 150);
    const { transaction, checkoutId } = await started(member, { bundle_id: bundle.id, issuer: 'ideal_INGBNL2A' });
    expect(transaction).toMatchObject({
      status: 'created',
      credits: 150,
      amount: 2499,
      vat_rate: 2100,
      vat_amount: 434,
    });
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });

    const { redirect_url } = await decide(checkoutId, 'paid');
    expect(redirect_url).toMatch(new RegExp(`/transactions/${transaction.id}\\?return=1$`));
    expect(await userOf(member)).toMatchObject({ credits: 150, paid_user: true });
    const detail = await transactionOf(member, transaction.id);
    expect(detail.transaction.status).toBe('paid');
    expect(detail.transaction.paid_at).not.toBeNull();
    expect(detail.history.map((h) => h.status)).toEqual(['created', 'paid']);
    expect(detail.company.name).toBeTruthy();

    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'reference'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(ledger).toEqual([{ delta: 150, reason: 'purchase', reference: `payment:${transaction.id}` }]);
  });

  it.each(['failed', 'cancelled', 'expired'] as const)('adds nothing when the payment is %s', async (outcome) => {
    const member = await buyer();
    const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, outcome);
    expect((await transactionOf(member, transaction.id)).transaction.status).toBe(outcome);
    await webhook(await providerIdOf(transaction.id));
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });
    // A decided checkout cannot be paid afterwards.
    await decide(checkoutId, 'paid');
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });
  });

  it('stays pending until the provider settles it, then credits on the next look', async () => {
    const member = await buyer();
    const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, 'pending');
    expect((await transactionOf(member, transaction.id)).transaction.status).toBe('pending');
    expect((await userOf(member)).credits).toBe(0);

    t.clock.advance({ minutes: SANDBOX_SETTLE_SECONDS / 60 + 1 });
    const detail = await transactionOf(member, transaction.id);
    expect(detail.transaction.status).toBe('paid');
    expect(detail.history.map((h) => h.status)).toEqual(['created', 'pending', 'paid']);
    expect(await userOf(member)).toMatchObject({ credits: 50, paid_user: true });
  });

  it('credits once when the webhook comes three times, and in either order with the return', async () => {
    const member = await buyer();
    const bundle = await bundleOf(member, 50);

    const first = await started(member, { bundle_id: bundle.id });
    await decide(first.checkoutId, 'paid');
    const providerId = await providerIdOf(first.transaction.id);
    for (const response of await Promise.all([webhook(providerId), webhook(providerId), webhook(providerId)])) {
      expect(response.statusCode).toBe(200);
    }
    await transactionOf(member, first.transaction.id);
    expect((await userOf(member)).credits).toBe(50);

    // The return first, the webhook after.
    const second = await started(member, { bundle_id: bundle.id });
    await t.db
      .updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('reference', '=', second.transaction.id)
      .execute();
    await transactionOf(member, second.transaction.id);
    await webhook(await providerIdOf(second.transaction.id));
    expect((await userOf(member)).credits).toBe(100);

    // The return and the webhook at the same moment.
    const third = await started(member, { bundle_id: bundle.id });
    await t.db
      .updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('reference', '=', third.transaction.id)
      .execute();
    const thirdId = await providerIdOf(third.transaction.id);
    await Promise.all([
      transactionOf(member, third.transaction.id),
      webhook(thirdId),
      transactionOf(member, third.transaction.id),
      webhook(thirdId),
    ]);
    expect((await userOf(member)).credits).toBe(150);
    const events = await t.db
      .selectFrom('payment_events')
      .select('status')
      .where('payment_id', '=', third.transaction.id)
      .execute();
    expect(events.map((e) => e.status)).toEqual(['created', 'paid']);
  });

  it('answers a webhook for an id nobody knows without changing anything', async () => {
    const response = await webhook('tr_unknown');
    expect(response.statusCode).toBe(200);
    const forged = await client(t.app).post(
      '/api/payment-webhook.php',
      { id: 'tr_unknown', status: 'paid' },
      {
        clientHeader: false,
      },
    );
    expect(forged.statusCode).toBe(200);
    expect((await webhook('')).statusCode).toBe(422);
  });

  it('starts one payment however often the same attempt is sent at once', async () => {
    const member = await buyer();
    const bundle = await bundleOf(member, 50);
    const body = { client_id: randomUUID(), method: 'ideal', bundle_id: bundle.id };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => member.visitor.post('/api/payment.php', body)),
    );
    // Past the member's 30 starts in 10 minutes the rest are refused; every answer given is the one payment.
    const answered = responses.filter((r) => r.statusCode === 200);
    expect(answered.length).toBeGreaterThan(0);
    expect(responses.every((r) => r.statusCode === 200 || r.json().error === 'rate_limited')).toBe(true);
    const ids = new Set(answered.map((r) => (r.json() as { transaction: Transaction }).transaction.id));
    expect(ids.size).toBe(1);
    expect((await member.visitor.get('/api/transactions.php')).json().transactions).toHaveLength(1);
  });

  it('refuses what is not on offer: another site or country, an unknown method, iDEAL outside the Netherlands', async () => {
    const member = await buyer({ country: 'GB' });
    const gb = await bundleOf(member, 50);
    const dutch = await buyer({ country: 'NL' });
    const nl = await bundleOf(dutch, 50);
    expect((await start(member, { bundle_id: nl.id, method: 'creditcard' })).statusCode).toBe(404);
    expect((await start(member, { bundle_id: gb.id, method: 'ideal' })).json()).toMatchObject({
      error: 'validation_failed',
      fields: { method: { code: 'invalid_choice' } },
    });
    expect((await start(member, { bundle_id: gb.id, method: 'bitcoin' })).statusCode).toBe(422);
    expect((await start(member, { bundle_id: 999_999, method: 'creditcard' })).statusCode).toBe(404);
    expect((await start(member, { bundle_id: gb.id, method: 'creditcard', client_id: 'x\u0000' })).statusCode).toBe(
      422,
    );
    expect(
      (await t.db.selectFrom('payments').select('id').where('user_id', '=', member.user.id).execute()).length,
    ).toBe(0);
  });

  it("keeps every member's payments to themselves", async () => {
    const owner = await buyer();
    const { transaction } = await started(owner, { bundle_id: (await bundleOf(owner, 50)).id });
    const other = await buyer();
    expect((await other.visitor.get(`/api/transaction.php?id=${transaction.id}`)).statusCode).toBe(404);
    expect((await other.visitor.get('/api/transactions.php')).json().transactions).toEqual([]);
    expect((await client(t.app).get(`/api/transaction.php?id=${transaction.id}`)).statusCode).toBe(403);
  });
});

describe('the public price list', () => {
  it("shows any visitor a selling country's bundles without the trial package, the first country unless asked", async () => {
    const visitor = client(t.app);
    const first = (await visitor.get('/api/pricing.php')).json();
    expect(first.country).toBe(t.site.settings.countries[0]);
    expect(first.countries).toContain('GB');
    expect(first.bundles.some((b: { trial: boolean }) => b.trial)).toBe(false);
    const british = (await visitor.get('/api/pricing.php?country=GB')).json();
    expect(british).toMatchObject({
      country: 'GB',
      currency: 'GBP',
      free_messages: t.site.settings.free_messages,
      free_conversations: 2,
    });
    expect(british.bundles[0]).toMatchObject({ credits: 50, price: 899 });
    expect((await visitor.get('/api/pricing.php?country=US')).json().country).toBe(first.country);
    expect((await visitor.get('/api/pricing.php?country=nl%00')).statusCode).toBe(422);
  });
});

describe('live credits', () => {
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it("tell the member's open apps when a payment adds credits, so the balance shows at once", async () => {
    const member = await buyer();
    const socket = await openSocket(t.app, member.visitor);
    sockets.push(socket);
    const { checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, 'paid');
    await expect(socket.next('credits')).resolves.toEqual({ type: 'credits' });
  });
});
