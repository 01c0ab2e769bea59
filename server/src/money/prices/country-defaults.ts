/**
 * The price list a new site starts with: bundles per country in its currency (VAT included),
 * from a trial package up to the bundle whose message price is the site's minimum.
 */
import type { Currency } from '@amora/common';

export const COUNTRY_CURRENCIES: Record<string, Currency> = {
  NL: 'EUR',
  BE: 'EUR',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  FI: 'EUR',
  GB: 'GBP',
  PL: 'PLN',
  DK: 'DKK',
  SE: 'SEK',
  NO: 'NOK',
};

export interface DefaultBundle {
  credits: number;
  /** Minor units. */
  price: number;
  popular?: boolean;
  trial?: boolean;
}

/** Prices in minor units per currency, for 30 (trial), 50, 150, 400 and 1,000 credits. */
const PRICES: Record<Currency, [number, number, number, number, number]> = {
  EUR: [299, 999, 2499, 5499, 9900],
  GBP: [249, 899, 2199, 4799, 8900],
  PLN: [1299, 3999, 9999, 21999, 39900],
  DKK: [2200, 7495, 18500, 40900, 73900],
  SEK: [3200, 10900, 26900, 59900, 109000],
  NOK: [3300, 10900, 27900, 61900, 112000],
};

export function defaultBundles(currency: Currency): DefaultBundle[] {
  const [trial, small, medium, large, largest] = PRICES[currency];
  return [
    { credits: 30, price: trial, trial: true },
    { credits: 50, price: small },
    { credits: 150, price: medium },
    { credits: 400, price: large, popular: true },
    { credits: 1000, price: largest },
  ];
}
