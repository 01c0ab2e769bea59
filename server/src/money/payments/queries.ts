import type { PaymentRefusal } from '@amora/common';
import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type {
  DirectDebitCodesTable,
  DirectDebitsTable,
  PaymentEventsTable,
  PaymentRow,
  PaymentStatus,
  PaymentsTable,
} from '../../platform/db/schema.js';

export function findPayment(db: Db, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByClientId(db: Db, userId: number, clientId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export function findByProviderId(db: Db, provider: string, providerId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** The member's payments the provider has not decided yet, at most a few. */
export function openPaymentsOf(db: Db, userId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['created', 'pending'])
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
}

export interface StaffPaymentFilter {
  siteId?: number;
  status?: PaymentStatus;
  method?: string;
  userId?: number;
  /** Keyset paging: payments older than this id. */
  before?: number;
  limit: number;
}

/** Payments for staff, newest first, filtered. */
export function paymentsForStaff(db: Db, filter: StaffPaymentFilter): Promise<PaymentRow[]> {
  let query = db.selectFrom('payments').selectAll();
  if (filter.siteId !== undefined) query = query.where('site_id', '=', filter.siteId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.method !== undefined) query = query.where('method', '=', filter.method);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

export function paymentsOf(db: Db, userId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export function insertPayment(db: Db, row: Insertable<PaymentsTable>): Promise<PaymentRow> {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertEvent(db: Db, row: Insertable<PaymentEventsTable>): Promise<void> {
  await db.insertInto('payment_events').values(row).execute();
}

export function eventsOf(db: Db, paymentId: number) {
  return db
    .selectFrom('payment_events')
    .select(['status', 'created_at'])
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
}

/** The provider's id, once; the payment it names is then found by it. */
export async function linkProvider(
  db: Db,
  id: number,
  providerId: string,
  checkoutUrl: string | null,
  now: string,
): Promise<PaymentRow> {
  return db
    .updateTable('payments')
    .set({ provider_id: providerId, checkout_url: checkoutUrl, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves the payment on only if it is still in the state the caller read; false when another got there first. */
export async function moveStatus(
  db: Db,
  id: number,
  from: PaymentStatus,
  to: PaymentStatus,
  changes: Partial<Pick<PaymentRow, 'updated_at' | 'paid_at' | 'mandate_id'>>,
): Promise<boolean> {
  const row = await db
    .updateTable('payments')
    .set({ status: to, ...changes })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** True for the one caller that marks the payment credited. */
export async function markCredited(db: Db, id: number): Promise<boolean> {
  const row = await db
    .updateTable('payments')
    .set({ credited: 1 })
    .where('id', '=', id)
    .where('credited', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's purchases that brought credits (paid, or paid and refunded since). */
const creditedPayments = (db: Db, userId: number) =>
  db.selectFrom('payments').where('user_id', '=', userId).where('credited', '=', 1).where('refusal', 'is', null);

/** The member's other purchases that brought credits, with their discount codes. */
export function creditedPaymentsOf(db: Db, userId: number, exceptId: number) {
  return creditedPayments(db, userId).select(['id', 'discount_code_id']).where('id', '<>', exceptId).execute();
}

/** Whether the member ever bought credits: the trial package and new members' offers are for those who did not. */
export async function hasBoughtCredits(db: Db, userId: number): Promise<boolean> {
  return (await creditedPayments(db, userId).select('id').executeTakeFirst()) !== undefined;
}

/** Whether a purchase of the member's is paid and not refunded or charged back: what premium follows. */
export async function hasPaidPurchase(db: Db, userId: number): Promise<boolean> {
  return (await paymentsIn(db, userId, 'paid').where('refusal', 'is', null).executeTakeFirst()) !== undefined;
}

/** The member's payments in a state, by id. */
const paymentsIn = (db: Db, userId: number, status: PaymentStatus) =>
  db.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '=', status);

export async function setRefusal(db: Db, id: number, refusal: PaymentRefusal): Promise<void> {
  await db.updateTable('payments').set({ refusal }).where('id', '=', id).execute();
}

export async function setRefundedCredits(db: Db, id: number, credits: number): Promise<void> {
  await db.updateTable('payments').set({ refunded_credits: credits }).where('id', '=', id).execute();
}

/** The member's paid payments, newest first: the orders to buy again. */
export function paidOf(db: Db, userId: number, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The member's customer at the provider, from an earlier card payment. */
export async function customerOf(db: Db, userId: number, provider: string): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('customer_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** The newest paid card payment that left a mandate: the saved card a repeat order charges. */
export function cardMandateOf(db: Db, userId: number, provider: string) {
  return db
    .selectFrom('payments')
    .select(['customer_id', 'mandate_id'])
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('method', '=', 'creditcard')
    .where('status', '=', 'paid')
    .where('mandate_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertDirectDebit(db: Db, row: Insertable<DirectDebitsTable>): Promise<void> {
  await db.insertInto('direct_debits').values(row).execute();
}

/** The account of a direct debit that came back (failed or charged back) is refused from now on. */
export async function blockIbanOf(db: Db, paymentId: number, reason: string, now: string): Promise<void> {
  const debit = await db
    .selectFrom('direct_debits')
    .select('iban')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!debit) return;
  await db
    .insertInto('blocked_ibans')
    .values({ iban: debit.iban, reason, created_at: now })
    .onConflict((oc) => oc.column('iban').doNothing())
    .execute();
}

export async function isIbanBlocked(db: Db, iban: string): Promise<boolean> {
  return (
    (await db.selectFrom('blocked_ibans').select('iban').where('iban', '=', iban).executeTakeFirst()) !== undefined
  );
}

export async function hasChargeback(db: Db, userId: number): Promise<boolean> {
  return (await paymentsIn(db, userId, 'charged_back').executeTakeFirst()) !== undefined;
}

/** The member's direct debits not yet collected, and all started since `since`. */
export async function directDebitCounts(db: Db, userId: number, since: string) {
  const row = await db
    .selectFrom('payments')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('created_at', '>=', since).as('recent'),
      eb.fn.countAll<number>().filterWhere('status', 'in', ['created', 'pending']).as('open'),
    ])
    .where('user_id', '=', userId)
    .where('method', '=', 'directdebit')
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), recent: Number(row.recent) };
}

/** A new code for the member; any code sent before stops working. */
export async function replaceDirectDebitCode(db: Db, row: Insertable<DirectDebitCodesTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('direct_debit_codes')
      .set({ used_at: row.created_at })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('direct_debit_codes').values(row).execute();
  });
}

/**
 * Counts one try of the member's current code, while it holds and has tries left; returns the code
 * as it was sent, or nothing.
 */
export function tryDirectDebitCode(db: Db, userId: number, now: string, maxAttempts: number) {
  return db
    .updateTable('direct_debit_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['id', 'code_hash', 'iban', 'phone'])
    .executeTakeFirst();
}

/** True for the one caller that uses the code. */
export async function useDirectDebitCode(db: Db, id: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('direct_debit_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
