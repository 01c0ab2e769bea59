/**
 * Prices: the bundles on sale per country (the price list staff keep), what a message costs, and
 * the discount codes members type, with the offers to new members and to stay.
 */
import {
  type Currency,
  type DiscountCode,
  type DiscountValidity,
  type PaymentMethod,
  RETENTION_OFFER_DAYS,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  WELCOME_DISCOUNT_CODE,
  WELCOME_DISCOUNT_PERCENTAGE,
} from '@amora/common';
import { addDays, type Clock } from '../../platform/clock.js';
import { type Db, type InTransaction, isUniqueViolation } from '../../platform/db/index.js';
import type { BundleRow, DiscountCodeRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Site } from '../../platform/site.js';
import { COUNTRY_CURRENCIES, defaultBundles } from './country-defaults.js';
import {
  assertUsable,
  type DiscountMember,
  type DiscountTarget,
  presentDiscount,
  redemptionScope,
} from './discounts.js';
import { keepMessagePrices, type MessagePrices } from './kept-prices.js';
import { createPriceList } from './price-list.js';
import * as queries from './queries.js';

export interface NewDiscountCode {
  code: string;
  /** Whole percent off, 1 to 99. */
  percentage: number;
  validity?: DiscountValidity;
  country?: string;
  currency?: Currency;
  /** Minor units the bundle's price must reach. */
  minimumOrderValue?: number;
  expires?: string;
  userId?: number;
  methods?: PaymentMethod[];
}

/**
 * The fewest credits worth the country's minimum_message_costs when bought at its cheapest credit
 * (the bundle on sale with the lowest price per credit, in the minimum's currency; the one-off
 * trial package aside); 0 without either.
 */
function minimumCredits(site: Site, country: string | null, bundles: readonly BundleRow[]): number {
  const minimum = country ? site.settings.minimum_message_costs[country] : undefined;
  if (!minimum) return 0;
  const credits = bundles
    .filter((row) => row.currency === minimum.currency && row.price > 0 && !row.trial)
    .map((row) => Math.ceil((minimum.costs * row.credits) / row.price));
  return credits.length === 0 ? 0 : Math.max(...credits);
}

/** A staff change's audit, given the code as it is in the change's transaction. */
async function auditCode(trx: Db, id: number, audit: InTransaction<DiscountCodeRow> | undefined) {
  if (audit) await audit(trx, (await queries.findDiscountCodeById(trx, id)) as DiscountCodeRow);
}

