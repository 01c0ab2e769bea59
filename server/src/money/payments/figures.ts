import { PAYMENT_STATUSES } from '@amora/common';
import { sql } from 'kysely';
import { dayOf, type FigurePeriod } from '../../platform/db/figures.js';
import type { Db } from '../../platform/db/index.js';
import type { PaymentStatus } from '../../platform/db/schema.js';

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

/** Every payment by status, each status named (0 for none): one grouped count, on the index payments_by_status. */
export async function countByStatus(db: Db): Promise<Record<PaymentStatus, number>> {
  const rows = await db
    .selectFrom('payments')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, 0])) as Record<PaymentStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
