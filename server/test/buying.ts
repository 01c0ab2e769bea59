/**
 * Buying credits as a member does in the API tests: a member in a country, the offer, a payment
 * started and decided on the sandbox checkout, the webhook as the provider sends it.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxOutcome } from '@amora/common';
import { expect } from 'vitest';
import type { Site } from '../src/platform/site.js';
import { type BuiltMember, buildMember, client, loggedIn, type TestApp, type TestClient } from './helpers.js';

export interface Buyer extends BuiltMember {
  visitor: TestClient;
}

export interface Offer {
  country: string;
  currency: string;
  bundles: { id: number; credits: number; price: number; currency: string; popular: boolean; trial: boolean }[];
  methods: string[];
  debt: number;
}

export interface Transaction {
  id: number;
  status: string;
  credits: number;
  list_price: number;
  discount_amount: number;
  discount_code: string | null;
  amount: number;
  vat_rate: number;
  vat_amount: number;
  paid_at: string | null;
  refusal: string | null;
}

export function buyingKit(t: TestApp) {
  /** A member who may buy, of the demo site unless `site` is given. */
  async function buyer(options: { country?: string; signedUpHoursAgo?: number; site?: Site } = {}): Promise<Buyer> {
    const { site } = options;
    const member = await buildMember(t.services, { credits: 0, ...(site && { site }) });
    await t.db
      .updateTable('profiles')
      .set({ country: options.country ?? 'NL' })
      .where('id', '=', member.profileId)
      .execute();
    const signup = new Date(t.clock.now().getTime() - (options.signedUpHoursAgo ?? 48) * 3_600_000);
    await t.db
      .updateTable('users')
      .set({ signup_date: signup.toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    return { ...member, visitor: await loggedIn(t.app, member, site && { host: site.domain }) };
  }

  async function offerOf(who: Buyer): Promise<Offer> {
    const response = await who.visitor.get('/api/credits.php');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function bundleOf(who: Buyer, credits: number) {
    const bundle = (await offerOf(who)).bundles.find((b) => b.credits === credits);
    if (!bundle) throw new Error(`no bundle of ${credits} credits`);
    return bundle;
  }

  function start(who: Buyer, body: Record<string, unknown>) {
    return who.visitor.post('/api/payment.php', { client_id: randomUUID(), method: 'ideal', ...body });
  }

  async function started(who: Buyer, body: Record<string, unknown>) {
    const response = await start(who, body);
    expect(response.statusCode, response.body).toBe(200);
    const { transaction, checkout_url } = response.json() as { transaction: Transaction; checkout_url: string };
    return { transaction, checkoutId: new URL(checkout_url).pathname.split('/').pop() as string };
  }

  /** The payer's choice on the sandbox checkout page. */
  async function decide(checkoutId: string, outcome: SandboxOutcome) {
    const response = await client(t.app).post('/api/sandbox-checkout.php', { id: checkoutId, outcome });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { redirect_url: string };
  }

  async function transactionOf(who: Buyer, id: number) {
    const response = await who.visitor.get(`/api/transaction.php?id=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { transaction: Transaction; history: { status: string }[]; company: { name: string } };
  }

  async function userOf(who: Buyer) {
    return (await who.visitor.get('/api/user.php')).json().user as { credits: number; paid_user: boolean };
  }

  /** The webhook as a provider sends it: a form with the payment's id at the provider. */
  function webhook(providerId: string) {
    return client(t.app).post('/api/payment-webhook.php', Buffer.from(`id=${encodeURIComponent(providerId)}`), {
      clientHeader: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async function providerIdOf(paymentId: number): Promise<string> {
    const row = await t.db
      .selectFrom('payments')
      .select('provider_id')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    return row.provider_id as string;
  }

  return { buyer, offerOf, bundleOf, start, started, decide, transactionOf, userOf, webhook, providerIdOf };
}
