import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 33: a payment paid for an offer the member had already had (a second trial package, a
 * second new member's offer) brings no credits and is refunded, asked of the provider once and
 * again only when it stays unanswered; the settling job finds payments by state and age. Credits
 * of a refunded purchase that were spent already are owed (where the site's refund_debt says so),
 * and the next credits bought pay them off.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('payments').addColumn('refusal', 'text').execute();
  await db.schema.alterTable('payments').addColumn('refund_asked_at', 'text').execute();
  await db.schema
    .alterTable('credit_accounts')
    .addColumn('debt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_by_status').on('payments').columns(['status', 'created_at']).execute();
}
