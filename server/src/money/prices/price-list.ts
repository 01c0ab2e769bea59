/**
 * The price list as staff keep it: bundles added, changed, taken off sale and put back, one site
 * and country at a time. A payment copies its bundle's credits and price when it starts
 * (../payments/checkout.ts), so a bundle changes in place and a payment under way keeps what it
 * started with.
 */
import type { Currency } from '@amora/common';
import type { Clock } from '../../platform/clock.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { BundleRow } from '../../platform/db/schema.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import { COUNTRY_CURRENCIES } from './country-defaults.js';
import * as queries from './queries.js';

export interface NewBundle {
  country: string;
  credits: number;
  /** Minor units, VAT included. */
  price: number;
  popular?: boolean;
  trial?: boolean;
}

export interface BundleChange {
  credits?: number;
  price?: number;
  popular?: boolean;
  active?: boolean;
}

/** What a write did: the bundle before and after, and the country's bundles that lost the popular mark to it. */
export interface BundleWrite {
  before: BundleRow | null;
  after: BundleRow;
  unmarked: BundleRow[];
}

/** The countries a site may price: those it serves that have a currency. */
function pricedCountries(site: Site): string[] {
  return site.settings.countries.filter((country) => COUNTRY_CURRENCIES[country] !== undefined);
}

/**
 * Refuses a second bundle of the same size, or a second trial package, on sale in the country, at
 * the fields that asked for it.
 */
function assertFree(
  onSale: BundleRow[],
  bundle: { credits: number; trial: boolean },
  fields: { credits: string; trial: string },
) {
  if (onSale.some((row) => row.credits === bundle.credits)) throw fieldError(fields.credits, 'bundle_taken');
  if (bundle.trial && onSale.some((row) => row.trial === 1)) throw fieldError(fields.trial, 'bundle_trial_taken');
}

const sameBundle = (row: BundleRow, next: Pick<BundleRow, 'credits' | 'price' | 'popular' | 'active'>) =>
  row.credits === next.credits &&
  row.price === next.price &&
  row.popular === next.popular &&
  row.active === next.active;

export function createPriceList(db: Db, clock: Clock) {
  /** A write to one country's bundles, decided with them locked; `audit` is given what it did before the commit. */
  function inCountry(
    siteId: number,
    country: string,
    write: (trx: Db) => Promise<BundleWrite>,
    audit?: InTransaction<BundleWrite>,
  ): Promise<BundleWrite> {
    return db.transaction().execute(async (trx) => {
      await queries.lockBundlesOf(trx, siteId, country);
      const done = await write(trx);
      if (audit) await audit(trx, done);
      return done;
    });
  }

  async function changed(row: BundleRow, change: BundleChange, trx: Db): Promise<BundleWrite> {
    const active = change.active ?? row.active === 1;
    if (change.popular && !active) throw fieldError('popular', 'invalid');
    const onSale = (await queries.findActiveBundles(trx, row.site_id, row.country)).filter(
      (each) => each.id !== row.id,
    );
    const credits = change.credits ?? row.credits;
    if (active && row.active === 0) {
      assertFree(onSale, { credits, trial: row.trial === 1 }, { credits: 'active', trial: 'active' });
    } else if (active && credits !== row.credits) {
      assertFree(onSale, { credits, trial: false }, { credits: 'credits', trial: 'credits' });
    }
    const popular = active && (change.popular ?? row.popular === 1);
    const next = { credits, price: change.price ?? row.price, popular: popular ? 1 : 0, active: active ? 1 : 0 };
    if (sameBundle(row, next)) return { before: row, after: row, unmarked: [] };
    const unmarked =
      popular && row.popular === 0 ? await queries.unmarkPopular(trx, row.site_id, row.country, row.id) : [];
    return { before: row, after: await queries.updateBundle(trx, row.id, next), unmarked };
  }

  return {
    /**
     * The countries a site may price, in the order of its settings, then any other it has bundles
     * in, each with its currency.
     */
    async bundleCountries(site: Site): Promise<{ country: string; currency: Currency }[]> {
      const listed = new Map(
        pricedCountries(site).map((country) => [country, COUNTRY_CURRENCIES[country] as Currency]),
      );
      for (const row of await queries.bundlesOfSite(db, site.id)) {
        if (!listed.has(row.country)) listed.set(row.country, row.currency as Currency);
      }
      return [...listed].map(([country, currency]) => ({ country, currency }));
    },

    /** Every bundle of the site, on sale or not. */
    siteBundles: (siteId: number) => queries.bundlesOfSite(db, siteId),

    bundleById: (id: number) => queries.findBundleById(db, id),

    /** A bundle on sale in a country the site serves, in that country's currency. */
    addBundle(site: Site, input: NewBundle, audit?: InTransaction<BundleWrite>): Promise<BundleWrite> {
      const currency: Currency | undefined = COUNTRY_CURRENCIES[input.country];
      if (!currency || !pricedCountries(site).includes(input.country)) throw fieldError('country', 'invalid_choice');
      const write = async (trx: Db): Promise<BundleWrite> => {
        const onSale = await queries.findActiveBundles(trx, site.id, input.country);
        assertFree(
          onSale,
          { credits: input.credits, trial: input.trial === true },
          { credits: 'credits', trial: 'trial' },
        );
        const unmarked = input.popular ? await queries.unmarkPopular(trx, site.id, input.country, null) : [];
        const after = await queries.insertBundle(trx, {
          site_id: site.id,
          country: input.country,
          credits: input.credits,
          price: input.price,
          currency,
          popular: input.popular ? 1 : 0,
          trial: input.trial ? 1 : 0,
          created_at: clock.now().toISOString(),
        });
        return { before: null, after, unmarked };
      };
      return inCountry(site.id, input.country, write, audit);
    },

    /**
     * A bundle's credits, price or popular mark, or taking it off sale (which takes its mark) and
     * back. Decided on the bundle as it is once its country is locked, so changes sent at once
     * each see the one before; `audit` is given what it did, also when it changed nothing.
     */
    async changeBundle(id: number, change: BundleChange, audit?: InTransaction<BundleWrite>): Promise<BundleWrite> {
      const found = await queries.findBundleById(db, id);
      if (!found) throw notFound();
      const write = async (trx: Db) => {
        const row = await queries.findBundleById(trx, id);
        if (!row) throw notFound();
        return changed(row, change, trx);
      };
      return inCountry(found.site_id, found.country, write, audit);
    },
  };
}
