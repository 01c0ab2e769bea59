/**
 * Payments: a member buys a credit bundle through the provider. The provider's word decides a
 * payment's state (its webhook, or the payer's return, makes us ask it); each state reached is
 * recorded with its time, and a paid payment adds its credits in the very transaction that records
 * it as paid, once. The first paid purchase makes the member premium.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DIRECT_DEBIT_CODE_ATTEMPTS,
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_MINUTES,
  DIRECT_DEBIT_MONTHLY_MAX,
  DIRECT_DEBIT_OPEN_MAX,
  type DirectDebitForm,
  type DirectDebitRequest,
  discountedPrice,
  normaliseIban,
  normalisePhone,
  type PaymentMethod,
  type PaymentStatus,
  type StartPaymentRequest,
  type Transaction,
  vatIncluded,
} from '@amora/common';
import type { Insertable } from 'kysely';
import type { AccountsService } from '../accounts/service.js';
import { addDays, addMinutes, type Clock } from '../clock.js';
import type { RequestContext } from '../context.js';
import type { CreditsService, DiscountTarget } from '../credits/service.js';
import { type Db, isUniqueViolation } from '../db/index.js';
import type { BundleRow, DirectDebitsTable, DiscountCodeRow, PaymentRow } from '../db/schema.js';
import { DomainError, fieldError } from '../errors.js';
import type { EventBus } from '../events/bus.js';
import type { Member } from '../http/member.js';
import { translator } from '../i18n.js';
import type { MembersService } from '../members/profiles/service.js';
import type { Site, SitesService } from '../sites/service.js';
import type { Texter } from '../texts/texter.js';
import {
  type NewProviderPayment,
  PaymentNotFound,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
  ProviderUnavailable,
} from './provider.js';
import * as queries from './queries.js';
import { vatRateOf } from './vat.js';

/**
 * The methods offered in a country: iDEAL is Dutch; SEPA direct debit is in euros, and needs texts
 * (its code goes to the payer's phone); card and PayPal everywhere.
 */
export function methodsFor(country: string, currency: string, directDebit: boolean): PaymentMethod[] {
  const methods: PaymentMethod[] = country === 'NL' ? ['ideal', 'creditcard', 'paypal'] : ['creditcard', 'paypal'];
  return directDebit && currency === 'EUR' ? [...methods, 'directdebit'] : methods;
}

/** Where a payment may go from each state; anything else the provider says is old news and ignored. */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'paid', 'failed', 'cancelled', 'expired'],
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  paid: ['refunded', 'charged_back'],
  failed: [],
  cancelled: [],
  expired: [],
  refunded: ['charged_back'],
  charged_back: [],
};

const ENDED: readonly PaymentStatus[] = ['failed', 'cancelled', 'expired'];

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
  };
}

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  credits: CreditsService;
  accounts: AccountsService;
  members: MembersService;
  sites: SitesService;
  /** Sends direct debit codes; null where texts cannot be sent (no direct debit then). */
  texter: Texter | null;
  events: EventBus;
}

