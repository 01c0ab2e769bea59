import type { Db } from '../../platform/db/index.js';
import type { PaymentRow } from '../../platform/db/schema.js';

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
