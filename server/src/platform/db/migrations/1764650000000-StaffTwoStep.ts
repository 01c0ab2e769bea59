import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: staff sign in in two steps, with a TOTP authenticator app. An account keeps its secret
 * and the last time step used (a code works once). A session starts at the password and is signed
 * in only once the code is right: until then its stage is `code` (or `enrol`, with the secret being
 * set up), and it counts the codes tried.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('staff_users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('signed_in'))
    .execute();
  await db.schema.alterTable('staff_sessions').addColumn('pending_secret', 'text').execute();
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
