/**
 * A payment's states: the provider's word decides them (its webhook, or the payer's return, makes
 * us ask it). Each state reached is recorded with its time, and what a state means for the member
 * is decided in the transaction that records it: a payment newly paid adds its credits once, a
 * refund takes back what is left of them, and premium follows the purchases still paid.
 */
import type { PaymentRefusal, PaymentStatus, Transaction } from '@amora/common';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { PaymentRow } from '../../platform/db/schema.js';
import type { PaymentsDeps } from './deps.js';
import type { ProviderPayment, ProviderStatus } from './provider.js';
import * as queries from './queries.js';

declare module '../../platform/jobs/queue.js' {
  interface JobTypes {
    /** A refused payment's refund, asked of the provider until it answers. */
    'payments.refund': { paymentId: number };
  }
}

/** Where a payment may go from each state; anything else the provider says is old news and ignored. */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'paid', 'failed', 'cancelled', 'expired'],
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  paid: ['refunded', 'charged_back'],
  // Money the provider says it received is never lost, even on a payment we had given up on.
  failed: ['paid'],
  cancelled: ['paid'],
  expired: ['paid'],
  refunded: ['charged_back'],
  charged_back: [],
};

const ENDED: readonly PaymentStatus[] = ['failed', 'cancelled', 'expired'];
/** The states in which the money went back to the payer, and with it the credits still unspent. */
const RETURNED: readonly PaymentStatus[] = ['refunded', 'charged_back'];

/** Our state for what the provider says of a payment. */
function statusOf(payment: ProviderPayment): PaymentStatus {
  if (payment.amountChargedBack > 0) return 'charged_back';
  if (payment.amountRefunded > 0 && payment.amountRefunded >= payment.amount.value) return 'refunded';
  const map: Record<ProviderStatus, PaymentStatus> = {
    open: 'created',
    pending: 'pending',
    paid: 'paid',
    failed: 'failed',
    cancelled: 'cancelled',
    expired: 'expired',
  };
  return map[payment.status];
}

/**
 * The states a payment passes through from `from` to `to`: none when the move is not allowed
 * (old news), and a refund of a payment we had not yet seen paid passes through paid.
 */
function pathTo(from: PaymentStatus, to: PaymentStatus): PaymentStatus[] {
  if (from === to) return [];
  if (NEXT[from].includes(to)) return [to];
  if (NEXT[from].includes('paid') && RETURNED.includes(to)) return ['paid', to];
  return [];
}

/** A provider's answer that says nothing but the payment's amount, for recording our own decisions. */
export function ownDecision(row: PaymentRow, status: ProviderStatus): ProviderPayment {
  return {
    id: row.provider_id ?? '',
    reference: row.id,
    status,
    method: null,
    amount: { value: row.amount, currency: row.currency as Transaction['currency'] },
    checkoutUrl: null,
    amountRefunded: 0,
    amountChargedBack: 0,
    customerId: null,
    mandateId: null,
  };
}

