/**
 * Buying credits through the sandbox provider as a member and a payer would: the offer, the
 * checkout's outcomes, the return and the webhook in either order and repeated, discounts with
 * their refusals, retries and many requests at once, and another member's payments.
 */
import { randomUUID } from 'node:crypto';
import type { RepeatOrder } from '@amora/common';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_CHECKOUT_MINUTES, SANDBOX_SETTLE_SECONDS } from '../src/money/payments/sandbox.js';
import { type Buyer, buyingKit, type Transaction } from './buying.js';
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

describe('discount codes', () => {
  async function addCode(code: string, values: Record<string, unknown> = {}) {
    await t.db
      .insertInto('discount_codes')
      .values({
        site_id: t.site.id,
        code,
        value_percentage: 25,
        validity: 'once_per_user',
        created_at: new Date().toISOString(),
        ...values,
      })
      .execute();
  }

  it('takes the percentage off rounded half up, once, in minor units', async () => {
    await addCode('QUARTER');
    const member = await buyer();
    const bundle = await bundleOf(member, 50);
    const lookedUp = await member.visitor.get(`/api/discountcode.php?code=quarter&bundle=${bundle.id}`);
    expect(lookedUp.json()).toMatchObject({ code: 'QUARTER', value_percentage: 25, expired: false });
    const { transaction } = await started(member, { bundle_id: bundle.id, discount_code: 'quarter' });
    // 999 less 25% is 749.25 off… the discount 249.75 rounds to 250: the member pays 749.
    expect(transaction).toMatchObject({
      list_price: 999,
      discount_amount: 250,
      amount: 749,
      discount_code: 'QUARTER',
      vat_amount: 130,
    });
  });

  it('answers each refusal with its own code', async () => {
    await addCode('GONE', { expires: '2020-01-01T00:00:00Z' });
    await addCode('BELGIUM', { country: 'BE' });
    await addCode('BIGORDER', { minimum_order_value: 5000 });
    await addCode('PAYPALONLY', { paymentmethods: JSON.stringify(['paypal']) });
    await addCode('OFF', { status: 'inactive' });
    const member = await buyer();
    const small = await bundleOf(member, 50);
    const ask = async (query: string) => (await member.visitor.get(`/api/discountcode.php?${query}`)).json();
    expect(await ask('code=NOPE')).toMatchObject({ error: 'discount_not_found' });
    expect(await ask('code=OFF')).toMatchObject({ error: 'discount_not_found' });
    expect(await ask('code=GONE')).toMatchObject({ error: 'discount_expired' });
    expect(await ask(`code=BELGIUM&bundle=${small.id}`)).toMatchObject({ error: 'discount_country' });
    expect(await ask('code=BELGIUM')).toMatchObject({ error: 'discount_country' });
    expect(await ask(`code=BIGORDER&bundle=${small.id}`)).toMatchObject({
      error: 'discount_minimum_order',
      minimum_order_value: 5000,
    });
    expect(await ask(`code=PAYPALONLY&bundle=${small.id}&method=ideal`)).toMatchObject({ error: 'discount_method' });
    expect(await ask('code=PAYPALONLY')).toMatchObject({ paymentmethods: ['paypal'] });
    expect((await start(member, { bundle_id: small.id, discount_code: 'BIGORDER' })).json()).toMatchObject({
      error: 'discount_minimum_order',
    });
    expect(
      (await t.db.selectFrom('payments').select('id').where('user_id', '=', member.user.id).execute()).length,
    ).toBe(0);
  });

  it('is used once per member even by payments started at the same moment, and given back when one fails', async () => {
    await addCode('ONCE');
    const member = await buyer();
    const bundle = await bundleOf(member, 50);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => start(member, { bundle_id: bundle.id, discount_code: 'ONCE' })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.json()).toMatchObject({ error: 'discount_used' });
    }
    const held = responses.find((r) => r.statusCode === 200)?.json() as {
      transaction: Transaction;
      checkout_url: string;
    };
    expect((await member.visitor.get('/api/discountcode.php?code=ONCE')).json()).toMatchObject({
      error: 'discount_used',
    });

    await decide(new URL(held.checkout_url).pathname.split('/').pop() as string, 'cancelled');
    expect((await member.visitor.get('/api/discountcode.php?code=ONCE')).statusCode).toBe(200);
    const again = await started(member, { bundle_id: bundle.id, discount_code: 'ONCE' });
    await decide(again.checkoutId, 'paid');
    expect((await member.visitor.get('/api/discountcode.php?code=ONCE')).json()).toMatchObject({
      error: 'discount_used',
    });

    // Another member still may.
    const other = await buyer();
    expect((await other.visitor.get('/api/discountcode.php?code=ONCE')).statusCode).toBe(200);
  });

  it('is given back by a checkout left open once the provider lets it expire', async () => {
    await addCode('LEFTOPEN');
    const member = await buyer();
    const bundle = await bundleOf(member, 50);
    await started(member, { bundle_id: bundle.id, discount_code: 'LEFTOPEN' });
    expect((await member.visitor.get('/api/discountcode.php?code=LEFTOPEN')).json()).toMatchObject({
      error: 'discount_used',
    });
    t.clock.advance({ minutes: SANDBOX_CHECKOUT_MINUTES + 1 });
    expect((await member.visitor.get('/api/discountcode.php?code=LEFTOPEN')).statusCode).toBe(200);
    const again = await started(member, { bundle_id: bundle.id, discount_code: 'LEFTOPEN' });
    expect(again.transaction).toMatchObject({ discount_code: 'LEFTOPEN', amount: 749 });
  });

  it('offers a new member the time bonus for four hours, then the welcome discount, and neither after paying', async () => {
    const fresh = await buyer({ signedUpHoursAgo: 1 });
    const bonus = (await fresh.visitor.get('/api/discountcode.php?welcome=true')).json();
    expect(bonus).toMatchObject({ code: 'TIMEBONUS25', kind: 'time_bonus', value_percentage: 25, expired: false });
    expect(new Date(bonus.expires).getTime() - new Date(t.clock.now()).getTime()).toBe(3 * 3_600_000);

    const later = await buyer({ signedUpHoursAgo: 5 });
    expect((await later.visitor.get('/api/discountcode.php?welcome=true')).json()).toMatchObject({
      code: 'WELCOME25',
      kind: 'welcome',
    });
    expect((await later.visitor.get('/api/discountcode.php?code=TIMEBONUS25')).json()).toMatchObject({
      error: 'discount_expired',
    });

    const bundle = await bundleOf(fresh, 150);
    const { transaction, checkoutId } = await started(fresh, { bundle_id: bundle.id, discount_code: 'TIMEBONUS25' });
    expect(transaction).toMatchObject({ list_price: 2499, discount_amount: 625, amount: 1874 });
    await decide(checkoutId, 'paid');
    expect((await fresh.visitor.get('/api/discountcode.php?welcome=true')).statusCode).toBe(404);

    const old = await buyer({ signedUpHoursAgo: 24 * 30 });
    expect((await old.visitor.get('/api/discountcode.php?welcome=true')).statusCode).toBe(404);
  });
});

