import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 36: members sign in with passkeys. Each passkey belongs to one account (its credential id
 * is unique everywhere); the challenges the server handed out wait in a table of their own, so any
 * instance can check an answer and each is used once. A member with a passkey may drop their
 * password: users.password_hash is then empty.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('passkeys'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_by_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_by_expiry').on('passkey_challenges').column('expires_at').execute();
}
