/**
 * What a member is offered: the bundles, methods and message prices of their country, the offers to
 * stay, their past orders to buy again, and the price of a bundle with their discount code.
 */
import {
  discountedPrice,
  FREE_CONVERSATIONS,
  type PaymentMethod,
  type StartPaymentRequest,
  type Transaction,
  vatIncluded,
} from '@amora/common';
import type { Member } from '../../identity/member.js';
import type { BundleRow, DiscountCodeRow } from '../../platform/db/schema.js';
import { DomainError, fieldError } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import type { PaymentsDeps } from './deps.js';
import * as queries from './queries.js';
import { vatRateOf } from './vat.js';

/** How many of a member's latest paid purchases the repeat-order list is made from. */
const REPEAT_ORDERS_READ = 50;

/**
 * The methods offered in a country: iDEAL is Dutch; SEPA direct debit is in euros, and needs texts
 * (its code goes to the payer's phone); card and PayPal everywhere.
 */
function methodsFor(country: string, currency: string, directDebit: boolean): PaymentMethod[] {
  const methods: PaymentMethod[] = country === 'NL' ? ['ideal', 'creditcard', 'paypal'] : ['creditcard', 'paypal'];
  return directDebit && currency === 'EUR' ? [...methods, 'directdebit'] : methods;
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

export type Offers = ReturnType<typeof createOffers>;

export type Price = Awaited<ReturnType<Offers['priced']>>;

export function createOffers({ db, provider, credits, members, sites, texter }: PaymentsDeps) {
  /**
   * The member as the offers see them: the trial package and new members' offers are for members
   * who never bought credits, whether or not a refund has since ended their premium.
   */
  async function buyerOf(member: Member): Promise<Member> {
    return member.paid ? member : { ...member, paid: await queries.hasBoughtCredits(db, member.userId) };
  }

  async function paymentCountry(site: Site, member: Member): Promise<string> {
    const country = await credits.paymentCountry(site, await members.countryOf(member.userId));
    if (!country) throw new DomainError('not_found');
    return country;
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

  return {
    buyerOf,
    paymentCountry,
    priced,
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
  };
}
