/**
 * Buying credits: what a member is offered (bundles, methods, discount codes, the offers to stay),
 * a payment started at the provider's checkout with its price decided once, repeat orders, and
 * the member's own payments.
 */
import {
  discountedPrice,
  FREE_CONVERSATIONS,
  type PaymentMethod,
  type StartPaymentRequest,
  type Transaction,
  vatIncluded,
} from '@amora/common';
import type { Insertable } from 'kysely';
import type { DiscountTarget } from '../credits/service.js';
import type { Member } from '../identity/member.js';
import type { RequestContext } from '../platform/context.js';
import { isUniqueViolation } from '../platform/db/index.js';
import type { BundleRow, DirectDebitsTable, DiscountCodeRow, PaymentRow } from '../platform/db/schema.js';
import { DomainError, fieldError } from '../platform/errors.js';
import type { Site } from '../platform/site.js';
import {
  atProvider,
  type NewProviderPayment,
  PaymentNotFound,
  type ProviderPayment,
  ProviderUnavailable,
} from './provider.js';
import * as queries from './queries.js';
import type { PaymentsDeps } from './service.js';
import { ownDecision, type PaymentStates } from './states.js';
import { vatRateOf } from './vat.js';

/** How many of a member's latest paid purchases the repeat-order list is made from. */
const REPEAT_ORDERS_READ = 50;

/**
 * The methods offered in a country: iDEAL is Dutch; SEPA direct debit is in euros, and needs texts
 * (its code goes to the payer's phone); card and PayPal everywhere.
 */
export function methodsFor(country: string, currency: string, directDebit: boolean): PaymentMethod[] {
  const methods: PaymentMethod[] = country === 'NL' ? ['ideal', 'creditcard', 'paypal'] : ['creditcard', 'paypal'];
  return directDebit && currency === 'EUR' ? [...methods, 'directdebit'] : methods;
}

function present(row: PaymentRow, code: string | null): Transaction {
  return {
    id: row.id,
    created_at: row.created_at,
    status: row.status,
    method: row.method as PaymentMethod,
    credits: row.credits,
    currency: row.currency as Transaction['currency'],
    list_price: row.list_price,
    discount_code: code,
    discount_percentage: row.discount_percentage,
    discount_amount: row.discount_amount,
    amount: row.amount,
    vat_rate: row.vat_rate,
    vat_amount: row.vat_amount,
    paid_at: row.paid_at,
    bundle_id: row.bundle_id,
    recurring: row.sequence === 'recurring',
    refusal: row.refusal,
  };
}

function presentBundle(row: BundleRow) {
  return {
    id: row.id,
    credits: row.credits,
    price: row.price,
    currency: row.currency as Transaction['currency'],
    popular: row.popular === 1,
    trial: row.trial === 1,
  };
}

export type Price = Awaited<ReturnType<ReturnType<typeof createCheckout>['priced']>>;

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

