/**
 * Repeat orders: a card purchase charged again in one step, once however often or at once it is sent,
 * the list of past purchases to buy again, and a declined or missing saved card.
 */
import { randomUUID } from 'node:crypto';
import type { RepeatOrder } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { type Buyer, buyingKit, type Transaction } from './buying.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const { buyer, bundleOf, started, decide, transactionOf, userOf } = buyingKit(t);

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
