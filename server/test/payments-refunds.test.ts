/**
 * Refunds by an admin of purchases made through the sandbox: within the refund days, what is left of
 * the credits taken back once, and the refusals.
 */
import { describe, expect, it } from 'vitest';
import { buyingKit } from './buying.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const { buyer, bundleOf, started, decide, transactionOf, userOf, webhook, providerIdOf } = buyingKit(t);

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