export function createPrices(db: Db, clock: Clock, events: EventBus) {
  const keptPrices = keepMessagePrices(events);

  /**
   * The country a member pays in: their own when the site sells there, else the site's first
   * country that has bundles.
   */
  async function paymentCountry(site: Site, memberCountry: string | null): Promise<string | null> {
    const selling = await queries.countriesWithBundles(db, site.id);
    if (memberCountry && selling.has(memberCountry)) return memberCountry;
    return site.settings.countries.find((country) => selling.has(country)) ?? [...selling][0] ?? null;
  }

  /** A code the member typed, if they may use it now (for this bundle and method when given). */
  async function discount(site: Site, member: DiscountMember, code: string, target?: DiscountTarget) {
    const row = await queries.findDiscountCode(db, site.id, code.trim().toUpperCase());
    const now = clock.now();
    assertUsable(row, member, now, target);
    if (await queries.isScopeHeld(db, redemptionScope(row, member.userId, 0))) {
      throw new DomainError('discount_used');
    }
    return { row, code: presentDiscount(row, member, now) };
  }

  return {
    ...createPriceList(db, clock),
    paymentCountry,
    discount,

    /**
     * What a message costs a member from this country: the site's message_credits, gift_credits or
     * photo_credits, but never less than the minimum_message_costs of the country they pay in.
     */
    messagePrices(site: Site, memberCountry: string | null): Promise<MessagePrices> {
      return keptPrices.get(site.id, memberCountry, async () => {
        const country = await paymentCountry(site, memberCountry);
        const bundles = country ? await queries.findActiveBundles(db, site.id, country) : [];
        const least = minimumCredits(site, country, bundles);
        const { message_credits, gift_credits, photo_credits } = site.settings;
        return {
          text: Math.max(message_credits, least),
          gift: Math.max(gift_credits, least),
          photo: Math.max(photo_credits, least),
        };
      });
    },

    async isTrialBundle(bundleId: number, trx: Db = db): Promise<boolean> {
      return (await queries.findBundleById(trx, bundleId))?.trial === 1;
    },

    /** Which of these codes are a new member's offer: a member has one of those, of either kind. */
    newMemberOffersAmong(codeIds: number[], trx: Db = db): Promise<number[]> {
      return queries.newMemberOffersAmong(trx, codeIds);
    },

    /** A new site's price list for each country it serves, and its offers to new members; in `trx` when given. */
    async stockSite(site: Site, countries: readonly string[], trx: Db = db) {
      const now = clock.now().toISOString();
      await queries.insertBundles(
        trx,
        countries.flatMap((country) => {
          const currency: Currency | undefined = COUNTRY_CURRENCIES[country];
          if (!currency) return [];
          return defaultBundles(currency).map((bundle) => ({
            site_id: site.id,
            country,
            currency,
            credits: bundle.credits,
            price: bundle.price,
            popular: bundle.popular ? 1 : 0,
            trial: bundle.trial ? 1 : 0,
            created_at: now,
          }));
        }),
      );
      const offer = { site_id: site.id, validity: 'once_per_user' as const, created_at: now };
      await queries.insertDiscountCode(trx, {
        ...offer,
        code: TIME_BONUS_CODE,
        kind: 'time_bonus',
        value_percentage: TIME_BONUS_PERCENTAGE,
      });
      await queries.insertDiscountCode(trx, {
        ...offer,
        code: WELCOME_DISCOUNT_CODE,
        kind: 'welcome',
        value_percentage: WELCOME_DISCOUNT_PERCENTAGE,
      });
    },

    /** The countries the site sells credits in, in the order of its settings. */
    async sellingCountries(site: Site): Promise<string[]> {
      const selling = await queries.countriesWithBundles(db, site.id);
      const ordered = site.settings.countries.filter((country) => selling.has(country));
      return [...ordered, ...[...selling].filter((country) => !ordered.includes(country))];
    },

    /** The bundles on sale in a country; the trial package only for a member who never paid. */
    async bundles(site: Site, country: string, { paid }: { paid: boolean }): Promise<BundleRow[]> {
      const rows = await queries.findActiveBundles(db, site.id, country);
      return rows.filter((row) => !(paid && row.trial));
    },

    /** A bundle of the site on sale in the country, or not found. */
    async bundle(site: Site, id: number, country: string, { paid }: { paid: boolean }): Promise<BundleRow> {
      const row = await queries.findBundle(db, site.id, id);
      if (row?.active !== 1 || row.country !== country || (paid && row.trial)) {
        throw new DomainError('not_found');
      }
      return row;
    },

    /** The new member's offer now: the time bonus while it runs, else the welcome discount, else none. */
    async welcomeDiscount(site: Site, member: DiscountMember): Promise<DiscountCode> {
      for (const kind of ['time_bonus', 'welcome'] as const) {
        const row = await queries.findDiscountCodeOfKind(db, site.id, kind);
        if (!row) continue;
        try {
          return (await discount(site, member, row.code)).code;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
      throw new DomainError('discount_not_found');
    },

    /** A payment takes the code in its own transaction; a second holder at the same time is refused. */
    async holdDiscount(row: DiscountCodeRow, userId: number, paymentId: number, trx: Db) {
      try {
        await queries.insertRedemption(trx, {
          discount_code_id: row.id,
          user_id: userId,
          payment_id: paymentId,
          scope: redemptionScope(row, userId, paymentId),
          created_at: clock.now().toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('discount_used');
        throw error;
      }
    },

    /** A payment that came to nothing gives its code back. */
    async releaseDiscount(paymentId: number, trx: Db) {
      await queries.releaseRedemptionsOf(trx, paymentId, clock.now().toISOString());
    },

    /** Campaign codes for staff, newest first, with how often each is held or used. */
    async discountCodesForStaff(filter: { siteId?: number; id?: number; limit: number }) {
      return (await queries.discountCodesForStaff(db, filter)).map((row) => ({ ...row, used: Number(row.used ?? 0) }));
    },

    /**
     * A code's percentage, end, minimum or status, for staff: a payment started before keeps the
     * discount it holds (its price was fixed when it started). `audit` is given the code as changed.
     */
    async changeDiscountCode(
      id: number,
      changes: Parameters<typeof queries.updateDiscountCode>[2],
      audit?: InTransaction<DiscountCodeRow>,
    ) {
      await db.transaction().execute(async (trx) => {
        await queries.updateDiscountCode(trx, id, changes);
        await auditCode(trx, id, audit);
      });
    },

    /** A discount code members may type, e.g. for a campaign; stored in capitals. Its id; `audit` is given the code. */
    async addDiscountCode(site: Site, code: NewDiscountCode, audit?: InTransaction<DiscountCodeRow>): Promise<number> {
      const row = {
        site_id: site.id,
        code: code.code.trim().toUpperCase(),
        value_percentage: code.percentage,
        validity: code.validity ?? 'once_per_user',
        country: code.country ?? null,
        currency: code.currency ?? null,
        minimum_order_value: code.minimumOrderValue ?? 0,
        expires: code.expires ?? null,
        user_id: code.userId ?? null,
        paymentmethods: code.methods ? JSON.stringify(code.methods) : null,
        created_at: clock.now().toISOString(),
      };
      return db.transaction().execute(async (trx) => {
        const id = await queries.insertDiscountCode(trx, row);
        await auditCode(trx, id, audit);
        return id;
      });
    },

    /**
     * The member's own code for the company's discount to stay, made once (the same code however
     * often it is asked for), single use, for RETENTION_OFFER_DAYS.
     */
    async retentionCode(site: Site, userId: number, percentage: number): Promise<string> {
      const code = `STAY${percentage}-${userId.toString(36).toUpperCase()}`;
      const now = clock.now();
      await queries.insertDiscountCodeOnce(db, {
        site_id: site.id,
        code,
        kind: 'retention',
        user_id: userId,
        value_percentage: percentage,
        validity: 'once',
        expires: addDays(now, RETENTION_OFFER_DAYS).toISOString(),
        created_at: now.toISOString(),
      });
      return code;
    },

    discountCodeById(id: number) {
      return queries.findDiscountCodeById(db, id);
    },
  };
}