export function createCheckout(deps: PaymentsDeps, states: PaymentStates) {
  const { db, clock, provider, credits, members, sites, texter } = deps;
  const nowIso = () => clock.now().toISOString();

  /**
   * The member as the offers see them: the trial package and new members' offers are for members
   * who never bought credits, whether or not a refund has since ended their premium.
   */
  async function buyerOf(member: Member): Promise<Member> {
    return member.paid ? member : { ...member, paid: await queries.hasBoughtCredits(db, member.userId) };
  }

  async function codeOf(row: PaymentRow): Promise<string | null> {
    if (row.discount_code_id === null) return null;
    return (await credits.discountCodeById(row.discount_code_id))?.code ?? null;
  }

  async function presentRow(row: PaymentRow) {
    return present(row, await codeOf(row));
  }

  function outcomeOf(row: PaymentRow) {
    return presentRow(row).then((transaction) => ({ transaction, checkout_url: row.checkout_url }));
  }

  async function paymentCountry(site: Site, member: Member): Promise<string> {
    const country = await credits.paymentCountry(site, await members.countryOf(member.userId));
    if (!country) throw new DomainError('not_found');
    return country;
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

  async function ownPayment(member: Member, id: number): Promise<PaymentRow> {
    const row = await queries.findPayment(db, id);
    // Another member's payment is as unknown as one that does not exist.
    if (!row || row.user_id !== member.userId) throw new DomainError('not_found');
    return row;
  }

  /** A card payment leaves a mandate for one-step repeat orders: the member's customer at the provider. */
  async function firstSequence(member: Member): Promise<NewProviderPayment['sequence']> {
    const known = await queries.customerOf(db, member.userId, provider.name);
    const customerId =
      known ?? (await atProvider(() => provider.createCustomer({ name: member.email, email: member.email })));
    return { type: 'first', customerId };
  }

  /** The price list of a country, with what a message costs there: what the chat charges (minimum included). */
  async function offerIn(site: Site, country: string, buyer: { paid: boolean }) {
    const bundles = await credits.bundles(site, country, buyer);
    const prices = await credits.messagePrices(site, country);
    return {
      country,
      currency: (bundles[0]?.currency ?? 'EUR') as Transaction['currency'],
      bundles: bundles.map(presentBundle),
      methods: methodsFor(country, bundles[0]?.currency ?? '', texter !== null),
      message_credits: prices.text,
      photo_credits: prices.photo,
      gift_credits: prices.gift,
      free_messages: site.settings.free_messages,
      free_conversations: FREE_CONVERSATIONS,
    };
  }

  /** The trial package for a member who never bought credits, and the company's discount to stay. */
  async function retentionOffer(site: Site, member: Member) {
    const country = await paymentCountry(site, member);
    const trial = (await credits.bundles(site, country, await buyerOf(member))).find((row) => row.trial === 1);
    const { delete_discount } = await sites.companyInfo(site);
    return {
      trial: trial ? presentBundle(trial) : null,
      discount_percentage: Math.max(0, Math.min(99, delete_discount)),
    };
  }

  /**
   * The member's past purchases to buy again, newest first: each bundle and method once, while the
   * bundle is on sale to them. A card purchase charges the saved card when there is one.
   */
  async function repeatOrders(site: Site, member: Member) {
    const paid = await queries.paidOf(db, member.userId, REPEAT_ORDERS_READ);
    const country = await paymentCountry(site, member);
    const onSale = await credits.bundles(site, country, await buyerOf(member));
    const card = await queries.cardMandateOf(db, member.userId, provider.name);
    const seen = new Set<string>();
    const orders = [];
    for (const row of paid) {
      const bundle = onSale.find((b) => b.id === row.bundle_id);
      const key = `${row.bundle_id}:${row.method}`;
      if (!bundle || seen.has(key)) continue;
      seen.add(key);
      const method = row.method as PaymentMethod;
      orders.push({
        bundle: presentBundle(bundle),
        method,
        saved_card: method === 'creditcard' && card !== undefined,
        transaction_id: row.id,
        paid_at: row.paid_at,
      });
    }
    return { orders };
  }

  /** The price of a bundle with the member's discount code, checked and rounded once. */
  async function priced(
    site: Site,
    member: Member,
    input: Pick<StartPaymentRequest, 'bundle_id' | 'method' | 'discount_code'>,
    country: string,
  ) {
    const buyer = await buyerOf(member);
    const bundle = await credits.bundle(site, input.bundle_id, country, buyer);
    if (!methodsFor(country, bundle.currency, texter !== null).includes(input.method)) {
      throw fieldError('method', 'invalid_choice');
    }
    let discount: DiscountCodeRow | null = null;
    if (input.discount_code) {
      discount = (
        await credits.discount(site, buyer, input.discount_code, {
          country,
          currency: bundle.currency,
          price: bundle.price,
          method: input.method,
        })
      ).row;
    }
    const percentage = discount?.value_percentage ?? 0;
    const amount = discountedPrice(bundle.price, percentage);
    const vatRate = vatRateOf(country);
    return { bundle, discount, percentage, amount, vatRate, vatAmount: vatIncluded(amount, vatRate) };
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
   * settled by the settling job (refunds.ts) once its checkout would have ended.
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
    paymentCountry,
    priced,
    begin,
    earlier,
    retentionOffer,
    repeatOrders,

    /** What the member may buy, and how. */
    async offer(site: Site, member: Member) {
      const offer = await offerIn(site, await paymentCountry(site, member), await buyerOf(member));
      return { ...offer, debt: await credits.debt(member.userId) };
    },

    /** The public price list: a country the site sells in (the first unless asked), without the trial package. */
    async pricing(site: Site, asked: string | undefined) {
      const countries = await credits.sellingCountries(site);
      const country = asked && countries.includes(asked) ? asked : countries[0];
      if (!country) throw new DomainError('not_found');
      return { ...(await offerIn(site, country, { paid: true })), countries };
    },

    /** The member takes the discount to stay: their own code, to use at /credits. */
    async retentionCode(site: Site, member: Member) {
      const { discount_percentage } = await retentionOffer(site, member);
      if (discount_percentage === 0) throw new DomainError('not_found');
      return { code: await credits.retentionCode(site, member.userId, discount_percentage) };
    },

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

    /** The member's payment, asked of the provider first while it is still open (the return from checkout). */
    async transaction(site: Site, member: Member, id: number) {
      let row = await ownPayment(member, id);
      if (row.status === 'created' || row.status === 'pending') {
        try {
          row = await states.sync(row, 'return');
        } catch (error) {
          // The provider is away: show what we know; its webhook or the next look will tell.
          if (!(error instanceof ProviderUnavailable)) throw error;
        }
      }
      return {
        transaction: await presentRow(row),
        history: (await queries.eventsOf(db, row.id)).map((event) => ({ status: event.status, at: event.created_at })),
        company: await sites.companyInfo(site),
        site: site.name,
      };
    },

    async transactions(member: Member) {
      const rows = await queries.paymentsOf(db, member.userId);
      return { transactions: await Promise.all(rows.map(presentRow)) };
    },

    presentRow,
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
