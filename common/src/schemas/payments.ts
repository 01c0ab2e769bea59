/**
 * Credits for money: the bundles a member may buy, discount codes, and payments (transactions)
 * with every state they reach. Amounts are integers in minor units of their currency.
 */
import { z } from 'zod';
import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_VALIDITIES,
  PAYMENT_METHODS,
  PAYMENT_REFUSALS,
  PAYMENT_STATUSES,
  SANDBOX_OUTCOMES,
} from '../constants.js';
import { CURRENCIES } from '../money.js';
import { isValidIban, normalisePhone } from '../validation.js';
import { id } from './ids.js';
import { choice } from './members.js';
import { companyInfo } from './sites.js';
import { text } from './text.js';

const currency = z.enum(CURRENCIES);

export const creditBundle = z.object({
  id: z.number(),
  credits: z.number(),
  price: z.number(),
  currency,
  popular: z.boolean(),
  /** The trial package: a small first bundle, once per member. */
  trial: z.boolean(),
});
export type CreditBundle = z.infer<typeof creditBundle>;

/** What may be bought in a country, in its currency, and how. */
const priceList = z.object({
  country: z.string(),
  currency,
  bundles: z.array(creditBundle),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** What a message, a photo and a gift cost in credits in this country, as the chat charges them. */
  message_credits: z.number(),
  photo_credits: z.number(),
  gift_credits: z.number(),
  /** What a new member gets free of credits: the site's free messages, and conversations to start. */
  free_messages: z.number().int(),
  free_conversations: z.number().int(),
});

/** GET /api/credits.php: what the member may buy, in the payment country's currency, and how. */
export const creditsResponse = priceList.extend({
  /** Credits owed from refunded purchases spent already: the next credits bought pay them off. */
  debt: z.number().int(),
});
export type CreditsResponse = z.infer<typeof creditsResponse>;

/** GET /api/pricing.php: the public price list of a country the site sells in (its first unless asked). */
export const pricingQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'invalid_choice')
    .optional(),
});
export const pricingResponse = priceList.extend({ countries: z.array(z.string()) });
export type PricingResponse = z.infer<typeof pricingResponse>;

/** GET /api/ideal-banks.php: the banks an iDEAL payer may choose. */
export const idealBanksResponse = z.object({ banks: z.array(z.object({ id: z.string(), name: z.string() })) });

/** code: typed; welcome and time_bonus: new members' offers; retention: offered to a member about to leave. */
export const discountKind = z.enum(['code', 'welcome', 'time_bonus', 'retention']);

