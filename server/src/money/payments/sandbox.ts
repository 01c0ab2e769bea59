/**
 * The sandbox provider: a payment provider that lives in this app, for development and demos. Its
 * hosted checkout page (/sandbox/checkout/<id>) lets the payer pick the outcome; then it tells
 * the payments domain, as a provider's webhook would, and sends the payer back.
 */
import { randomBytes } from 'node:crypto';
import type { Currency, PaymentMethod, SandboxCheckout, SandboxOutcome } from '@amora/common';
import { sql } from 'kysely';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import { DomainError } from '../../platform/errors.js';
import {
  type Issuer,
  type NewProviderPayment,
  PaymentNotFound,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
} from './provider.js';

/** A pending sandbox payment is paid this long after the payer chose "pending". */
export const SANDBOX_SETTLE_SECONDS = 5;
/** A checkout nobody decides expires after this long, as a real provider's does. */
export const SANDBOX_CHECKOUT_MINUTES = 15;

const IDEAL_BANKS: Issuer[] = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
  { id: 'ideal_BUNQNL2A', name: 'bunq' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_KNABNL2H', name: 'Knab' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_RBRBNL21', name: 'RegioBank' },
  { id: 'ideal_SNSBNL2A', name: 'SNS' },
  { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
];

/** A saved card whose later charges the payer chose to have declined. */
const DECLINING_MANDATE = 'mdt_declines';
/** A direct debit mandate: its collections are pending, and paid a few seconds later. */
const DIRECT_DEBIT_MANDATE = 'mdt_dd';

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

type Row = NonNullable<Awaited<ReturnType<typeof findRow>>>;

function findRow(db: Db, id: string) {
  return db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

function toProviderPayment(row: Row, checkoutBase: string): ProviderPayment {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as ProviderStatus,
    method: row.method as PaymentMethod,
    amount: { value: row.amount, currency: row.currency as Currency },
    checkoutUrl: row.status === 'open' ? `${checkoutBase}${row.id}` : null,
    amountRefunded: row.amount_refunded,
    amountChargedBack: 0,
    customerId: row.customer_id,
    mandateId: row.mandate_id,
  };
}

export interface SandboxProvider extends PaymentProvider {
  /** Where each change is announced, as a webhook would; the payments domain listens. */
  onChange(listener: (id: string) => Promise<void>): void;
  checkout(id: string): Promise<SandboxCheckout>;
  /** The payer's choice on the checkout page; returns where the payer goes next. */
  decide(id: string, outcome: SandboxOutcome): Promise<string>;
}

function recurringOutcome(payment: NewProviderPayment): ProviderStatus {
  const mandate = payment.sequence?.type === 'recurring' ? payment.sequence.mandateId : '';
  if (mandate.startsWith(DIRECT_DEBIT_MANDATE)) return 'pending';
  return mandate.startsWith(DECLINING_MANDATE) ? 'failed' : 'paid';
}

/**
 * `checkoutBase(origin)` is the checkout page's address up to the id, for the site the payer
 * came from (the redirect URL's origin).
 */
