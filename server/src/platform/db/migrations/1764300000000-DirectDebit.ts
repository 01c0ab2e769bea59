import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 13, direct debit: the text messages the app sent (the dev outbox), the codes texted to a
 * payer's phone, each direct debit's account and address, and bank accounts refused for it.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('texts'), engine)
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await addId(db.schema.createTable('direct_debit_codes'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    // The account and phone the code was sent for: the payment must name the same.
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('direct_debit_codes_by_user')
    .on('direct_debit_codes')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('direct_debits')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('account_holder', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('house_number', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blocked_ibans')
    .addColumn('iban', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
