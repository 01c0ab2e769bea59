/**
 * Refunds from the back office: only an admin may refund, once however often it is asked at once,
 * with a reason, and each refund is a row of the audit log saying who, what and why.
 */
import { describe, expect, it } from 'vitest';
import { buyingKit } from './buying.js';
import { buildMember, loggedIn, staffClient, useTestApp } from './helpers.js';

const t = useTestApp();
const { buyer, bundleOf, started, decide, userOf } = buyingKit(t);

/** A member's paid purchase of 50 credits, 20 of them spent. */
async function paidPurchase() {
  const member = await buyer();
  const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
  await decide(checkoutId, 'paid');
  await t.db
    .transaction()
    .execute((trx) => t.services.credits.spend(member.user.id, 20, 'gift', 'gift:refund-test', trx));
  return { member, paymentId: transaction.id };
}

const auditOf = (paymentId: number) =>
  t.db
    .selectFrom('staff_log')
    .select(['staff_id', 'action', 'site_id', 'record', 'changes', 'reason'])
    .where('record', '=', `payment:${paymentId}`)
    .execute();

const statusOf = async (paymentId: number) =>
  (await t.db.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow()).status;

describe('refunds from the back office', () => {
  it('refunds an admin’s refund with its reason, takes back the credits left and writes the audit log', async () => {
    const { member, paymentId } = await paidPurchase();
    const admin = await staffClient(t, 'admin');

    const response = await admin.post('/api/staff/refund.php', { payment: paymentId, reason: 'Asked by phone' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ transaction: { id: paymentId, status: 'refunded' }, credits_taken: 30 });
    expect(await userOf(member)).toMatchObject({ credits: 0, paid_user: false });
    const adminId = (await t.services.staff.byEmail(admin.email))?.id;
    expect(await auditOf(paymentId)).toEqual([
      {
        staff_id: adminId,
        action: 'payment.refund',
        site_id: t.site.id,
        record: `payment:${paymentId}`,
        changes: JSON.stringify({ status: ['paid', 'refunded'], refunded_credits: [0, 30] }),
        reason: 'Asked by phone',
      },
    ]);
  });

  it('refuses an operator and a member, refunding nothing and logging nothing', async () => {
    const { paymentId } = await paidPurchase();
    const operator = await staffClient(t, 'operator');
    const asOperator = await operator.post('/api/staff/refund.php', { payment: paymentId, reason: 'Please' });
    expect(asOperator.statusCode).toBe(403);
    expect(asOperator.json()).toMatchObject({ error: 'forbidden' });
    const member = await loggedIn(t.app, await buildMember(t.services));
    const asMember = await member.post('/api/staff/refund.php', { payment: paymentId, reason: 'Please' });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ error: 'staff_login_required' });

    expect(await statusOf(paymentId)).toBe('paid');
    expect(await auditOf(paymentId)).toEqual([]);
  });

  it('refunds once when asked 20 times at once, telling the others it was asked already', async () => {
    const { member, paymentId } = await paidPurchase();
    const admin = await staffClient(t, 'admin');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/api/staff/refund.php', { payment: paymentId, reason: 'Twice?' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ error: 'refund_refused' });
    }
    const refunds = await t.db
      .selectFrom('payment_events')
      .select('status')
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'refunded')
      .execute();
    expect(refunds).toHaveLength(1);
    expect(await userOf(member)).toMatchObject({ credits: 0 });
    expect(await auditOf(paymentId)).toHaveLength(1);
  });

  it('refuses a refund without a reason, with a NUL byte, or of an unknown or out-of-range payment, changing nothing', async () => {
    const { paymentId } = await paidPurchase();
    const admin = await staffClient(t, 'admin');
    for (const body of [
      { payment: paymentId },
      { payment: paymentId, reason: '   ' },
      { payment: paymentId, reason: 'a\u0000b' },
      { payment: paymentId, reason: 'x'.repeat(501) },
      { payment: 2 ** 31, reason: 'Too big' },
      { payment: 'one', reason: 'Not a number' },
    ]) {
      const response = await admin.post('/api/staff/refund.php', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const unknown = await admin.post('/api/staff/refund.php', { payment: 2 ** 31 - 1, reason: 'Nobody’s' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    expect(await statusOf(paymentId)).toBe('paid');
    expect(await auditOf(paymentId)).toEqual([]);
  });
});

describe('the payments list', () => {
  interface Listed {
    id: number;
    member: { id: number; name: string } | null;
    site: { id: number; name: string };
    status: string;
    refund_refusal: string | null;
  }
  const list = async (admin: Awaited<ReturnType<typeof staffClient>>, query = '') => {
    const response = await admin.get(`/api/staff/payments.php${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { payments: Listed[]; next_before: number | null };
  };

  it('lists payments newest first by member, status and method, saying which an admin may refund now', async () => {
    const admin = await staffClient(t, 'admin');
    const { member, paymentId } = await paidPurchase();
    const { transaction: open } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });

    const mine = await list(admin, `?member=${member.profileId}`);
    expect(mine.payments.map((payment) => [payment.id, payment.status])).toEqual([
      [open.id, 'created'],
      [paymentId, 'paid'],
    ]);
    expect(mine.payments[1]).toMatchObject({
      member: { id: member.profileId },
      site: { id: t.site.id, name: 'Amora' },
      refund_refusal: null,
    });
    expect(mine.payments[0]?.refund_refusal).toContain('not paid');
    const paid = await list(admin, `?member=${member.profileId}&status=paid&method=ideal&site=${t.site.id}`);
    expect(paid.payments.map((payment) => payment.id)).toEqual([paymentId]);
    expect((await list(admin, `?member=${member.profileId}&method=paypal`)).payments).toEqual([]);
    expect((await list(admin, `?member=${member.profileId}&before=${open.id}`)).payments.map((p) => p.id)).toEqual([
      paymentId,
    ]);

    // Once refunded, or past the site's refund_days, it says why not.
    await admin.post('/api/staff/refund.php', { payment: paymentId, reason: 'Asked by mail' });
    expect((await list(admin, `?member=${member.profileId}&status=refunded`)).payments[0]?.refund_refusal).toContain(
      'refunded, not paid',
    );
    const late = await paidPurchase();
    t.clock.advance({ days: 15 });
    // A staff session lasts a working day: the admin signs in again.
    expect(
      (await list(await staffClient(t, 'admin'), `?member=${late.member.profileId}`)).payments[0]?.refund_refusal,
    ).toContain('refund_days');
  });

  it('keeps the list to admins and refuses unknown filters', async () => {
    const operator = await staffClient(t, 'operator');
    const moderator = await staffClient(t, 'moderator');
    for (const staff of [operator, moderator]) {
      expect((await staff.get('/api/staff/payments.php')).json()).toMatchObject({ error: 'forbidden' });
    }
    const admin = await staffClient(t, 'admin');
    for (const query of ['?status=stolen', '?method=cash', '?site=abc', '?member=-1', '?before=0']) {
      expect((await admin.get(`/api/staff/payments.php${query}`)).statusCode, query).toBe(422);
    }
    expect((await list(admin, '?member=999999999')).payments).toEqual([]);
    const sites = (await operator.get('/api/staff/sites.php')).json().sites as { name: string }[];
    expect(sites.map((site) => site.name)).toContain('Amora');
  });
});
