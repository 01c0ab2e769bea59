/**
 * Bundles and prices in the back office (admins): a site's credit bundles per country, in minor
 * units of the country's currency with its VAT included.
 */
import { z } from 'zod';
import { CURRENCIES } from '../money.js';
import { id } from './ids.js';
import { text } from './text.js';

/** Credits in one bundle, at most. */
export const BUNDLE_CREDITS_MAX = 100_000;
/** A bundle's price in minor units, at most: 100,000.00 in any of the currencies. */
export const BUNDLE_PRICE_MAX = 10_000_000;

const bundleCredits = z
  .number({ message: 'invalid' })
  .int('invalid')
  .min(1, 'invalid')
  .max(BUNDLE_CREDITS_MAX, 'invalid');
/** Minor units, VAT included. */
const bundlePrice = z.number({ message: 'invalid' }).int('invalid').min(1, 'invalid').max(BUNDLE_PRICE_MAX, 'invalid');
const flag = z.boolean({ message: 'invalid' });

/** GET /api/staff/bundles.php: one site's bundles. */
export const bundlesQuery = z.object({ site: id });

/** POST /api/staff/bundles.php: a new bundle on sale in a country the site sells in, in that country's currency. */
export const addBundleRequest = z.object({
  site: id,
  country: text()
    .trim()
    .regex(/^[A-Z]{2}$/, 'invalid_choice'),
  credits: bundleCredits,
  price: bundlePrice,
  /** Marked "popular" on /credits; the country's bundle marked before loses the mark. */
  popular: flag.optional(),
  /** The trial package: offered once, to members who never paid; one per country. */
  trial: flag.optional(),
});

/**
 * PUT /api/staff/bundles.php: a bundle's credits, price or popular mark, or taking it off sale
 * (active false) and back. Payments started before keep the credits and price they started with.
 */
export const changeBundleRequest = z.object({
  id,
  credits: bundleCredits.optional(),
  price: bundlePrice.optional(),
  popular: flag.optional(),
  active: flag.optional(),
});

export const staffBundle = z.object({
  id: z.number(),
  site: z.object({ id: z.number(), name: z.string() }),
  country: z.string(),
  credits: z.number(),
  currency: z.enum(CURRENCIES),
  /** Minor units, VAT included: what the member pays without a discount code. */
  price: z.number(),
  /** The country's VAT rate in basis points (2100 is 21%). */
  vat_rate: z.number(),
  /** The VAT in the price, and the price without it, in minor units. */
  vat: z.number(),
  net: z.number(),
  /** Minor units a credit costs in this bundle, to two decimals. */
  price_per_credit: z.number(),
  popular: z.boolean(),
  trial: z.boolean(),
  /** On sale; a retired bundle stays for the payments that name it. */
  active: z.boolean(),
  created_at: z.string(),
});
export type StaffBundle = z.infer<typeof staffBundle>;

/** A country the site sells in, with its currency, its VAT rate and its bundles (on sale first, smallest first). */
export const staffBundleCountry = z.object({
  country: z.string(),
  currency: z.enum(CURRENCIES),
  vat_rate: z.number(),
  bundles: z.array(staffBundle),
});
export type StaffBundleCountry = z.infer<typeof staffBundleCountry>;

export const bundlesResponse = z.object({
  site: z.object({ id: z.number(), name: z.string() }),
  countries: z.array(staffBundleCountry),
});
export const bundleResponse = z.object({ bundle: staffBundle });
