/**
 * Starting a payment: recorded with its price decided once (see offers.ts), then created at the
 * provider's checkout; repeat orders, and the discount code a member types.
 */
import type { PaymentMethod, StartPaymentRequest, Transaction } from '@amora/common';
import type { Insertable } from 'kysely';
import type { Member } from '../../identity/member.js';
import type { RequestContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db/index.js';
import type { DirectDebitsTable, PaymentRow } from '../../platform/db/schema.js';
import { DomainError, fieldError } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import type { DiscountTarget } from '../prices/discounts.js';
import type { PaymentsDeps } from './deps.js';
import type { Offers, Price } from './offers.js';
import {
  atProvider,
  type NewProviderPayment,
  PaymentNotFound,
  type ProviderPayment,
  ProviderUnavailable,
} from './provider.js';
import * as queries from './queries.js';
import { ownDecision, type PaymentStates } from './states.js';
import type { Transactions } from './transactions.js';

export interface Order {
  clientId: string;
  country: string;
  price: Price;
  method: PaymentMethod;
  issuer?: string;
  sequence: NewProviderPayment['sequence'] | null;
  /** The account and address of a direct debit, kept with it. */
  directDebit?: Omit<Insertable<DirectDebitsTable>, 'payment_id' | 'created_at'>;
}

export function createCheckout(
  deps: PaymentsDeps,
  states: PaymentStates,
  { buyerOf, paymentCountry, priced, repeatOrders }: Offers,
  { presentRow }: Pick<Transactions, 'presentRow'>,
) {
  const { db, clock, provider, credits } = deps;
  const nowIso = () => clock.now().toISOString();

  function outcomeOf(row: PaymentRow) {
    return presentRow(row).then((transaction) => ({ transaction, checkout_url: row.checkout_url }));
  }

  /**
   * Asks the provider about the member's payments still open, so one abandoned at the checkout
   * that has since expired gives its discount code back before the member is told it is used.
   */
  async function settleOpenPayments(member: Member) {
    for (const row of await queries.openPaymentsOf(db, member.userId)) {
      try {
        await states.sync(row, 'provider');
      } catch (error) {
        if (!(error instanceof ProviderUnavailable) && !(error instanceof PaymentNotFound)) throw error;
      }
    }
  }

  /** A card payment leaves a mandate for one-step repeat orders: the member's customer at the provider. */
  async function firstSequence(member: Member): Promise<NewProviderPayment['sequence']> {
    const known = await queries.customerOf(db, member.userId, provider.name);
    const customerId =
      known ?? (await atProvider(() => provider.createCustomer({ name: member.email, email: member.email })));
    return { type: 'first', customerId };
  }

  /** The payment recorded with its price, its discount code held in the same transaction. */
  function record(ctx: RequestContext, member: Member, order: Order): Promise<PaymentRow> {
    const { price, sequence } = order;
    const now = nowIso();
    return db.transaction().execute(async (trx) => {
      const inserted = await queries.insertPayment(trx, {
        site_id: ctx.site.id,
        user_id: member.userId,
        client_id: order.clientId,
        bundle_id: price.bundle.id,
        country: order.country,
        credits: price.bundle.credits,
        currency: price.bundle.currency,
        list_price: price.bundle.price,
        discount_code_id: price.discount?.id ?? null,
        discount_percentage: price.percentage,
        discount_amount: price.bundle.price - price.amount,
        amount: price.amount,
        vat_rate: price.vatRate,
        vat_amount: price.vatAmount,
        method: order.method,
        issuer: order.method === 'ideal' ? (order.issuer ?? null) : null,
        provider: provider.name,
        provider_id: null,
        checkout_url: null,
        sequence: sequence?.type ?? 'oneoff',
        status: 'created',
        customer_id: sequence?.customerId ?? null,
        mandate_id: sequence?.type === 'recurring' ? sequence.mandateId : null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        refusal: null,
        refund_asked_at: null,
      });
      await queries.insertEvent(trx, { payment_id: inserted.id, status: 'created', source: 'member', created_at: now });
      if (price.discount) await credits.holdDiscount(price.discount, member.userId, inserted.id, trx);
      if (order.directDebit) {
        await queries.insertDirectDebit(trx, { ...order.directDebit, payment_id: inserted.id, created_at: now });
      }
      return inserted;
    });
  }

  /**
   * Records a payment with its price and discount, then creates it at the provider. The same
   * client id at once finds the payment the other request made. A payment cut off in between is
   * settled by the settling job (../refunds/refunds.ts) once its checkout would have ended.
   */
  async function begin(ctx: RequestContext, member: Member, order: Order) {
    let row: PaymentRow;
    try {
      row = await record(ctx, member, order);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const made = await queries.findByClientId(db, member.userId, order.clientId);
      if (!made) throw error;
      return outcomeOf(made);
    }

    let created: ProviderPayment;
    try {
      created = await atProvider(() =>
        provider.createPayment({
          amount: { value: row.amount, currency: row.currency as Transaction['currency'] },
          description: `${ctx.site.name}: ${row.credits} credits (${row.id})`,
          method: order.method,
          issuer: row.issuer ?? undefined,
          redirectUrl: `${ctx.origin}/transactions/${row.id}?return=1`,
          webhookUrl: `${ctx.origin}/api/payment-webhook.php`,
          locale: ctx.locale,
          reference: row.id,
          sequence: order.sequence ?? undefined,
        }),
      );
    } catch (error) {
      await states.apply(row.id, ownDecision(row, 'failed'), 'provider_refused');
      throw error;
    }
    const linked = await queries.linkProvider(db, row.id, created.id, created.checkoutUrl, nowIso());
    // A provider that decided at once (a saved card) is recorded now.
    const settled = created.status === 'open' ? linked : ((await states.apply(row.id, created, 'provider')) ?? linked);
    return outcomeOf(settled);
  }

  /** The client id's payment when this client started it already: a retry finds it. */
  async function earlier(member: Member, clientId: string) {
    const row = await queries.findByClientId(db, member.userId, clientId);
    return row && outcomeOf(row);
  }

  return {
    begin,
    earlier,

    idealBanks() {
      return atProvider(() => provider.idealIssuers());
    },

    /** A code the member typed (checked against a bundle when given), or the new member's offer. */
    async discount(
      site: Site,
      member: Member,
      query: { code?: string; welcome?: 'true' | 'false'; bundle?: number; method?: PaymentMethod },
    ) {
      await settleOpenPayments(member);
      const buyer = await buyerOf(member);
      if (query.welcome === 'true') return credits.welcomeDiscount(site, buyer);
      if (!query.code) throw fieldError('code', 'required');
      const country = await paymentCountry(site, member);
      let target: DiscountTarget = { country, method: query.method };
      if (query.bundle !== undefined) {
        const bundle = await credits.bundle(site, query.bundle, country, buyer);
        target = { ...target, currency: bundle.currency, price: bundle.price };
      }
      return (await credits.discount(site, buyer, query.code, target)).code;
    },

    /**
     * Starts a payment: recorded with its price and discount first (the code held in the same
     * transaction), then created at the provider. The same client_id again returns that payment.
     */
    async start(ctx: RequestContext, member: Member, input: StartPaymentRequest) {
      const made = await earlier(member, input.client_id);
      if (made) return made;
      // A direct debit is confirmed with a texted code first (direct-debit.ts).
      if (input.method === 'directdebit') throw fieldError('method', 'invalid_choice');
      if (input.discount_code) await settleOpenPayments(member);
      const country = await paymentCountry(ctx.site, member);
      const price = await priced(ctx.site, member, input, country);
      const sequence = input.method === 'creditcard' ? await firstSequence(member) : null;
      return begin(ctx, member, {
        clientId: input.client_id,
        country,
        price,
        method: input.method,
        issuer: input.issuer,
        sequence,
      });
    },

    /** Buys a past order again: a card purchase charges the saved card without a checkout, any other opens the checkout. */
    async repeatOrder(ctx: RequestContext, member: Member, input: { client_id: string; transaction_id: number }) {
      const made = await earlier(member, input.client_id);
      if (made) return made;
      const { orders } = await repeatOrders(ctx.site, member);
      const order = orders.find((o) => o.transaction_id === input.transaction_id);
      if (!order) throw new DomainError('not_found');
      if (order.method === 'directdebit') throw fieldError('method', 'invalid_choice');
      const country = await paymentCountry(ctx.site, member);
      const price = await priced(ctx.site, member, { bundle_id: order.bundle.id, method: order.method }, country);
      const card = order.saved_card ? await queries.cardMandateOf(db, member.userId, provider.name) : undefined;
      const sequence =
        card?.customer_id && card.mandate_id
          ? { type: 'recurring' as const, customerId: card.customer_id, mandateId: card.mandate_id }
          : null;
      return begin(ctx, member, { clientId: input.client_id, country, price, method: order.method, sequence });
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
