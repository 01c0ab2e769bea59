import type { PaymentRefusal } from '@amora/common';
import { type Insertable, sql } from 'kysely';
import { dayOf, type FigurePeriod } from '../platform/db/figures.js';
import type { Db } from '../platform/db/index.js';
import type {
  DirectDebitCodesTable,
  DirectDebitsTable,
  PaymentEventsTable,
  PaymentRow,
  PaymentStatus,
  PaymentsTable,
} from '../platform/db/schema.js';

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

/**
 * Claims the refund of a paid payment for the caller: true unless it was asked of the provider
 * less than `staleBefore` ago (and not given back since). One statement: of callers at once, one
 * asks the provider.
 */
export async function claimRefund(db: Db, id: number, now: string, staleBefore: string): Promise<boolean> {
  const row = await db
    .updateTable('payments')
    .set({ refund_asked_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where((eb) => eb.or([eb('refund_asked_at', 'is', null), eb('refund_asked_at', '<', staleBefore)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The provider refused to refund: the next try may claim it at once. */
export async function releaseRefundClaim(db: Db, id: number): Promise<void> {
  await db.updateTable('payments').set({ refund_asked_at: null }).where('id', '=', id).execute();
}

/** Refused payments still paid: refunds never asked, or asked long ago without word from the provider. */
export function refusedUnrefunded(db: Db, staleBefore: string) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'paid')
    .where('refusal', 'is not', null)
    .where((eb) => eb.or([eb('refund_asked_at', 'is', null), eb('refund_asked_at', '<', staleBefore)]))
    .orderBy('id')
    .limit(100)
    .execute();
}

/**
 * Payments still `created` since before `before`: their checkout has ended, so either the provider
 * never heard of them (the process or the database failed in between) or its word was lost.
 */
export function abandonedPayments(db: Db, before: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'created')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(100)
    .execute();
}

export async function setRefundedCredits(db: Db, id: number, credits: number): Promise<void> {
  await db.updateTable('payments').set({ refunded_credits: credits }).where('id', '=', id).execute();
}

/** The member's newest paid purchase. */
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

/** The payments made (paid at the provider) in the period, whatever became of them since. */
function paidIn(db: Db, period: FigurePeriod) {
  let query = db.selectFrom('payments as p').where('p.paid_at', '>=', period.from).where('p.paid_at', '<', period.to);
  if (period.siteId !== undefined) query = query.where('p.site_id', '=', period.siteId);
  return query;
}

/**
 * Members who paid in the period, and the payments in it that were their member's first (no
 * payment of theirs was paid before it, on the index payments_paid_by_user).
 */
export async function purchaseFigures(db: Db, period: FigurePeriod) {
  const row = await paidIn(db, period)
    .select((eb) => [
      eb.fn.count<number | string>('p.user_id').distinct().as('paying_members'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('payments as e')
                    .select(sql.lit(1).as('one'))
                    .whereRef('e.user_id', '=', 'p.user_id')
                    .where((earlier) =>
                      earlier.or([
                        earlier('e.paid_at', '<', earlier.ref('p.paid_at')),
                        earlier.and([
                          earlier('e.paid_at', '=', earlier.ref('p.paid_at')),
                          earlier('e.id', '<', earlier.ref('p.id')),
                        ]),
                      ]),
                    ),
                ),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('first_purchases'),
    ])
    .executeTakeFirstOrThrow();
  return { payingMembers: Number(row.paying_members), firstPurchases: Number(row.first_purchases ?? 0) };
}

const amountIf = (status: PaymentStatus) => sql<number>`case when p.status = ${status} then p.amount else 0 end`;

/** Per currency, the period's payments: in all, refunded and charged back since (minor units). */
export async function revenueFigures(db: Db, period: FigurePeriod) {
  const rows = await paidIn(db, period)
    .select((eb) => [
      'p.currency',
      eb.fn.sum<number | string>('p.amount').as('gross'),
      eb.fn.sum<number | string>(amountIf('refunded')).as('refunded'),
      eb.fn.sum<number | string>(amountIf('charged_back')).as('charged_back'),
    ])
    .groupBy('p.currency')
    .orderBy('p.currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    gross: Number(row.gross),
    refunded: Number(row.refunded),
    chargedBack: Number(row.charged_back),
  }));
}

/** Per UTC day and currency, what the day's payments still bring in (neither refunded nor charged back). */
export async function revenueByDay(db: Db, period: FigurePeriod) {
  const day = sql<string>`${sql.raw(dayOf('p.paid_at'))}`;
  const rows = await paidIn(db, period)
    .select((eb) => [day.as('day'), 'p.currency', eb.fn.sum<number | string>(amountIf('paid')).as('net')])
    .groupBy([day, 'p.currency'])
    .orderBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, currency: row.currency, net: Number(row.net) }));
}
