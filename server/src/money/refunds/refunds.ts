/**
 * Money going back: a staff member's refund of a purchase within the site's refund_days, the
 * automatic refund of a payment that was refused its credits, and the settling of payments the
 * provider will not tell us about any more (a start cut off before the provider heard of it).
 */
import type { Transaction } from '@amora/common';
import { addDays, addMinutes } from '../../platform/clock.js';
import type { InTransaction } from '../../platform/db/index.js';
import type { PaymentRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { PaymentsDeps } from '../payments/deps.js';
import { PaymentNotFound, ProviderUnavailable } from '../payments/provider.js';
import * as paymentQueries from '../payments/queries.js';
import { ownDecision, type PaymentStates } from '../payments/states.js';
import * as queries from './queries.js';

/** A refund asked of the provider without word back is asked again after this long. */
const REFUND_CLAIM_MINUTES = 60;
/** How often each instance makes sure the settling job is queued. */
const SETTLE_EVERY_MS = 10 * 60_000;

declare module '../../platform/jobs/queue.js' {
  interface JobTypes {
    'payments.settle': { slot: string };
  }
}

/** A refund the rules do not allow; the message says why. */
export class RefundRefused extends Error {}

const amountOf = (row: PaymentRow) => ({ value: row.amount, currency: row.currency as Transaction['currency'] });

/**
 * Why staff may not refund the payment now, or null when they may: it must be paid at the provider,
 * within the site's refund_days of its payment. The one eligibility rule: refund() and the staff
 * list (refundRefusalForList) both ask it. (Asked twice at once, the provider is asked once: see
 * queries.claimRefund.)
 */
function refundRefusal(
  row: Pick<PaymentRow, 'id' | 'provider_id' | 'status' | 'paid_at'>,
  refundDays: number,
  now: Date,
): string | null {
  if (!row.provider_id) return `there is no payment ${row.id} at the provider`;
  if (row.status !== 'paid') return `payment ${row.id} is ${row.status}, not paid`;
  if (!row.paid_at || addDays(new Date(row.paid_at), refundDays) < now) {
    return `payment ${row.id} was paid more than ${refundDays} days ago (the site's refund_days)`;
  }
  return null;
}

/**
 * The refusal the staff list shows: refundRefusal, after a refund asked of the provider that has no
 * word back yet. The list shows that one for as long as no word comes; refund() does not read it
 * from the row but claims the ask (queries.claimRefund), which lets an ask unanswered for
 * REFUND_CLAIM_MINUTES be made again.
 */
export function refundRefusalForList(
  row: Pick<PaymentRow, 'id' | 'provider_id' | 'status' | 'paid_at' | 'refund_asked_at'>,
  refundDays: number,
  now: Date,
): string | null {
  if (row.refund_asked_at && row.status === 'paid') return 'a refund was asked already';
  return refundRefusal(row, refundDays, now);
}

export function createRefunds({ db, clock, provider, sites, jobs }: PaymentsDeps, states: PaymentStates) {
  const minutesAgo = (minutes: number) => addMinutes(clock.now(), -minutes).toISOString();

  /** Refunds a refused payment once: the provider is asked again only when it never answered. */
  async function refundRefused(paymentId: number) {
    const found = await paymentQueries.findPayment(db, paymentId);
    if (!found?.provider_id || found.refusal === null) return;
    // Its refund may have gone through while its word was lost.
    const row = await states.sync(found, 'provider');
    if (row.status !== 'paid') return;
    if (!(await queries.claimRefund(db, row.id, clock.now().toISOString(), minutesAgo(REFUND_CLAIM_MINUTES)))) return;
    try {
      await provider.refund(found.provider_id, amountOf(row), `Refund of ${row.id}`);
    } catch (error) {
      await queries.releaseRefundClaim(db, row.id);
      throw error;
    }
    await states.sync(row, 'refusal');
  }

  /** A payment still open after its checkout ended: asked of the provider, or failed when it never got there. */
  async function settleAbandoned(row: PaymentRow) {
    try {
      if (row.provider_id) await states.sync(row, 'provider');
      else await states.apply(row.id, ownDecision(row, 'failed'), 'settled');
    } catch (error) {
      if (error instanceof PaymentNotFound) await states.apply(row.id, ownDecision(row, 'failed'), 'settled');
      else if (!(error instanceof ProviderUnavailable)) throw error;
    }
  }

  /** What the settling job does: safe to run on every instance and at any time. */
  async function settle() {
    for (const row of await queries.abandonedPayments(db, minutesAgo(provider.checkoutMinutes))) {
      await settleAbandoned(row);
    }
    for (const { id } of await queries.refusedUnrefunded(db, minutesAgo(REFUND_CLAIM_MINUTES))) {
      try {
        await refundRefused(id);
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
      }
    }
  }

  jobs.handle('payments.refund', ({ paymentId }) => refundRefused(paymentId));
  jobs.handle('payments.settle', () => settle());

  return {
    settle,

    /** Queues the settling job now and every few minutes (once per slot however many instances run); returns how to stop. */
    scheduleSettling() {
      const queue = () => {
        const slot = String(Math.floor(clock.now().getTime() / SETTLE_EVERY_MS));
        return jobs.add('payments.settle', { slot }, { key: `payments-settle-${slot}` });
      };
      const report = (error: unknown) => console.error('payments: could not queue the settling job', error);
      void queue().catch(report);
      const timer = setInterval(() => void queue().catch(report), SETTLE_EVERY_MS);
      return () => clearInterval(timer);
    },

    /**
     * Refunds a paid payment in full at the provider, within the site's refund_days of its payment;
     * the unspent credits it brought are taken back when the provider confirms (as any refund).
     * `audit` is written in the transaction that records the provider's answer.
     */
    async refund(
      paymentId: number,
      audit?: InTransaction<PaymentRow>,
    ): Promise<{ row: PaymentRow; creditsTaken: number }> {
      const row = await paymentQueries.findPayment(db, paymentId);
      if (!row) throw new DomainError('not_found');
      if (!row.provider_id) throw new RefundRefused(`there is no payment ${paymentId} at the provider`);
      const site = await sites.findById(row.site_id);
      const refused = refundRefusal(row, site?.settings.refund_days ?? 0, clock.now());
      if (refused) throw new RefundRefused(refused);
      if (!(await queries.claimRefund(db, row.id, clock.now().toISOString(), minutesAgo(REFUND_CLAIM_MINUTES)))) {
        throw new RefundRefused(`a refund of payment ${paymentId} was asked already`);
      }
      try {
        await provider.refund(row.provider_id, amountOf(row), `Refund of ${row.id}`);
      } catch (error) {
        await queries.releaseRefundClaim(db, row.id);
        throw error;
      }
      const settled = await states.sync(row, 'staff', audit);
      return { row: settled, creditsTaken: settled.refunded_credits };
    },
  };
}
