import { type Kysely, sql } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 13: credit bundles per site and country, discount codes and who used them, payments with
 * every state they passed through, and the sandbox provider's own record of its payments.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('credit_bundles'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    // Minor units of the currency, VAT included.
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
    // The trial package: offered once, to members who have never paid.
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    // Retired bundles stay for the payments that name them.
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_bundles_offer').on('credit_bundles').columns(['site_id', 'country']).execute();

  await addId(db.schema.createTable('discount_codes'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // Stored in capitals; members may type it in any case.
    .addColumn('code', 'text', (c) => c.notNull())
    // code: typed by the member; welcome and time_bonus: offered by the site to new members.
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('code'))
    .addColumn('country', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires', 'text')
    .addColumn('value_percentage', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text')
    .addColumn('minimum_order_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('validity', 'text', (c) => c.notNull())
    // JSON list of payment methods, or null for all.
    .addColumn('paymentmethods', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('discount_codes_code', ['site_id', 'code'])
    .execute();

  await addId(db.schema.createTable('payments'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The client's id for the attempt: a retried start finds the payment it made.
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'integer', (c) => c.notNull().references('credit_bundles.id'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('list_price', 'integer', (c) => c.notNull())
    .addColumn('discount_code_id', 'integer', (c) => c.references('discount_codes.id'))
    .addColumn('discount_percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('vat_rate', 'integer', (c) => c.notNull())
    .addColumn('vat_amount', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('checkout_url', 'text')
    // oneoff, first (leaves a card mandate) or recurring (charges it).
    .addColumn('sequence', 'text', (c) => c.notNull().defaultTo('oneoff'))
    .addColumn('status', 'text', (c) => c.notNull())
    // Set once, in the transaction that adds the credits.
    .addColumn('credited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_id', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addUniqueConstraint('payments_client_id', ['user_id', 'client_id'])
    .execute();
  await db.schema.createIndex('payments_by_user').on('payments').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('payments_provider_id')
    .unique()
    .on('payments')
    .columns(['provider', 'provider_id'])
    .execute();

  // Append-only: every state a payment reached, when, and who said so.
  await addId(db.schema.createTable('payment_events'), engine)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_events_by_payment').on('payment_events').columns(['payment_id', 'id']).execute();

  // A code held by a payment; released when that payment fails, so the member may use it again.
  await addId(db.schema.createTable('discount_redemptions'), engine)
    .addColumn('discount_code_id', 'integer', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    // What may be held once: the code (single use), the code and member (once per user) or the payment.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await db.schema
    .createIndex('discount_redemptions_held')
    .unique()
    .on('discount_redemptions')
    .column('scope')
    .where(sql.ref('released_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('discount_redemptions_by_payment')
    .on('discount_redemptions')
    .column('payment_id')
    .execute();

  // The sandbox provider's side: what a real provider would keep on its own servers.
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text')
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // A pending payment becomes paid at this time.
    .addColumn('settles_at', 'text')
    .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sequence', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
