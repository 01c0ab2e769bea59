import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 12: conversations, their members' read state and messages; presence; free messages on the
 * credit account; staff accounts, their sessions, notes on members and the log of what they did.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('conversations'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // The pair, lower id first: one conversation per pair.
    .addColumn('profile_low', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('profile_high', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    // The hosted side, answered by operators; null between two members.
    .addColumn('hosted_profile_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_message_id', 'integer', (c) => c.notNull().defaultTo(0))
    // Since when a member's message to the hosted side waits for an operator's answer.
    .addColumn('awaiting_reply_since', 'text')
    .addColumn('claimed_by', 'integer')
    .addColumn('claim_expires_at', 'text')
    .addUniqueConstraint('conversations_pair', ['profile_low', 'profile_high'])
    .execute();
  await db.schema
    .createIndex('conversations_awaiting')
    .on('conversations')
    .columns(['awaiting_reply_since'])
    .where('awaiting_reply_since', 'is not', null)
    .execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('other_profile_id', 'integer', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull().defaultTo(0))
    // Deleted by this member: hidden until a new message, and the messages up to here stay hidden.
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared_up_to', 'integer', (c) => c.notNull().defaultTo(0))
    // This member has written here (a free member may write in a few conversations only).
    .addColumn('wrote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'profile_id'])
    .execute();
  // chats.php: a member's conversations, newest activity first.
  await db.schema
    .createIndex('conversation_members_list')
    .on('conversation_members')
    .columns(['profile_id', 'hidden', 'last_activity_at'])
    .execute();

  await addId(db.schema.createTable('messages'), engine)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('gift', 'text')
    .addColumn('photo_file', 'text')
    .addColumn('photo_width', 'integer')
    .addColumn('photo_height', 'integer')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    // The operator who wrote it as a hosted profile.
    .addColumn('staff_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('messages_client_id', ['sender_profile_id', 'client_id'])
    .execute();
  await db.schema.createIndex('messages_by_conversation').on('messages').columns(['conversation_id', 'id']).execute();
  await db.schema.createIndex('messages_photo_file').on('messages').column('photo_file').execute();

  // Online while an app of the member is open and shown; renewed by its socket.
  await db.schema.alterTable('profiles').addColumn('online_until', 'text').execute();

  await db.schema
    .alterTable('credit_accounts')
    .addColumn('free_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await addId(db.schema.createTable('staff_users'), engine)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await addId(db.schema.createTable('staff_notes'), engine)
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_notes_by_profile').on('staff_notes').columns(['profile_id', 'id']).execute();
  await addId(db.schema.createTable('staff_log'), engine)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'integer')
    .addColumn('profile_id', 'integer')
    .addColumn('message_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