describe('refunds by an admin', () => {
  it('refund a paid purchase within the refund days and take back what is left of its credits, once', async () => {
    const member = await buyer();
    const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, 'paid');
    await t.services.credits.spend(member.user.id, 30, 'text', 'before-refund', t.db);

    const { transaction: refunded, creditsTaken } = await t.services.payments.refund(transaction.id);
    expect(refunded.status).toBe('refunded');
    expect(creditsTaken).toBe(20);
    expect((await userOf(member)).credits).toBe(0);
    await webhook(await providerIdOf(transaction.id));
    expect((await transactionOf(member, transaction.id)).history.map((h) => h.status)).toEqual([
      'created',
      'paid',
      'refunded',
    ]);
    const refunds = await t.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('user_id', '=', member.user.id)
      .where('reason', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ delta: -20 }]);
    await expect(t.services.payments.refund(transaction.id)).rejects.toThrow(/refunded, not paid/);
  });

  it('refuses a purchase paid longer ago than the refund days, and one never paid', async () => {
    const member = await buyer();
    const bundle = await bundleOf(member, 50);
    const open = await started(member, { bundle_id: bundle.id });
    await expect(t.services.payments.refund(open.transaction.id)).rejects.toThrow(/created, not paid/);

    const paid = await started(member, { bundle_id: bundle.id });
    await decide(paid.checkoutId, 'paid');
    t.clock.advance({ days: t.site.settings.refund_days + 1 });
    await expect(t.services.payments.refund(paid.transaction.id)).rejects.toThrow(/refund_days/);
    expect((await userOf(member)).credits).toBe(50);
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

describe('repeat orders', () => {
  async function repeat(who: Buyer, transactionId: number, clientId = randomUUID()) {
    return who.visitor.post('/api/repeat-order.php', { client_id: clientId, transaction_id: transactionId });
  }
  const ordersOf = async (who: Buyer) =>
    ((await who.visitor.get('/api/repeat-order.php')).json() as { orders: RepeatOrder[] }).orders;

  it('charge the saved card of a card purchase in one step, once however often it is sent', async () => {
    const member = await buyer();
    const bundle = await bundleOf(member, 150);
    const first = await started(member, { bundle_id: bundle.id, method: 'creditcard' });
    await decide(first.checkoutId, 'paid');
    expect(await ordersOf(member)).toMatchObject([
      { bundle: { id: bundle.id, credits: 150 }, method: 'creditcard', saved_card: true },
    ]);

    const clientId = randomUUID();
    const responses = await Promise.all([1, 2, 3].map(() => repeat(member, first.transaction.id, clientId)));
    const bodies = responses.map(
      (r) => r.json() as { transaction: Transaction & { recurring: boolean }; checkout_url: null },
    );
    const ids = new Set(bodies.map((b) => b.transaction.id));
    expect(ids.size).toBe(1);
    // No checkout: a request that came second sees the charge under way, and its page the outcome.
    expect(bodies.every((b) => b.checkout_url === null && b.transaction.recurring)).toBe(true);
    const [id] = [...ids];
    expect((await transactionOf(member, id as number)).transaction.status).toBe('paid');
    expect((await userOf(member)).credits).toBe(300);
  });

  it("charge once when the same repeat is sent 50 times at once, and leave another member's order alone", async () => {
    const member = await buyer();
    const bundle = await bundleOf(member, 150);
    const first = await started(member, { bundle_id: bundle.id, method: 'creditcard' });
    await decide(first.checkoutId, 'paid');
    const paymentsOf = (who: Buyer) =>
      t.db.selectFrom('payments').select(['id', 'status']).where('user_id', '=', who.user.id).orderBy('id').execute();

    const clientId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => repeat(member, first.transaction.id, clientId)),
    );
    // The ones past the rate limit are turned away (429); every one let through finds the same payment.
    const answered = responses.filter((r) => r.statusCode !== 429);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((r) => r.statusCode)).toEqual(Array(answered.length).fill(200));
    const ids = new Set(answered.map((r) => (r.json() as { transaction: Transaction }).transaction.id));
    expect(ids.size).toBe(1);
    // One payment more than the first purchase, charged once: one purchase's credits more, one ledger line.
    const payments = await paymentsOf(member);
    expect(payments.map((p) => p.id)).toEqual([first.transaction.id, ...ids]);
    expect(payments.map((p) => p.status)).toEqual(['paid', 'paid']);
    expect((await userOf(member)).credits).toBe(300);
    const purchases = await t.db
      .selectFrom('credit_ledger')
      .select('reference')
      .where('user_id', '=', member.user.id)
      .where('reason', '=', 'purchase')
      .execute();
    expect(purchases).toHaveLength(2);

    // Another member's order is unknown to this one, however often asked: nothing is made or charged.
    const other = await buyer();
    const refused = await Promise.all(
      Array.from({ length: 10 }, () => repeat(other, first.transaction.id, randomUUID())),
    );
    const unknown = refused.filter((r) => r.statusCode !== 429);
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.map((r) => r.json().error)).toEqual(Array(unknown.length).fill('not_found'));
    expect(unknown.map((r) => r.statusCode)).toEqual(Array(unknown.length).fill(404));
    expect(await paymentsOf(other)).toEqual([]);
    expect(await paymentsOf(member)).toEqual(payments);
    expect((await userOf(other)).credits).toBe(0);
    expect((await userOf(member)).credits).toBe(300);
  });

  it('list every past purchase still on sale, newest first, each bundle and method once, to buy any of them again', async () => {
    const member = await buyer();
    const fifty = await bundleOf(member, 50);
    const big = await bundleOf(member, 400);
    const byCard = await started(member, { bundle_id: fifty.id, method: 'creditcard' });
    await decide(byCard.checkoutId, 'paid');
    const byIdeal = await started(member, { bundle_id: big.id, method: 'ideal' });
    await decide(byIdeal.checkoutId, 'paid');
    const failed = await started(member, { bundle_id: big.id, method: 'paypal' });
    await decide(failed.checkoutId, 'failed');
    const again = await started(member, { bundle_id: fifty.id, method: 'creditcard' });
    await decide(again.checkoutId, 'paid');

    const orders = await ordersOf(member);
    expect(orders.map((o) => [o.bundle.credits, o.method, o.saved_card, o.transaction_id])).toEqual([
      [50, 'creditcard', true, again.transaction.id],
      [400, 'ideal', false, byIdeal.transaction.id],
    ]);
    expect(orders.every((o) => o.paid_at !== null)).toBe(true);

    // The older one, not only the last: iDEAL opens the checkout again for that bundle.
    const older = (await repeat(member, byIdeal.transaction.id)).json() as {
      transaction: Transaction;
      checkout_url: string;
    };
    expect(older.transaction).toMatchObject({ status: 'created', credits: 400, method: 'ideal' });
    expect(older.checkout_url).toMatch(/\/sandbox\/checkout\//);
    // A payment that was never paid, or another member's, is no order to repeat.
    expect((await repeat(member, failed.transaction.id)).statusCode).toBe(404);
    const other = await buyer();
    expect((await repeat(other, again.transaction.id)).statusCode).toBe(404);
  });

  it('offer retry or PayPal when the saved card is declined, and add nothing', async () => {
    const member = await buyer();
    const first = await started(member, { bundle_id: (await bundleOf(member, 50)).id, method: 'creditcard' });
    await decide(first.checkoutId, 'paid_card_declines');
    const declined = (await repeat(member, first.transaction.id)).json() as { transaction: Transaction };
    expect(declined.transaction.status).toBe('failed');
    expect((await userOf(member)).credits).toBe(50);
  });

  it('send the payer to the checkout again when the purchase saved no card, and find nothing before a purchase', async () => {
    const member = await buyer();
    expect(await ordersOf(member)).toEqual([]);

    const first = await started(member, { bundle_id: (await bundleOf(member, 50)).id, method: 'ideal' });
    await decide(first.checkoutId, 'paid');
    expect(await ordersOf(member)).toMatchObject([{ method: 'ideal', saved_card: false }]);
    const again = (await repeat(member, first.transaction.id)).json() as {
      transaction: Transaction;
      checkout_url: string;
    };
    expect(again.transaction.status).toBe('created');
    expect(again.checkout_url).toMatch(/\/sandbox\/checkout\//);
  });
});

