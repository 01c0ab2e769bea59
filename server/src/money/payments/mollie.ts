/**
 * Mollie as the payment provider, over its REST API v2 with plain fetch.
 *
 * Not the official @mollie/api-client: it always sends through an https.Agent pinned to its own
 * bundled CA list, so its apiEndpoint option cannot point at a local fake (plain http fails with
 * 'Protocol "http:" not supported'); it also has no timeout, and it retries a 5xx for seconds.
 */
import { CURRENCIES, type Currency, decimalToMinor, type Locale, minorToDecimal, PAYMENT_METHODS } from '@amora/common';
import { z } from 'zod';
import {
  type Issuer,
  type Money,
  type NewProviderPayment,
  PaymentNotFound,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
  ProviderUnavailable,
} from './provider.js';

const DEFAULT_ENDPOINT = 'https://api.mollie.com/v2/';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Mollie's longest checkout among the methods offered: a PayPal payment expires after three hours. */
const MOLLIE_CHECKOUT_MINUTES = 3 * 60;

/** Mollie knows one locale per language of ours; its checkout speaks it. */
const MOLLIE_LOCALES: Record<Locale, string> = {
  da: 'da_DK',
  de: 'de_DE',
  en: 'en_US',
  es: 'es_ES',
  fi: 'fi_FI',
  fr: 'fr_FR',
  it: 'it_IT',
  nb: 'nb_NO',
  nl: 'nl_NL',
  pl: 'pl_PL',
  sv: 'sv_SE',
};

