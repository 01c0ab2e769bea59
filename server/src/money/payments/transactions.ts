/** The member's own payments as transactions: the list, one with its history, and how each is shown. */
import type { PaymentMethod, Transaction } from '@amora/common';
import { accountActor, authorize } from '../../access/authorize.js';
import type { Member } from '../../identity/member.js';
import type { PaymentRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import type { PaymentsDeps } from './deps.js';
import { ProviderUnavailable } from './provider.js';
import * as queries from './queries.js';
import type { PaymentStates } from './states.js';

function present(row: PaymentRow, code: string | null): Transaction {
  return {
    id: row.id,
    created_at: row.created_at,
    status: row.status,
    method: row.method as PaymentMethod,
    credits: row.credits,
    currency: row.currency as Transaction['currency'],
    list_price: row.list_price,
    discount_code: code,
    discount_percentage: row.discount_percentage,
    discount_amount: row.discount_amount,
    amount: row.amount,
    vat_rate: row.vat_rate,
    vat_amount: row.vat_amount,
    paid_at: row.paid_at,
    bundle_id: row.bundle_id,
    recurring: row.sequence === 'recurring',
    refusal: row.refusal,
  };
}

export type Transactions = ReturnType<typeof createTransactions>;

export function createTransactions({ db, credits, sites }: PaymentsDeps, states: PaymentStates) {
  async function codeOf(row: PaymentRow): Promise<string | null> {
    if (row.discount_code_id === null) return null;
    return (await credits.discountCodeById(row.discount_code_id))?.code ?? null;
  }

  async function presentRow(row: PaymentRow) {
    return present(row, await codeOf(row));
  }

  async function ownPayment(member: Member, id: number): Promise<PaymentRow> {
    const row = await queries.findPayment(db, id);
    if (!row) throw new DomainError('not_found');
    authorize(accountActor(member.userId), 'payment.read', { ownerUserId: row.user_id });
    return row;
  }

  return {
    presentRow,

    /** The member's payment, asked of the provider first while it is still open (the return from checkout). */
    async transaction(site: Site, member: Member, id: number) {
      let row = await ownPayment(member, id);
      if (row.status === 'created' || row.status === 'pending') {
        try {
          row = await states.sync(row, 'return');
        } catch (error) {
          // The provider is away: show what we know; its webhook or the next look will tell.
          if (!(error instanceof ProviderUnavailable)) throw error;
        }
      }
      return {
        transaction: await presentRow(row),
        history: (await queries.eventsOf(db, row.id)).map((event) => ({ status: event.status, at: event.created_at })),
        company: await sites.companyInfo(site),
        site: site.name,
      };
    },

    async transactions(member: Member) {
      const rows = await queries.paymentsOf(db, member.userId);
      return { transactions: await Promise.all(rows.map(presentRow)) };
    },
  };
}
