/**
 * Money stays exact when things happen at once or are cut off: a refund racing a spend, offers for
 * new members paid more than once, premium after a refund, and a payment cut off between our
 * database and the provider. On both engines; PostgreSQL shows the races for real.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CHECKOUT_MINUTES } from '../src/money/payments/sandbox.js';
import { engineOf } from '../src/platform/db/index.js';
import { type Buyer, buyingKit } from './buying.js';
import { buildSite, lastMail, settle, useTestApp } from './helpers.js';

const t = useTestApp();
const { buyer, offerOf, bundleOf, start, started, decide, transactionOf, userOf, webhook, providerIdOf } = buyingKit(t);

/** The member's ledger adds up to the balance: no credit appeared or went without its line. */
async function expectLedgerToMatchBalance(who: Buyer) {
  const { total } = await t.db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('total'))
    .where('user_id', '=', who.user.id)
    .executeTakeFirstOrThrow();
  expect(Number(total)).toBe((await userOf(who)).credits);
}

/**
 * Until another transaction waits for a row lock (PostgreSQL). SQLite runs one transaction at a
 * time, so there the other one simply waits for the first to end.
 */
async function untilSomeoneWaitsForALock() {
  if (engineOf(t.db) !== 'postgres') return;
  for (let attempt = 0; attempt < 400; attempt++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await sleep(10);
  }
  throw new Error('nobody waited for the lock');
}

describe('a refund racing a spend', () => {
  it('takes back what the spend left, not nothing', async () => {
    const member = await buyer();
    const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, 'paid');

    // A gift of 20 holds the balance row, uncommitted, while the refund comes in.
    let commitTheGift!: () => void;
    const giftMayCommit = new Promise<void>((resolve) => {
      commitTheGift = resolve;
    });
    let giftSpent!: () => void;
    const giftWasSpent = new Promise<void>((resolve) => {
      giftSpent = resolve;
    });
    const gift = t.db.transaction().execute(async (trx) => {
      await t.services.credits.spend(member.user.id, 20, 'gift', `gift:${randomUUID()}`, trx);
      giftSpent();
      await giftMayCommit;
    });
    await giftWasSpent;
    const refund = t.services.payments.refund(transaction.id);
    await untilSomeoneWaitsForALock();
    commitTheGift();
    await gift;

    const { creditsTaken } = await refund;
    expect(creditsTaken).toBe(30);
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });
    await expectLedgerToMatchBalance(member);
  });
});

describe('offers for new members, paid more than once', () => {
  it('credits one trial package of three paid at once; the others are refunded and the member is told why', async () => {
    const member = await buyer();
    const trial = (await bundleOf(member, 30)).id;
    const payments = [
      await started(member, { bundle_id: trial }),
      await started(member, { bundle_id: trial }),
      await started(member, { bundle_id: trial }),
    ];
    await Promise.all(payments.map(({ checkoutId }) => decide(checkoutId, 'paid')));
    await settle(t);

    expect(await userOf(member)).toMatchObject({ credits: 30, paid_user: true });
    const outcomes = await Promise.all(payments.map(({ transaction }) => transactionOf(member, transaction.id)));
    const refused = outcomes.filter(({ transaction }) => transaction.refusal !== null);
    expect(refused.map(({ transaction }) => [transaction.status, transaction.refusal])).toEqual([
      ['refunded', 'trial_used'],
      ['refunded', 'trial_used'],
    ]);
    expect(refused[0]?.history.map((step) => step.status)).toEqual(['created', 'paid', 'refunded']);
    const mails = await t.db
      .selectFrom('mails')
      .select(['subject', 'text'])
      .where('recipient', '=', member.user.email.toLowerCase())
      .where('subject', 'like', '%refunded%')
      .orderBy('id')
      .execute();
    expect(mails).toHaveLength(2);
    for (const [index, { transaction }] of refused.entries()) {
      expect(mails[index]?.text).toContain('The trial package is only for members buying credits for the first time');
      expect(mails.some((mail) => mail.text.includes(`/transactions/${transaction.id}`))).toBe(true);
    }
    await expectLedgerToMatchBalance(member);

    // Retried by the provider, nothing changes.
    for (const { transaction } of payments) await webhook(await providerIdOf(transaction.id));
    expect((await userOf(member)).credits).toBe(30);
  });

  it('lets a member hold one new member’s offer: the welcome discount after the time bonus is refused', async () => {
    const member = await buyer({ signedUpHoursAgo: 1 });
    const bundle = (await bundleOf(member, 150)).id;
    await started(member, { bundle_id: bundle, discount_code: 'TIMEBONUS25' });
    const second = await start(member, { bundle_id: bundle, discount_code: 'WELCOME25' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'discount_used' });
  });

  it('refunds a second new member’s offer the provider reports paid after the first', async () => {
    const member = await buyer({ signedUpHoursAgo: 1 });
    const bundle = (await bundleOf(member, 150)).id;
    const abandoned = await started(member, { bundle_id: bundle, discount_code: 'TIMEBONUS25' });
    t.clock.advance({ minutes: SANDBOX_CHECKOUT_MINUTES + 1 });
    const welcome = await started(member, { bundle_id: bundle, discount_code: 'WELCOME25' });
    await decide(welcome.checkoutId, 'paid');
    expect((await transactionOf(member, abandoned.transaction.id)).transaction.status).toBe('expired');

    // The provider says the abandoned one was paid after all: the money is not lost, nor the offer doubled.
    await t.db
      .updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('reference', '=', abandoned.transaction.id)
      .execute();
    await webhook(await providerIdOf(abandoned.transaction.id));
    await settle(t);

    const late = (await transactionOf(member, abandoned.transaction.id)).transaction;
    expect(late).toMatchObject({ status: 'refunded', refusal: 'offer_used' });
    expect(await userOf(member)).toMatchObject({ credits: 150, paid_user: true });
    expect((await lastMail(t, member.user.email))?.text).toContain('The discount for new members can be used once');
    await expectLedgerToMatchBalance(member);
  });
});