export function createPaymentsService({
  db,
  clock,
  provider,
  credits,
  accounts,
  members,
  sites,
  texter,
  events,
}: PaymentsDeps) {
  const nowIso = () => clock.now().toISOString();

  async function codeOf(row: PaymentRow): Promise<string | null> {
    if (row.discount_code_id === null) return null;
    return (await credits.discountCodeById(row.discount_code_id))?.code ?? null;
  }

  async function presentRow(row: PaymentRow) {
    return present(row, await codeOf(row));
  }

  async function paymentCountry(site: Site, member: Member): Promise<string> {
    const country = await credits.paymentCountry(site, await members.countryOf(member.userId));
    if (!country) throw new DomainError('not_found');
    return country;
  }

  /**
   * Moves a payment to what the provider says, in one transaction: the state change and its
   * record, then for a payment newly paid its credits and premium, for one that came to nothing
   * its discount code back, for a refund the credits still unspent.
   */
  async function apply(paymentId: number, said: ProviderPayment, source: string): Promise<PaymentRow | undefined> {
    const next = statusOf(said);
    let creditsChanged = false;
    const applied = await db.transaction().execute(async (trx) => {
      const row = await queries.findPayment(trx, paymentId);
      if (!row) return undefined;
      if (said.amount.value !== row.amount || said.amount.currency !== row.currency) {
        throw new Error(`payment ${row.id}: the provider's amount differs from ours`);
      }
      const steps = pathTo(row.status, next);
      if (steps.length === 0) return row;
      const now = nowIso();
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
      if (steps.includes('paid') && (await queries.markCredited(trx, row.id))) {
        await credits.grant(row.user_id, row.credits, 'purchase', `payment:${row.id}`, trx);
        await accounts.markPaid(row.user_id, trx);
        creditsChanged = true;
      }
      if (ENDED.includes(next)) await credits.releaseDiscount(row.id, trx);
      if (row.method === 'directdebit' && (next === 'failed' || next === 'charged_back')) {
        await queries.blockIbanOf(trx, row.id, next, now);
      }
      if ((next === 'refunded' || next === 'charged_back') && row.refunded_credits === 0) {
        const taken = await credits.takeBack(row.user_id, row.credits, `payment:${row.id}`, trx);
        await queries.setRefundedCredits(trx, row.id, taken);
        creditsChanged = true;
      }
      return queries.findPayment(trx, paymentId);
    });
    if (creditsChanged && applied) {
      const profileId = await members.profileIdOf(applied.user_id);
      await events.publish({ type: 'credits.changed', siteId: applied.site_id, profileId });
    }
    return applied;
  }

  /** Asks the provider about a payment and records what changed. */
  async function sync(row: PaymentRow, source: string): Promise<PaymentRow> {
    if (!row.provider_id) return row;
    const said = await provider.getPayment(row.provider_id);
    return (await apply(row.id, said, source)) ?? row;
  }

  /**
   * Asks the provider about the member's payments still open, so one abandoned at the checkout
   * that has since expired gives its discount code back before the member is told it is used.
   */
  async function settleOpenPayments(member: Member) {
    for (const row of await queries.openPaymentsOf(db, member.userId)) {
      try {
        await sync(row, 'provider');
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

  /** The price of a bundle with the member's discount code, checked and rounded once. */
  async function priced(
    site: Site,
    member: Member,
    input: Pick<StartPaymentRequest, 'bundle_id' | 'method' | 'discount_code'>,
    country: string,
  ) {
    const bundle = await credits.bundle(site, input.bundle_id, country, member);
    if (!methodsFor(country, bundle.currency, texter !== null).includes(input.method)) {
      throw fieldError('method', 'invalid_choice');
    }
    let discount: DiscountCodeRow | null = null;
    if (input.discount_code) {
      discount = (
        await credits.discount(site, member, input.discount_code, {
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

  /**
   * What a direct debit must pass before a code is sent and again before it is made: the bundle
   * and discount on offer by direct debit, an account not refused, and the member's limits.
   */
  async function checkedDirectDebit(site: Site, member: Member, form: DirectDebitForm) {
    const country = await paymentCountry(site, member);
    const price = await priced(
      site,
      member,
      { bundle_id: form.bundle_id, method: 'directdebit', discount_code: form.discount_code },
      country,
    );
    const iban = normaliseIban(form.iban);
    const phone = normalisePhone(form.phone);
    if (!phone) throw fieldError('phone', 'phone_invalid');
    if ((await queries.isIbanBlocked(db, iban)) || (await queries.hasChargeback(db, member.userId))) {
      throw new DomainError('directdebit_blocked');
    }
    const counts = await queries.directDebitCounts(db, member.userId, addDays(clock.now(), -30).toISOString());
    if (counts.open >= DIRECT_DEBIT_OPEN_MAX || counts.recent >= DIRECT_DEBIT_MONTHLY_MAX) {
      throw new DomainError('directdebit_limit');
    }
    return { iban, phone, country, price };
  }

  /** Uses the member's texted code once, for the account and phone it was sent for; tries are counted. */
  async function useCode(userId: number, otp: string, iban: string, phone: string) {
    const now = nowIso();
    const sent = await queries.tryDirectDebitCode(db, userId, now, DIRECT_DEBIT_CODE_ATTEMPTS);
    const given = Buffer.from(codeHash(userId, otp));
    const matches =
      sent !== undefined &&
      timingSafeEqual(Buffer.from(sent.code_hash), given) &&
      sent.iban === iban &&
      sent.phone === phone;
    if (!matches || !(await queries.useDirectDebitCode(db, sent.id, now))) throw new DomainError('otp_invalid');
  }

  function outcomeOf(row: PaymentRow) {
    return presentRow(row).then((transaction) => ({ transaction, checkout_url: row.checkout_url }));
  }

  /** A card payment leaves a mandate for one-step repeat orders: the member's customer at the provider. */
  async function firstSequence(member: Member): Promise<NewProviderPayment['sequence']> {
    const known = await queries.customerOf(db, member.userId, provider.name);
    const customerId = known ?? (await provider.createCustomer({ name: member.email, email: member.email }));
    return { type: 'first', customerId };
  }

  /**
   * Records a payment with its price and discount (the code held in the same transaction), then
   * creates it at the provider. The same client id at once finds the payment the other request made.
   */
  async function begin(
    ctx: RequestContext,
    member: Member,
    order: {
      clientId: string;
      country: string;
      price: Awaited<ReturnType<typeof priced>>;
      method: PaymentMethod;
      issuer?: string;
      sequence: NewProviderPayment['sequence'] | null;
      /** The account and address of a direct debit, kept with it. */
      directDebit?: Omit<Insertable<DirectDebitsTable>, 'payment_id' | 'created_at'>;
    },
  ) {
    const { price, sequence } = order;
    const now = nowIso();
    let row: PaymentRow;
    try {
      row = await db.transaction().execute(async (trx) => {
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
        });
        await queries.insertEvent(trx, {
          payment_id: inserted.id,
          status: 'created',
          source: 'member',
          created_at: now,
        });
        if (price.discount) await credits.holdDiscount(price.discount, member.userId, inserted.id, trx);
        if (order.directDebit) {
          await queries.insertDirectDebit(trx, { ...order.directDebit, payment_id: inserted.id, created_at: now });
        }
        return inserted;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const made = await queries.findByClientId(db, member.userId, order.clientId);
      if (!made) throw error;
      return outcomeOf(made);
    }

    let created: ProviderPayment;
    try {
      created = await provider.createPayment({
        amount: { value: row.amount, currency: row.currency as Transaction['currency'] },
        description: `${ctx.site.name}: ${row.credits} credits (${row.id})`,
        method: order.method,
        issuer: row.issuer ?? undefined,
        redirectUrl: `${ctx.origin}/transactions/${row.id}?return=1`,
        webhookUrl: `${ctx.origin}/api/payment-webhook.php`,
        locale: ctx.locale,
        reference: row.id,
        sequence: sequence ?? undefined,
      });
    } catch (error) {
      await apply(row.id, { ...emptyProviderPayment(row), status: 'failed' }, 'provider_refused');
      if (error instanceof ProviderUnavailable) throw new DomainError('payment_provider_unavailable');
      throw error;
    }
    const linked = await queries.linkProvider(db, row.id, created.id, created.checkoutUrl, nowIso());
    // A provider that decided at once (a saved card) is recorded now.
    const settled = created.status === 'open' ? linked : ((await apply(row.id, created, 'provider')) ?? linked);
    return outcomeOf(settled);
  }

  async function offerIn(site: Site, country: string, buyer: { paid: boolean }) {
    const bundles = await credits.bundles(site, country, buyer);
    return {
      country,
      currency: (bundles[0]?.currency ?? 'EUR') as Transaction['currency'],
      bundles: bundles.map(presentBundle),
      methods: methodsFor(country, bundles[0]?.currency ?? '', texter !== null),
      message_credits: site.settings.message_credits,
      photo_credits: site.settings.photo_credits,
      gift_credits: site.settings.gift_credits,
    };
  }

  return {
    /** What the member may buy, and how. */
    async offer(site: Site, member: Member) {
      return offerIn(site, await paymentCountry(site, member), member);
    },

    /** The public price list: a country the site sells in (the first unless asked), without the trial package. */
    async pricing(site: Site, asked: string | undefined) {
      const countries = await credits.sellingCountries(site);
      const country = asked && countries.includes(asked) ? asked : countries[0];
      if (!country) throw new DomainError('not_found');
      return { ...(await offerIn(site, country, { paid: true })), countries };
    },

    /** What a member about to delete the account is offered: the trial package, and the company's discount. */
    async retentionOffer(site: Site, member: Member) {
      const country = await paymentCountry(site, member);
      const trial = (await credits.bundles(site, country, member)).find((row) => row.trial === 1);
      const { delete_discount } = await sites.companyInfo(site);
      return {
        trial: trial ? presentBundle(trial) : null,
        discount_percentage: Math.max(0, Math.min(99, delete_discount)),
      };
    },

    /** The member takes the discount to stay: their own code, to use at /credits. */
    async retentionCode(site: Site, member: Member) {
      const { discount_percentage } = await this.retentionOffer(site, member);
      if (discount_percentage === 0) throw new DomainError('not_found');
      return { code: await credits.retentionCode(site, member.userId, discount_percentage) };
    },

    async idealBanks() {
      try {
        return await provider.idealIssuers();
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw new DomainError('payment_provider_unavailable');
        throw error;
      }
    },

    /** A code the member typed (checked against a bundle when given), or the new member's offer. */
    async discount(
      site: Site,
      member: Member,
      query: { code?: string; welcome?: 'true' | 'false'; bundle?: number; method?: PaymentMethod },
    ) {
      await settleOpenPayments(member);
      if (query.welcome === 'true') return credits.welcomeDiscount(site, member);
      if (!query.code) throw fieldError('code', 'required');
      const country = await paymentCountry(site, member);
      let target: DiscountTarget = { country, method: query.method };
      if (query.bundle !== undefined) {
        const bundle = await credits.bundle(site, query.bundle, country, member);
        target = { ...target, currency: bundle.currency, price: bundle.price };
      }
      return (await credits.discount(site, member, query.code, target)).code;
    },

    /**
     * Starts a payment: recorded with its price and discount first (the code held in the same
     * transaction), then created at the provider. The same client_id again returns that payment.
     */
    async start(ctx: RequestContext, member: Member, input: StartPaymentRequest) {
      const earlier = await queries.findByClientId(db, member.userId, input.client_id);
      if (earlier) return outcomeOf(earlier);
      // A direct debit is confirmed with a texted code first (directDebit below).
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

    /** The member's last purchase, to buy again in one step (charging the saved card when there is one). */
    async lastOrder(site: Site, member: Member) {
      const last = await queries.lastPaidOf(db, member.userId);
      if (!last) return { order: null };
      const country = await paymentCountry(site, member);
      const bundle = (await credits.bundles(site, country, member)).find((row) => row.id === last.bundle_id);
      if (!bundle) return { order: null };
      const card = await queries.cardMandateOf(db, member.userId, provider.name);
      return {
        order: {
          bundle: presentBundle(bundle),
          method: (card ? 'creditcard' : last.method) as PaymentMethod,
          saved_card: card !== undefined,
          transaction_id: last.id,
        },
      };
    },

    /** Buys the last order again: the saved card is charged without a checkout, or the checkout opens. */
    async repeatOrder(ctx: RequestContext, member: Member, clientId: string) {
      const earlier = await queries.findByClientId(db, member.userId, clientId);
      if (earlier) return outcomeOf(earlier);
      const { order } = await this.lastOrder(ctx.site, member);
      if (!order) throw new DomainError('not_found');
      if (order.method === 'directdebit') throw fieldError('method', 'invalid_choice');
      const country = await paymentCountry(ctx.site, member);
      const price = await priced(ctx.site, member, { bundle_id: order.bundle.id, method: order.method }, country);
      const card = await queries.cardMandateOf(db, member.userId, provider.name);
      const sequence =
        card?.customer_id && card.mandate_id
          ? { type: 'recurring' as const, customerId: card.customer_id, mandateId: card.mandate_id }
          : null;
      return begin(ctx, member, { clientId, country, price, method: order.method, sequence });
    },

    /** Texts a one-time code to the form's phone, once the direct debit passes its checks. */
    async directDebitCode(ctx: RequestContext, member: Member, form: DirectDebitForm) {
      if (!texter) throw new DomainError('directdebit_unavailable');
      const { iban, phone } = await checkedDirectDebit(ctx.site, member, form);
      const code = String(randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)).padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
      const now = clock.now();
      const expires = addMinutes(now, DIRECT_DEBIT_CODE_MINUTES);
      await queries.replaceDirectDebitCode(db, {
        user_id: member.userId,
        code_hash: codeHash(member.userId, code),
        iban,
        phone,
        expires_at: expires.toISOString(),
        created_at: now.toISOString(),
      });
      const text = translator(ctx.locale)('mail:texts.directDebitCode', {
        site: ctx.site.name,
        code,
        minutes: DIRECT_DEBIT_CODE_MINUTES,
      });
      await texter.send(phone, text);
      return { phone: maskedPhone(phone), expires: expires.toISOString() };
    },

    /**
     * A direct debit confirmed with the texted code: a SEPA mandate on the account, then the
     * collection on it, pending until the bank pays (days, at the sandbox seconds).
     */
    async directDebit(ctx: RequestContext, member: Member, input: DirectDebitRequest) {
      const earlier = await queries.findByClientId(db, member.userId, input.client_id);
      if (earlier) return outcomeOf(earlier);
      if (!texter) throw new DomainError('directdebit_unavailable');
      const { iban, phone, country, price } = await checkedDirectDebit(ctx.site, member, input);
      await useCode(member.userId, input.otp, iban, phone);
      let sequence: NewProviderPayment['sequence'];
      try {
        const customerId =
          (await queries.customerOf(db, member.userId, provider.name)) ??
          (await provider.createCustomer({ name: input.account_holder, email: member.email }));
        const mandateId = await provider.createMandate(customerId, { holder: input.account_holder, iban });
        sequence = { type: 'recurring', customerId, mandateId };
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw new DomainError('payment_provider_unavailable');
        throw error;
      }
      return begin(ctx, member, {
        clientId: input.client_id,
        country,
        price,
        method: 'directdebit',
        sequence,
        directDebit: {
          iban,
          account_holder: input.account_holder,
          street: input.street,
          house_number: input.house_number,
          zip: input.zip,
          city: input.city,
          phone,
        },
      });
    },

    /**
     * The provider's webhook: only an id, which is looked up at the provider; whatever else was
     * sent is not believed. Unknown ids change nothing. Safe to repeat and in any order.
     */
    async webhook(providerId: string) {
      const said = await provider.getPayment(providerId);
      const row =
        (await queries.findByProviderId(db, provider.name, providerId)) ??
        (said.reference !== null ? await queries.findPayment(db, said.reference) : undefined);
      if (!row || (row.provider_id !== null && row.provider_id !== providerId)) return;
      if (row.provider_id === null) await queries.linkProvider(db, row.id, providerId, said.checkoutUrl, nowIso());
      await apply(row.id, said, 'webhook');
    },

    /** The member's payment, asked of the provider first while it is still open (the return from checkout). */
    async transaction(site: Site, member: Member, id: number) {
      let row = await ownPayment(member, id);
      if (row.status === 'created' || row.status === 'pending') {
        try {
          row = await sync(row, 'return');
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

    /**
     * Refunds a paid payment in full at the provider, within the site's refund_days of its payment;
     * the unspent credits it brought are taken back when the provider confirms (as any refund).
     */
    async refund(paymentId: number): Promise<{ transaction: Transaction; creditsTaken: number }> {
      const row = await queries.findPayment(db, paymentId);
      if (!row?.provider_id) throw new RefundRefused(`there is no payment ${paymentId} at the provider`);
      if (row.status !== 'paid') throw new RefundRefused(`payment ${paymentId} is ${row.status}, not paid`);
      const site = await sites.findById(row.site_id);
      const refundDays = site?.settings.refund_days ?? 0;
      if (!row.paid_at || addDays(new Date(row.paid_at), refundDays) < clock.now()) {
        throw new RefundRefused(
          `payment ${paymentId} was paid more than ${refundDays} days ago (the site's refund_days)`,
        );
      }
      await provider.refund(
        row.provider_id,
        { value: row.amount, currency: row.currency as Transaction['currency'] },
        `Refund of ${row.id}`,
      );
      const settled = await sync(row, 'staff');
      return { transaction: await presentRow(settled), creditsTaken: settled.refunded_credits };
    },

    async transactions(member: Member) {
      const rows = await queries.paymentsOf(db, member.userId);
      return { transactions: await Promise.all(rows.map(presentRow)) };
    },
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

function codeHash(userId: number, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** A phone number with all but its last three digits hidden. */
function maskedPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 6))}${phone.slice(-3)}`;
}

/** A refund the rules do not allow; the message says why. */
export class RefundRefused extends Error {}

/** A provider's answer that says nothing but the payment's amount, for recording our own decisions. */
function emptyProviderPayment(row: PaymentRow): ProviderPayment {
  return {
    id: row.provider_id ?? '',
    reference: row.id,
    status: 'open',
    method: row.method as PaymentMethod,
    amount: { value: row.amount, currency: row.currency as Transaction['currency'] },
    checkoutUrl: null,
    amountRefunded: 0,
    amountChargedBack: 0,
    customerId: null,
    mandateId: null,
  };
}

/**
 * The states a payment passes through from `from` to `to`: none when the move is not allowed
 * (old news), and a refund of a payment we had not yet seen paid passes through paid.
 */
function pathTo(from: PaymentStatus, to: PaymentStatus): PaymentStatus[] {
  if (from === to) return [];
  if (NEXT[from].includes(to)) return [to];
  if ((from === 'created' || from === 'pending') && (to === 'refunded' || to === 'charged_back')) return ['paid', to];
  return [];
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