export function createPaymentStates({
  db,
  clock,
  provider,
  credits,
  accounts,
  members,
  sites,
  events,
  jobs,
  webhooks,
}: PaymentsDeps) {
  /**
   * Why a payment just paid may not bring its credits: the trial package is for members who never
   * bought credits, and a member has one new member's offer. Decided with the member's account
   * locked, so two payments paid at once are decided one after the other.
   */
  async function refusalOf(row: PaymentRow, trx: Db): Promise<PaymentRefusal | null> {
    const others = await queries.creditedPaymentsOf(trx, row.user_id, row.id);
    if (others.length === 0) return null;
    if (await credits.isTrialBundle(row.bundle_id, trx)) return 'trial_used';
    if (row.discount_code_id === null) return null;
    const codes = [row.discount_code_id, ...others.flatMap((other) => other.discount_code_id ?? [])];
    const offers = await credits.newMemberOffersAmong(codes, trx);
    const usedBefore = others.some(
      (other) => other.discount_code_id !== null && offers.includes(other.discount_code_id),
    );
    return offers.includes(row.discount_code_id) && usedBefore ? 'offer_used' : null;
  }

  /** Whether the payment's site leaves the spent credits of a refund owed (its refund_debt). */
  async function owesSpentCredits(paymentId: number): Promise<boolean> {
    const row = await queries.findPayment(db, paymentId);
    return (row && (await sites.findById(row.site_id))?.settings.refund_debt) ?? false;
  }

  /**
   * Moves a payment to what the provider says, in one transaction: the state change and its
   * record, then for a payment newly paid its credits (or its refusal), for one that came to
   * nothing its discount code back, for a refund the credits still unspent (the rest owed where the
   * site says so), and premium.
   */
  async function apply(
    paymentId: number,
    said: ProviderPayment,
    source: string,
    also?: InTransaction<PaymentRow>,
  ): Promise<PaymentRow | undefined> {
    const next = statusOf(said);
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const owe = RETURNED.includes(next) && (await owesSpentCredits(paymentId));
    let accountChanged = false;
    let refused: PaymentRefusal | null = null;
    const move = async (trx: Db): Promise<PaymentRow | undefined> => {
      const row = await queries.findPayment(trx, paymentId);
      if (!row) return undefined;
      if (said.amount.value !== row.amount || said.amount.currency !== row.currency) {
        throw new Error(`payment ${row.id}: the provider's amount differs from ours`);
      }
      const steps = pathTo(row.status, next);
      if (steps.length === 0) return row;
      const now = clock.now().toISOString();
      // Only the transaction that moves the payment from the state it read goes on: a webhook and a
      // return at the same moment cannot both record the change, nor both add the credits.
      const moved = await queries.moveStatus(trx, row.id, row.status, next, {
        updated_at: now,
        ...(steps.includes('paid') && { paid_at: now }),
        ...(said.mandateId && { mandate_id: said.mandateId }),
      });
      if (!moved) return queries.findPayment(trx, paymentId);
      for (const status of steps)
        await queries.insertEvent(trx, { payment_id: row.id, status, source, created_at: now });
      accountChanged = steps.some((status) => status === 'paid' || RETURNED.includes(status));
      if (accountChanged) await credits.lockAccount(row.user_id, trx);
      if (steps.includes('paid') && (await queries.markCredited(trx, row.id))) {
        const refusal = await refusalOf(row, trx);
        if (refusal) await queries.setRefusal(trx, row.id, refusal);
        else await credits.grant(row.user_id, row.credits, 'purchase', `payment:${row.id}`, trx);
        refused = refusal;
      }
      if (ENDED.includes(next)) await credits.releaseDiscount(row.id, trx);
      if (row.method === 'directdebit' && (next === 'failed' || next === 'charged_back')) {
        await queries.blockIbanOf(trx, row.id, next, now);
      }
      const heldCredits = (row.status === 'paid' || steps.includes('paid')) && row.refusal === null && refused === null;
      if (heldCredits && RETURNED.includes(next)) {
        const { taken } = await credits.takeBack(row.user_id, row.credits, `payment:${row.id}`, trx, { owe });
        await queries.setRefundedCredits(trx, row.id, taken);
      }
      if (accountChanged) {
        await accounts.setPremium(row.user_id, await queries.hasPaidPurchase(trx, row.user_id), trx);
        const profileId = await members.profileIdOf(row.user_id);
        await events.record(trx, { type: 'credits.changed', siteId: row.site_id, profileId });
      }
      if (refused) {
        const { site_id: siteId, user_id: userId, credits } = row;
        await events.record(trx, { type: 'payment.refused', siteId, userId, paymentId, credits, refusal: refused });
      }
      return queries.findPayment(trx, paymentId);
    };
    const applied = await db.transaction().execute(async (trx) => {
      const row = await move(trx);
      if (row && also) await also(trx, row);
      return row;
    });
    // Also when a webhook and a return raced and the other moved the payment: its change is then
    // announced (the member's balance shown anew) before this caller reads on.
    await events.relay();
    // A refund lost here (a crash) is asked by the settling job: the payment stays paid and refused.
    if (applied && refused) {
      await jobs.add('payments.refund', { paymentId: applied.id }, { key: `payment-refund-${applied.id}` });
    }
    return applied;
  }

  /** Asks the provider about a payment and records what changed. */
  async function sync(row: PaymentRow, source: string, also?: InTransaction<PaymentRow>): Promise<PaymentRow> {
    if (!row.provider_id) return row;
    const said = await provider.getPayment(row.provider_id);
    return (await apply(row.id, said, source, also)) ?? row;
  }

  return {
    apply,
    sync,

    /**
     * The provider's webhook: only an id, which is looked up at the provider; whatever else was
     * sent is not believed. Unknown ids change nothing. Safe to repeat and in any order.
     */
    async webhook(providerId: string) {
      webhooks.received();
      const said = await provider.getPayment(providerId);
      const row =
        (await queries.findByProviderId(db, provider.name, providerId)) ??
        (said.reference !== null ? await queries.findPayment(db, said.reference) : undefined);
      if (!row || (row.provider_id !== null && row.provider_id !== providerId)) return;
      if (row.provider_id === null) {
        await queries.linkProvider(db, row.id, providerId, said.checkoutUrl, clock.now().toISOString());
      }
      await apply(row.id, said, 'webhook');
    },
  };
}

export type PaymentStates = ReturnType<typeof createPaymentStates>;