describe('premium follows the payments', () => {
  it('ends when the only paid purchase is refunded, and stays while another is paid', async () => {
    const member = await buyer();
    const bundle = (await bundleOf(member, 50)).id;
    const first = await started(member, { bundle_id: bundle });
    await decide(first.checkoutId, 'paid');
    const second = await started(member, { bundle_id: bundle });
    await decide(second.checkoutId, 'paid');

    await t.services.payments.refund(first.transaction.id);
    expect(await userOf(member)).toMatchObject({ credits: 50, paid_user: true });
    await t.services.payments.refund(second.transaction.id);
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });
    // Having bought before, the member is not offered the trial package again.
    expect((await bundleOf(member, 50)).trial).toBe(false);
    await expect(bundleOf(member, 30)).rejects.toThrow(/no bundle of 30 credits/);
  });
});

describe('a refund of credits spent already', () => {
  /** A site whose rule leaves the spent credits of a refunded purchase owed. */
  async function siteWithDebts() {
    const domain = `debts-${randomUUID().slice(0, 8)}.test`;
    const id = await buildSite(t.db, { domain, settings: { refund_debt: true } });
    const site = await t.services.sites.findById(id);
    if (!site) throw new Error('the site was not made');
    await t.services.credits.stockSite(site, ['NL']);
    return site;
  }

  /** Buys 50 credits, spends 20 of them on a gift, and has the purchase refunded. */
  async function refundAfterAGift(member: Buyer) {
    const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, 'paid');
    await t.db
      .transaction()
      .execute((trx) => t.services.credits.spend(member.user.id, 20, 'gift', `gift:${randomUUID()}`, trx));
    return t.services.payments.refund(transaction.id);
  }

  const debtOf = async (member: Buyer) => (await offerOf(member)).debt;

  it('leaves them owed where the site says so, and the next purchase pays them off first', async () => {
    const member = await buyer({ site: await siteWithDebts() });
    const { creditsTaken } = await refundAfterAGift(member);
    expect(creditsTaken).toBe(30);
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });
    expect(await debtOf(member)).toBe(20);

    const next = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(next.checkoutId, 'paid');
    expect(await userOf(member)).toMatchObject({ credits: 30, paid_user: true });
    expect(await debtOf(member)).toBe(0);
    await expectLedgerToMatchBalance(member);
  });

  it('takes back only what is left where the site does not say so', async () => {
    const member = await buyer();
    const { creditsTaken } = await refundAfterAGift(member);
    expect(creditsTaken).toBe(30);
    expect(await debtOf(member)).toBe(0);

    const next = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(next.checkoutId, 'paid');
    expect(await userOf(member)).toMatchObject({ credits: 50 });
    await expectLedgerToMatchBalance(member);
  });
});

describe('a payment cut off before the provider heard of it', () => {
  it('is failed once its checkout would have ended, and gives its discount code back', async () => {
    await t.db
      .insertInto('discount_codes')
      .values({
        site_id: t.site.id,
        code: 'CUTOFF',
        value_percentage: 10,
        validity: 'once_per_user',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const member = await buyer();
    const bundle = (await bundleOf(member, 50)).id;
    const { transaction } = await started(member, { bundle_id: bundle, discount_code: 'CUTOFF' });
    // What a process or database failing between our commit and the provider's call leaves behind.
    await t.db
      .updateTable('payments')
      .set({ provider_id: null, checkout_url: null })
      .where('id', '=', transaction.id)
      .execute();
    await t.db.deleteFrom('sandbox_payments').where('reference', '=', transaction.id).execute();

    expect((await start(member, { bundle_id: bundle, discount_code: 'CUTOFF' })).json()).toMatchObject({
      error: 'discount_used',
    });
    await t.services.payments.settle();
    expect((await transactionOf(member, transaction.id)).transaction.status).toBe('created');

    t.clock.advance({ minutes: SANDBOX_CHECKOUT_MINUTES + 1 });
    await t.services.payments.settle();
    const cutOff = await transactionOf(member, transaction.id);
    expect(cutOff.transaction.status).toBe('failed');
    expect(cutOff.history.map((step) => step.status)).toEqual(['created', 'failed']);
    const again = await started(member, { bundle_id: bundle, discount_code: 'CUTOFF' });
    expect(again.transaction).toMatchObject({ discount_code: 'CUTOFF', status: 'created' });
  });
});