const STATUSES: Record<string, ProviderStatus> = {
  open: 'open',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/** Mollie's ids are a prefix and letters and digits; anything else never reaches a URL path. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;

const amountSchema = z.object({ currency: z.string(), value: z.string() });
const paymentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: amountSchema,
  amountRefunded: amountSchema.nullish(),
  amountChargedBack: amountSchema.nullish(),
  method: z.string().nullish(),
  metadata: z.unknown(),
  customerId: z.string().nullish(),
  mandateId: z.string().nullish(),
  _links: z.object({ checkout: z.object({ href: z.string() }).nullish() }).nullish(),
});
const customerSchema = z.object({ id: z.string() });
const methodSchema = z.object({ issuers: z.array(z.object({ id: z.string(), name: z.string() })).nullish() });
const errorSchema = z.object({ detail: z.string() });

type MolliePayment = z.infer<typeof paymentSchema>;

function toMollieAmount(money: Money): { currency: string; value: string } {
  return { currency: money.currency, value: minorToDecimal(money.value) };
}

function toMoney(amount: { currency: string; value: string }): Money {
  const currency = CURRENCIES.find((known) => known === amount.currency);
  if (!currency) throw new Error(`Mollie answered an amount in ${amount.currency}, a currency we do not charge in`);
  return { currency, value: decimalToMinor(amount.value) };
}

function minorOf(amount: { currency: string; value: string } | null | undefined, currency: Currency): number {
  if (!amount) return 0;
  const money = toMoney(amount);
  if (money.currency !== currency)
    throw new Error(`Mollie answered a ${money.currency} amount on a ${currency} payment`);
  return money.value;
}

function toProviderPayment(payment: MolliePayment): ProviderPayment {
  const status = STATUSES[payment.status];
  if (!status) throw new Error(`Mollie answered payment ${payment.id} with an unknown status "${payment.status}"`);
  const amount = toMoney(payment.amount);
  const reference = (payment.metadata as { reference?: unknown } | null)?.reference;
  return {
    id: payment.id,
    reference: Number.isSafeInteger(reference) ? (reference as number) : null,
    status,
    method: PAYMENT_METHODS.find((method) => method === payment.method) ?? null,
    amount,
    checkoutUrl: payment._links?.checkout?.href ?? null,
    amountRefunded: minorOf(payment.amountRefunded, amount.currency),
    amountChargedBack: minorOf(payment.amountChargedBack, amount.currency),
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
  };
}

/**
 * A recurring payment is charged on the mandate without the payer: Mollie takes the method from the
 * mandate (a first iDEAL payment leaves a direct debit mandate), so there is no method, bank or
 * redirect to send.
 */
function paymentBody(payment: NewProviderPayment): Record<string, unknown> {
  const body: Record<string, unknown> = {
    amount: toMollieAmount(payment.amount),
    description: payment.description,
    webhookUrl: payment.webhookUrl,
    locale: MOLLIE_LOCALES[payment.locale],
    metadata: { reference: payment.reference },
  };
  const sequence = payment.sequence;
  if (sequence?.type === 'recurring') {
    return { ...body, customerId: sequence.customerId, sequenceType: 'recurring', mandateId: sequence.mandateId };
  }
  Object.assign(body, { redirectUrl: payment.redirectUrl, method: payment.method });
  if (payment.method === 'ideal' && payment.issuer) body.issuer = payment.issuer;
  if (sequence) Object.assign(body, { customerId: sequence.customerId, sequenceType: 'first' });
  return body;
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

type Request = <T>(
  method: 'GET' | 'POST',
  path: string,
  schema: z.ZodType<T>,
  options?: { body?: unknown; notFound?: () => Error },
) => Promise<T>;

function createRequest(apiKey: string, endpoint: string, timeoutMs: number): Request {
  const base = endpoint.endsWith('/') ? endpoint : `${endpoint}/`;
  return async (method, path, schema, options = {}) => {
    const what = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(new URL(path, base), {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/hal+json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        // Covers reading the body too: a Mollie that stops halfway is as unavailable as one that never answers.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new ProviderUnavailable(`Mollie did not answer ${what}: ${reason(error)}`, { cause: error });
    }
    // Too many requests decides nothing either: the caller may try again later.
    if (status >= 500 || status === 429) throw new ProviderUnavailable(`Mollie answered ${what} with ${status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status >= 400) {
      if (status === 404 && options.notFound) throw options.notFound();
      const detail = errorSchema.safeParse(json).data?.detail ?? `status ${status}`;
      throw new Error(`Mollie refused ${what}: ${detail}`);
    }
    // Something between us and Mollie (a captive proxy, say) answered instead of Mollie.
    if (json === undefined) throw new ProviderUnavailable(`Mollie answered ${what} with ${status} and no JSON`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`Mollie answered ${what} with an unexpected body: ${parsed.error.message}`);
    return parsed.data;
  };
}

export function createMollieProvider(options: {
  apiKey: string;
  apiEndpoint?: string;
  /** Per call, reading the answer included. */
  timeoutMs?: number;
}): PaymentProvider {
  // The key stays in this closure: the provider object holds nothing that a log line could print.
  const request = createRequest(
    options.apiKey,
    options.apiEndpoint ?? DEFAULT_ENDPOINT,
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  const paymentPath = (id: string): string => {
    if (!PAYMENT_ID.test(id)) throw new PaymentNotFound(`"${id}" is not a Mollie payment id`);
    return `payments/${id}`;
  };
  const notFound = (id: string) => () => new PaymentNotFound(`Mollie knows no payment ${id}`);

  return {
    name: 'mollie',
    checkoutMinutes: MOLLIE_CHECKOUT_MINUTES,

    async idealIssuers(): Promise<Issuer[]> {
      const method = await request('GET', 'methods/ideal?include=issuers', methodSchema);
      return (method.issuers ?? []).map(({ id, name }) => ({ id, name }));
    },

    async createCustomer(customer: { name: string; email: string }): Promise<string> {
      const created = await request('POST', 'customers', customerSchema, {
        body: { name: customer.name, email: customer.email },
      });
      return created.id;
    },

    async createMandate(customerId: string, account: { holder: string; iban: string }): Promise<string> {
      if (!/^cst_[A-Za-z0-9]+$/.test(customerId)) throw new Error(`"${customerId}" is not a Mollie customer id`);
      const created = await request('POST', `customers/${customerId}/mandates`, customerSchema, {
        body: { method: 'directdebit', consumerName: account.holder, consumerAccount: account.iban },
      });
      return created.id;
    },

    async createPayment(payment: NewProviderPayment): Promise<ProviderPayment> {
      return toProviderPayment(await request('POST', 'payments', paymentSchema, { body: paymentBody(payment) }));
    },

    async getPayment(id: string): Promise<ProviderPayment> {
      return toProviderPayment(await request('GET', paymentPath(id), paymentSchema, { notFound: notFound(id) }));
    },

    async refund(id: string, amount: Money, description: string): Promise<void> {
      await request('POST', `${paymentPath(id)}/refunds`, z.unknown(), {
        body: { amount: toMollieAmount(amount), description },
        notFound: notFound(id),
      });
    },
  };
}