describe('the offer to stay', () => {
  it("gives a member about to leave the trial package and the company's discount as their own single-use code", async () => {
    const member = await buyer();
    const offer = (await member.visitor.get('/api/retention-offer.php')).json();
    expect(offer).toMatchObject({ trial: { credits: 30, trial: true }, discount_percentage: 50 });

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => member.visitor.post('/api/retention-offer.php')),
    );
    const codes = new Set(responses.map((r) => r.json().code as string));
    expect(codes.size).toBe(1);
    const [code] = [...codes] as [string];
    expect(code).toMatch(/^STAY50-/);
    expect(await t.db.selectFrom('discount_codes').select('id').where('code', '=', code).execute()).toHaveLength(1);

    const bundle = await bundleOf(member, 150);
    const { transaction, checkoutId } = await started(member, { bundle_id: bundle.id, discount_code: code });
    expect(transaction).toMatchObject({ list_price: 2499, discount_amount: 1250, amount: 1249 });
    await decide(checkoutId, 'paid');
    expect((await member.visitor.get(`/api/discountcode.php?code=${code}`)).json()).toMatchObject({
      error: 'discount_used',
    });
    expect((await member.visitor.get('/api/retention-offer.php')).json().trial).toBeNull();

    const other = await buyer();
    expect((await other.visitor.get(`/api/discountcode.php?code=${code}`)).json()).toMatchObject({
      error: 'discount_not_found',
    });
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
