/**
 * Mollie's API v2 as the fake Mollie (fake-mollie.ts) answers it: the payment resource and its amounts
 * and links, what Mollie accepts (locales, methods, iDEAL's banks), its ids, and its errors
 * ({status, title, detail}) with the amount rule a mistake of ours would trip.
 */
import { randomBytes } from 'node:crypto';
import { decimalToMinor, minorToDecimal } from '@amora/common';

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface Amount {
  currency: string;
  value: string;
}

export interface Link {
  href: string;
  type: string;
}

/** A payment as GET /v2/payments/:id answers it. */
export interface MolliePaymentResource {
  resource: 'payment';
  id: string;
  mode: 'test';
  status: MollieStatus;
  amount: Amount;
  amountRefunded?: Amount;
  amountRemaining?: Amount;
  amountChargedBack?: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
  redirectUrl?: string;
  webhookUrl?: string;
  locale?: string;
  createdAt: string;
  paidAt?: string;
  _links: { self: Link; checkout?: Link; documentation: Link };
}

/** Every locale Mollie's checkout knows. */
// biome-ignore format: a table
export const LOCALES = new Set([
  'en_US', 'en_GB', 'nl_NL', 'nl_BE', 'de_DE', 'de_AT', 'de_CH', 'fr_FR', 'fr_BE', 'es_ES', 'ca_ES', 'pt_PT',
  'it_IT', 'nb_NO', 'sv_SE', 'fi_FI', 'da_DK', 'is_IS', 'hu_HU', 'pl_PL', 'lv_LV', 'lt_LT',
]);
export const METHODS = new Set(['ideal', 'creditcard', 'paypal', 'directdebit', 'bancontact', 'banktransfer', 'kbc']);
/** What a paid first payment leaves: iDEAL, for one, becomes SEPA direct debit. */
export const MANDATE_METHOD: Record<string, string> = {
  ideal: 'directdebit',
  bancontact: 'directdebit',
  kbc: 'directdebit',
};
export const IDEAL_ISSUERS = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
];
export const DOCUMENTATION: Link = { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' };

export class MollieError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

/** Mollie's ids: a prefix and ten letters or digits (tr_WDqYK6vllg); its API keys have thirty. */
export function newId(prefix: string, length = 10): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join('')}`;
}

/** Mollie's rule: a currency code and a value with exactly two decimals. */
export function checkAmount(amount: unknown, field: string): Amount {
  const { currency, value } = (amount ?? {}) as Partial<Amount>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new MollieError(422, 'The amount contains an invalid currency', `${field}.currency`);
  }
  if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value)) {
    throw new MollieError(422, 'The amount contains an invalid value', `${field}.value`);
  }
  if (decimalToMinor(value) <= 0) throw new MollieError(422, 'The amount is lower than the minimum', `${field}.value`);
  return { currency, value };
}

export function money(minor: number, currency: string): Amount {
  return { currency, value: minorToDecimal(minor) };
}
