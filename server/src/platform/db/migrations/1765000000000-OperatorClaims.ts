import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: an operator's claim on a hosted profile's conversation is the back office's own
 * record, no longer two columns of the chat's conversations. Claims held now move with it.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('operator_claims')
    .addColumn('conversation_id', 'integer', (c) => c.primaryKey().references('conversations.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_claims_by_staff')
    .on('operator_claims')
    .columns(['staff_id', 'expires_at'])
    .execute();
  await sql`insert into operator_claims (conversation_id, staff_id, expires_at)
    select id, claimed_by, claim_expires_at from conversations
    where claimed_by is not null and claim_expires_at is not null`.execute(db);
  await db.schema.alterTable('conversations').dropColumn('claimed_by').execute();
  await db.schema.alterTable('conversations').dropColumn('claim_expires_at').execute();
}