/** GET /api/discountcode.php: a code the member may use now (SPEC §3's fields). */
export const discountCode = z.object({
  code: z.string(),
  kind: discountKind,
  country: z.string().nullable(),
  user_id: z.number().nullable(),
  /** Until when it may be used: the code's own date, or the end of a new member's offer. */
  expires: z.string().nullable(),
  value_percentage: z.number(),
  currency: currency.nullable(),
  minimum_order_value: z.number(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(DISCOUNT_VALIDITIES),
  expired: z.boolean(),
  paymentmethods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
});
export type DiscountCode = z.infer<typeof discountCode>;

const code = text().trim().min(1, 'required').max(DISCOUNT_CODE_MAX_LENGTH, 'too_long');

export const discountCodeQuery = z.object({
  code: code.optional(),
  welcome: z.enum(['true', 'false']).optional(),
  /** Checks the code against this bundle's price, currency and country too. */
  bundle: id.optional(),
  method: choice(PAYMENT_METHODS).optional(),
});

/** POST /api/payment.php: buy a bundle; a retried call with the same client_id starts nothing new. */
export const startPaymentRequest = z.object({
  client_id: z.string().uuid('invalid'),
  bundle_id: id,
  method: choice(PAYMENT_METHODS),
  /** The bank, for iDEAL. */
  issuer: text().max(100, 'too_long').optional(),
  discount_code: code.optional(),
});
export type StartPaymentRequest = z.infer<typeof startPaymentRequest>;

export const transaction = z.object({
  id: z.number(),
  created_at: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  credits: z.number(),
  currency,
  /** The bundle's price, the discount taken off it, and what was charged (VAT included). */
  list_price: z.number(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number(),
  discount_amount: z.number(),
  amount: z.number(),
  /** Basis points: 2100 is 21%. */
  vat_rate: z.number(),
  vat_amount: z.number(),
  paid_at: z.string().nullable(),
  bundle_id: z.number(),
  /** A repeat charge of the saved card (no checkout). */
  recurring: z.boolean(),
  /** Why the payment brought no credits and is refunded; null for every other payment. */
  refusal: z.enum(PAYMENT_REFUSALS).nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const startPaymentResponse = z.object({
  transaction,
  /** Where the payer goes next: the provider's checkout, or null when nothing is left to do there. */
  checkout_url: z.string().nullable(),
});

/** One past purchase to buy again: its bundle as on sale now, how it was paid, and when. */
export const repeatOrder = z.object({
  bundle: creditBundle,
  method: z.enum(PAYMENT_METHODS),
  /** A card purchase is charged to the saved card, without a checkout. */
  saved_card: z.boolean(),
  transaction_id: z.number(),
  paid_at: z.string().nullable(),
});
export type RepeatOrder = z.infer<typeof repeatOrder>;

/** GET /api/repeat-order.php: the past purchases still on sale, newest first, each bundle and method once. */
export const repeatOrderResponse = z.object({ orders: z.array(repeatOrder) });
/** POST /api/repeat-order.php: buys the purchase of transaction_id again. */
export const repeatOrderRequest = z.object({ client_id: z.string().uuid('invalid'), transaction_id: id });

/** GET /api/retention-offer.php: what a member about to delete the account is offered instead. */
export const retentionOfferResponse = z.object({
  /** The trial package, for a member who never paid. */
  trial: creditBundle.nullable(),
  /** The company's delete_discount as a whole percentage; 0 when it gives none. */
  discount_percentage: z.number(),
});

/** POST /api/retention-offer.php: the member's own code for that discount, made once. */
export const retentionCodeResponse = z.object({ code: z.string() });

export const transactionsResponse = z.object({ transactions: z.array(transaction) });

export const transactionQuery = z.object({ id });

/** GET /api/transaction.php: one payment as an invoice, with the seller's details. */
export const transactionResponse = z.object({
  transaction,
  history: z.array(z.object({ status: z.enum(PAYMENT_STATUSES), at: z.string() })),
  company: companyInfo,
  site: z.string(),
});

/** POST /api/payment-webhook.php: Mollie posts `id=tr_…` as a form. */
export const paymentWebhookBody = z.object({ id: text().min(1, 'required').max(100, 'too_long') });

/** The sandbox provider's checkout page: what is paid and whether it is still open. */
export const sandboxCheckout = z.object({
  id: z.string(),
  amount: z.number(),
  currency,
  description: z.string(),
  method: z.enum(PAYMENT_METHODS),
  issuer: z.string().nullable(),
  open: z.boolean(),
  /** A card payment that saves the card for repeat orders (it may be made to decline them). */
  saves_card: z.boolean(),
  redirect_url: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckout>;

const sandboxId = z.string().min(1).max(100);
export const sandboxCheckoutQuery = z.object({ id: sandboxId });
export const sandboxDecision = z.object({ id: sandboxId, outcome: z.enum(SANDBOX_OUTCOMES) });
export const sandboxDecisionResponse = z.object({ redirect_url: z.string() });

/** The direct debit form (SPEC §3), without the code texted to the phone. */
export const directDebitForm = z.object({
  bundle_id: id,
  account_holder: text().trim().min(1, 'required').max(70, 'too_long'),
  iban: text()
    .max(42, 'iban_invalid')
    .refine((value) => isValidIban(value), 'iban_invalid'),
  street: text().trim().min(1, 'required').max(100, 'too_long'),
  house_number: text().trim().min(1, 'required').max(20, 'too_long'),
  zip: text().trim().min(1, 'required').max(12, 'too_long'),
  city: text().trim().min(1, 'required').max(80, 'too_long'),
  phone: text()
    .max(30, 'phone_invalid')
    .refine((value) => normalisePhone(value) !== null, 'phone_invalid'),
  discount_code: code.optional(),
});
export type DirectDebitForm = z.infer<typeof directDebitForm>;

/** POST /api/directdebit-code.php: texts a one-time code to the form's phone. */
export const directDebitCodeResponse = z.object({
  /** The phone it went to, all but its last digits hidden. */
  phone: z.string(),
  expires: z.string(),
});

/** POST /api/directdebit.php: the form again with the code and the attempt's client id. */
export const directDebitRequest = directDebitForm.extend({
  otp: text()
    .trim()
    .regex(/^\d{6}$/, 'otp_invalid'),
  client_id: z.string().uuid('invalid'),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequest>;
