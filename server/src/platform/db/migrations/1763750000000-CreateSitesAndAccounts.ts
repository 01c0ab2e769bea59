import { type Kysely, sql } from 'kysely';
import { addId, type Engine } from '../columns.js';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('companies'), engine)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('kvk', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('tradenames', 'text', (c) => c.notNull())
    .addColumn('vat_numbers', 'text', (c) => c.notNull())
    .addColumn('support_phone', 'text', (c) => c.notNull())
    .addColumn('delete_discount', 'integer', (c) => c.notNull())
    .addColumn('added', 'text', (c) => c.notNull())
    .execute();

  await addId(db.schema.createTable('sites'), engine)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('domain_language', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .execute();

  await addId(db.schema.createTable('users'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('paid_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signup_date', 'text', (c) => c.notNull())
    .addColumn('notifications_disabled', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('signup_message', 'text')
    .addColumn('tracking', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'text')
    .addColumn('pending_email', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('delete_reason', 'text')
    .addColumn('delete_comment', 'text')
    .addUniqueConstraint('users_site_email_key', ['site_id', 'email_key'])
    .execute();
  await db.schema.createIndex('users_deleted_at').on('users').column('deleted_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_tokens_user_purpose')
    .on('account_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();

  await addId(db.schema.createTable('profiles'), engine)
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_accounts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull().check(sqlNonNegative()))
    .execute();
  await addId(db.schema.createTable('credit_ledger'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').column('user_id').execute();

  await addId(db.schema.createTable('mails'), engine)
    .addColumn('site_id', 'integer')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mails_recipient').on('mails').column('recipient').execute();
}

function sqlNonNegative() {
  return sql`balance >= 0`;
}
