/**
 * What the payments domain needs of a payment provider. The provider's word on a payment is
 * fetched (getPayment) whenever it may have changed; nothing a caller posts is believed.
 */
import type { Currency, Locale, PaymentMethod } from '@amora/common';
import { DomainError } from '../../platform/errors.js';

/** A payment's state at the provider (Mollie's "authorized" reads as pending, "canceled" as cancelled). */
export type ProviderStatus = 'open' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

export interface Money {
  /** Minor units (cents). */
  value: number;
  currency: Currency;
}

export interface ProviderPayment {
  /** The provider's id, e.g. tr_WDqYK6vllg. */
  id: string;
  /** Our payment's id, from the metadata it was created with (null when absent or not a number). */
  reference: number | null;
  status: ProviderStatus;
  method: PaymentMethod | null;
  amount: Money;
  /** Where the payer completes the payment; null once there is nothing left to do there. */
  checkoutUrl: string | null;
  /** Minor units refunded and charged back so far (0 when none). */
  amountRefunded: number;
  amountChargedBack: number;
  /** For recurring payments: the customer and the mandate a paid first payment left. */
  customerId: string | null;
  mandateId: string | null;
}

export interface NewProviderPayment {
  amount: Money;
  description: string;
  method: PaymentMethod;
  /** The bank, for iDEAL. */
  issuer?: string;
  redirectUrl: string;
  webhookUrl: string;
  locale: Locale;
  /** Our payment's id, kept by the provider as metadata. */
  reference: number;
  /**
   * A first payment of a customer leaves a mandate for later charges; a recurring one charges
   * that mandate without the payer (no checkout).
   */
  sequence?: { type: 'first'; customerId: string } | { type: 'recurring'; customerId: string; mandateId: string };
}

export interface Issuer {
  id: string;
  name: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie';
  /** How long a payment may stay open at its checkout: after that the provider has decided it. */
  readonly checkoutMinutes: number;
  /** The banks a payer may choose for iDEAL. */
  idealIssuers(): Promise<Issuer[]>;
  createCustomer(customer: { name: string; email: string }): Promise<string>;
  /** A SEPA direct debit mandate on the customer's bank account; returns its id. */
  createMandate(customerId: string, account: { holder: string; iban: string }): Promise<string>;
  createPayment(payment: NewProviderPayment): Promise<ProviderPayment>;
  /** The provider's current word on a payment; throws PaymentNotFound for an id it does not know. */
  getPayment(id: string): Promise<ProviderPayment>;
  refund(id: string, amount: Money, description: string): Promise<void>;
}

/** The provider knows no payment by that id. */
export class PaymentNotFound extends Error {}

/** The provider could not be reached or refused the call; nothing was decided. */
export class ProviderUnavailable extends Error {}

/** A call to the provider for a member: its being away is told as payment_provider_unavailable. */
export async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new DomainError('payment_provider_unavailable');
    throw error;
  }
}
