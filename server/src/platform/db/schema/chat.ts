/** Conversations, their members, messages and hosted profiles' answer waits. */
import type { MessageKind } from '@amora/common';
import type { Generated, Selectable } from 'kysely';

export interface ConversationsTable {
  id: Generated<number>;
  site_id: number;
  profile_low: number;
  profile_high: number;
  hosted_profile_id: number | null;
  created_at: string;
  last_message_id: Generated<number>;
  awaiting_reply_since: string | null;
}

/** A member's wait for a hosted profile's answer, written with the operator's answer that ended it. */
export interface AnswerWaitsTable {
  /** The answer. */
  message_id: number;
  site_id: number;
  asked_at: string;
  answered_at: string;
  seconds: number;
}

export interface ConversationMembersTable {
  conversation_id: number;
  profile_id: number;
  other_profile_id: number;
  unread_count: Generated<number>;
  last_read_message_id: Generated<number>;
  hidden: Generated<number>;
  cleared_up_to: Generated<number>;
  wrote: Generated<number>;
  last_activity_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_profile_id: number;
  client_id: string;
  kind: MessageKind;
  body: string | null;
  gift: string | null;
  photo_file: string | null;
  photo_width: number | null;
  photo_height: number | null;
  credits: Generated<number>;
  staff_id: number | null;
  created_at: string;
}

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
