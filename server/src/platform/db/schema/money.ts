/** Credits, bundles, discounts, payments, direct debits and the payment sandbox. */
import type { DiscountValidity, PaymentRefusal } from '@amora/common';
import type { Generated, Selectable } from 'kysely';

export interface CreditAccountsTable {
  user_id: number;
  balance: number;
  /** Messages the member may still send without credits. */
  free_messages: Generated<number>;
  /** Credits owed: those of a refunded purchase spent already; the next credits added pay them off. */
  debt: Generated<number>;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: string;
}

export interface CreditBundlesTable {
  id: Generated<number>;
  site_id: number;
  country: string;
  credits: number;
  /** Minor units, VAT included. */
  price: number;
  currency: string;
  popular: Generated<number>;
  trial: Generated<number>;
  active: Generated<number>;
  created_at: string;
}

export type DiscountKind = 'code' | 'welcome' | 'time_bonus' | 'retention';

export interface DiscountCodesTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  kind: Generated<DiscountKind>;
  country: string | null;
  user_id: number | null;
  expires: string | null;
  value_percentage: number;
  currency: string | null;
  minimum_order_value: Generated<number>;
  status: Generated<'active' | 'inactive'>;
  validity: DiscountValidity;
  /** JSON list of payment methods, or null for all. */
  paymentmethods: string | null;
  created_at: string;
}

export type PaymentStatus =
  | 'created'
  | 'pending'
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'charged_back';

export interface PaymentsTable {
  id: Generated<number>;
  site_id: number;
  user_id: number;
  client_id: string;
  bundle_id: number;
  country: string;
  credits: number;
  currency: string;
  list_price: number;
  discount_code_id: number | null;
  discount_percentage: Generated<number>;
  discount_amount: Generated<number>;
  amount: number;
  vat_rate: number;
  vat_amount: number;
  method: string;
  issuer: string | null;
  provider: string;
  provider_id: string | null;
  checkout_url: string | null;
  sequence: Generated<'oneoff' | 'first' | 'recurring'>;
  status: PaymentStatus;
  credited: Generated<number>;
  refunded_credits: Generated<number>;
  /** Why a paid payment gave no credits and is refunded: an offer the member had already had. */
  refusal: PaymentRefusal | null;
  /** When its refund was last asked of the provider (a refused payment's, refunded automatically). */
  refund_asked_at: string | null;
  customer_id: string | null;
  mandate_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: number;
  status: PaymentStatus;
  /** Who said so: member (started it), provider (its webhook or the return), staff. */
  source: string;
  created_at: string;
}

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  discount_code_id: number;
  user_id: number;
  payment_id: number;
  scope: string;
  created_at: string;
  released_at: string | null;
}

export interface SandboxPaymentsTable {
  id: string;
  reference: number;
  amount: number;
  currency: string;
  description: string;
  method: string;
  issuer: string | null;
  redirect_url: string;
  webhook_url: string;
  locale: string;
  status: string;
  settles_at: string | null;
  amount_refunded: Generated<number>;
  sequence: string | null;
  customer_id: string | null;
  mandate_id: string | null;
  created_at: string;
}

export interface TextsTable {
  id: Generated<number>;
  recipient: string;
  body: string;
  created_at: string;
}

export interface DirectDebitCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  iban: string;
  phone: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface DirectDebitsTable {
  payment_id: number;
  iban: string;
  account_holder: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  created_at: string;
}

export interface BlockedIbansTable {
  iban: string;
  reason: string;
  created_at: string;
}

export type BundleRow = Selectable<CreditBundlesTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
