/**
 * Discount codes on a purchase through the sandbox: the percentage taken off, each refusal, one use per
 * member even at the same moment and given back when a payment fails or expires, the new member's time
 * bonus and welcome discount, and the offer to stay to a member about to leave.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_CHECKOUT_MINUTES } from '../src/money/payments/sandbox.js';
import { buyingKit, type Transaction } from './buying.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const { buyer, bundleOf, start, started, decide } = buyingKit(t);

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