export function createSandboxProvider(db: Db, clock: Clock): SandboxProvider {
  let listener: (id: string) => Promise<void> = async () => {};
  const announce = (id: string) =>
    listener(id).catch(() => {
      // A provider tries again later; the payer's return and the next look settle it meanwhile.
    });

  const checkoutBaseOf = (redirectUrl: string) => `${new URL(redirectUrl).origin}/sandbox/checkout/`;

  async function settled(row: Row): Promise<Row> {
    const now = clock.now();
    if (row.status === 'open' && addMinutes(new Date(row.created_at), SANDBOX_CHECKOUT_MINUTES) <= now) {
      return setStatus(row, 'expired');
    }
    if (row.status !== 'pending' || !row.settles_at || new Date(row.settles_at) > now) return row;
    return setStatus(row, 'paid');
  }

  async function setStatus(row: Row, status: ProviderStatus, { cardDeclinesLater = false } = {}): Promise<Row> {
    const savesCard = status === 'paid' && row.sequence === 'first';
    const mandate = savesCard ? newId(cardDeclinesLater ? DECLINING_MANDATE : 'mdt') : row.mandate_id;
    const updated = await db
      .updateTable('sandbox_payments')
      .set({ status, mandate_id: mandate })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returningAll()
      .executeTakeFirst();
    return updated ?? (await findRow(db, row.id)) ?? row;
  }

  async function load(id: string): Promise<Row> {
    const row = await findRow(db, id);
    if (!row) throw new PaymentNotFound(id);
    return settled(row);
  }

  return {
    name: 'sandbox',
    checkoutMinutes: SANDBOX_CHECKOUT_MINUTES,

    onChange(next) {
      listener = next;
    },

    async idealIssuers() {
      return IDEAL_BANKS;
    },

    async createCustomer() {
      return newId('cst');
    },

    async createMandate() {
      return newId(DIRECT_DEBIT_MANDATE);
    },

    async createPayment(payment: NewProviderPayment) {
      const id = newId('tr');
      const recurring = payment.sequence?.type === 'recurring';
      const status = recurring ? recurringOutcome(payment) : 'open';
      await db
        .insertInto('sandbox_payments')
        .values({
          id,
          reference: payment.reference,
          amount: payment.amount.value,
          currency: payment.amount.currency,
          description: payment.description,
          method: payment.method,
          issuer: payment.issuer ?? null,
          redirect_url: payment.redirectUrl,
          webhook_url: payment.webhookUrl,
          locale: payment.locale,
          // A saved card is charged at once, without the payer; a direct debit is collected later.
          status,
          settles_at: status === 'pending' ? addMinutes(clock.now(), SANDBOX_SETTLE_SECONDS / 60).toISOString() : null,
          sequence: payment.sequence?.type ?? null,
          customer_id: payment.sequence?.customerId ?? null,
          mandate_id: payment.sequence?.type === 'recurring' ? payment.sequence.mandateId : null,
          created_at: clock.now().toISOString(),
        })
        .execute();
      if (recurring) void announce(id);
      if (status === 'pending') setTimeout(() => void announce(id), SANDBOX_SETTLE_SECONDS * 1000 + 100).unref();
      return toProviderPayment(await load(id), checkoutBaseOf(payment.redirectUrl));
    },

    async getPayment(id) {
      const row = await load(id);
      return toProviderPayment(row, checkoutBaseOf(row.redirect_url));
    },

    async refund(id, amount) {
      await load(id);
      // Decided in one statement: two refunds at once cannot both pass the check.
      const refunded = await db
        .updateTable('sandbox_payments')
        .set({ amount_refunded: sql`amount_refunded + ${amount.value}` })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .where(sql<boolean>`amount_refunded + ${amount.value} <= amount`)
        .returning('id')
        .executeTakeFirst();
      if (!refunded) throw new Error(`sandbox payment ${id} cannot refund ${amount.value}`);
      void announce(id);
    },

    async checkout(id) {
      const row = await findRow(db, id);
      if (!row) throw new DomainError('not_found');
      return {
        id: row.id,
        amount: row.amount,
        currency: row.currency as Currency,
        description: row.description,
        method: row.method as PaymentMethod,
        issuer: IDEAL_BANKS.find((bank) => bank.id === row.issuer)?.name ?? null,
        open: row.status === 'open',
        saves_card: row.sequence === 'first',
        redirect_url: row.redirect_url,
      };
    },

    async decide(id, outcome) {
      const row = await findRow(db, id);
      if (!row) throw new DomainError('not_found');
      // A second click (or the back button) changes nothing: the payment was decided.
      if (row.status !== 'open') return row.redirect_url;
      if (outcome === 'pending') {
        const settlesAt = addMinutes(clock.now(), SANDBOX_SETTLE_SECONDS / 60);
        await db
          .updateTable('sandbox_payments')
          .set({ status: 'pending', settles_at: settlesAt.toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .execute();
        setTimeout(() => void announce(id), SANDBOX_SETTLE_SECONDS * 1000 + 100).unref();
      } else if (outcome === 'paid_card_declines') {
        await setStatus(row, 'paid', { cardDeclinesLater: true });
      } else {
        await setStatus(row, outcome);
      }
      await announce(id);
      return row.redirect_url;
    },
  };
}
