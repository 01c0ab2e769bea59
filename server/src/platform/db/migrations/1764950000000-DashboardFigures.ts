import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: the indexes of the back office's dashboard, so that each figure reads only its period:
 * signups by day, payments by the time they were paid (and each member's earlier ones, for first
 * purchases), and each hosted conversation's messages by time. messages_by_conversation also
 * holds each message's sender and time, so that the time to first answer finds the message before
 * a member's and the hosted profile's answer after it in the index alone.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createIndex('users_by_signup_date')
    .on('users')
    .columns(['signup_date', 'site_id', 'status'])
    .execute();
  await db.schema.createIndex('payments_paid').on('payments').columns(['paid_at', 'site_id']).execute();
  await db.schema.createIndex('payments_paid_by_user').on('payments').columns(['user_id', 'paid_at']).execute();
  await db.schema
    .createIndex('messages_by_conversation_time')
    .on('messages')
    .columns(['conversation_id', 'created_at', 'sender_profile_id'])
    .execute();
  await db.schema.dropIndex('messages_by_conversation').execute();
  await db.schema
    .createIndex('messages_by_conversation')
    .on('messages')
    .columns(['conversation_id', 'id', 'sender_profile_id', 'created_at'])
    .execute();
}
