/**
 * A message into a conversation that exists, in one statement on PostgreSQL: the message (once
 * per client id), its charge, the conversation and both sides' places, and its event in the outbox,
 * read under the two sides' locks the caller holds. What the separate steps of writer.ts do,
 * without a round trip each.
 */
import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { CreditsService } from '../money/credits/service.js';
import type { Db } from '../platform/db/index.js';
import type { MessageRow, MessagesTable } from '../platform/db/schema.js';

/** A charge as steps of this statement (the credits' `spendSteps`). */
type ChargeSteps = ReturnType<CreditsService['spendSteps']>;
/** What the charge left: the account after and what was taken. */
type ChargeOutcome = { balance: number; free_messages: number; charged: number };

/** The event's outbox row as the CTE `name` of this statement, given how its payload is filled in (the bus's `recordStep`). */
type EventStep = (
  name: string,
  fills: [path: string[], value: RawBuilder<unknown>][],
  when: RawBuilder<boolean>,
) => RawBuilder<unknown>;

export interface OneStatementSend {
  message: Insertable<MessagesTable> & { credits: number };
  recipient: { id: number; hosted: boolean };
  /** The sender's charge; none for a hosted profile's answer. */
  charge: ChargeSteps | null;
  event: EventStep;
}

export interface OneStatementSent {
  row: MessageRow;
  /** The recipient's unread messages in all their conversations after it. */
  unread: number;
  eventId: number;
  /** The conversation had no message before this one. */
  opened: boolean;
  /** Since when the conversation waited for a hosted profile's answer, before this message. */
  awaitingReplySince: string | null;
  /** What the charge left; null when it did not reach, or there was none. */
  account: ChargeOutcome | null;
}

interface SentRow extends MessageRow {
  unread: number | string | null;
  event_id: number | string;
  before_last_message_id: number;
  before_awaiting_reply_since: string | null;
  charge_balance: number | null;
  charge_free_messages: number | null;
  charge_charged: number | null;
}

function unreadAfter(recipient: OneStatementSend['recipient'], conversationId: number) {
  if (recipient.hosted) return sql`0`;
  return sql`(select unread_count from changed_members where profile_id = ${recipient.id})
    + (select coalesce(sum(unread_count), 0) from conversation_members
       where profile_id = ${recipient.id} and hidden = 0 and conversation_id <> ${conversationId})`;
}

/** Stores the message; null when its client id was stored before (nothing is written then). */
export async function storeInOneStatement(trx: Db, send: OneStatementSend): Promise<OneStatementSent | null> {
  const { message, recipient, charge } = send;
  const conversationId = message.conversation_id;
  const sender = message.sender_profile_id;
  const credits = charge
    ? sql`case when exists (select 1 from credit_free) then 0 else ${message.credits}::int end`
    : sql`${message.credits}::int`;
  const isSender = sql`conversation_members.profile_id = ${sender}`;
  const event = send.event(
    'sent_event',
    [
      [['message', 'id'], sql`(select id from sent)`],
      [['unread'], sql`(select n from unread)`],
      [['opened'], sql`(select last_message_id = 0 from before)`],
    ],
    sql`exists (select 1 from sent)`,
  );
  const { rows } = await sql<SentRow>`
    with earlier as (
      select 1 from messages where sender_profile_id = ${sender} and client_id = ${message.client_id}
    ), before as (
      select last_message_id, awaiting_reply_since from conversations where id = ${conversationId}
    )${charge ? sql`, ${charge.free}` : sql``}, sent as (
      insert into messages (conversation_id, sender_profile_id, client_id, kind, body, gift, photo_file,
        photo_width, photo_height, credits, staff_id, created_at)
      select ${conversationId}, ${sender}, ${message.client_id}, ${message.kind}, ${message.body ?? null},
        ${message.gift ?? null}, ${message.photo_file ?? null}, ${message.photo_width ?? null}::int,
        ${message.photo_height ?? null}::int, ${credits}, ${message.staff_id ?? null}::int, ${message.created_at}
      where not exists (select 1 from earlier)
      returning *
    )${charge ? sql`, ${charge.paid}` : sql``}, changed_conversation as (
      update conversations set last_message_id = sent.id,
        awaiting_reply_since = ${recipient.hosted ? sql`coalesce(conversations.awaiting_reply_since, sent.created_at)` : sql`null`}
      from sent where conversations.id = sent.conversation_id
    ), changed_members as (
      update conversation_members set hidden = 0, last_activity_at = sent.created_at,
        wrote = case when ${isSender} then 1 else wrote end,
        last_read_message_id = case when ${isSender} then sent.id else last_read_message_id end,
        unread_count = case when ${isSender} then unread_count else unread_count + 1 end
      from sent where conversation_members.conversation_id = sent.conversation_id
      returning conversation_members.profile_id, conversation_members.unread_count
    ), unread as (
      select ${unreadAfter(recipient, conversationId)} as n
    ), ${event}
    select sent.*, (select n from unread) as unread, (select id from sent_event) as event_id,
      before.last_message_id as before_last_message_id,
      before.awaiting_reply_since as before_awaiting_reply_since,
      charge.balance as charge_balance, charge.free_messages as charge_free_messages,
      charge.charged as charge_charged
    from sent cross join before
    left join (${charge ? charge.outcome : sql`select null::int as balance, null::int as free_messages, null::int as charged where false`}) as charge on true`.execute(
    trx,
  );
  const found = rows[0];
  if (!found) return null;
  const {
    unread,
    event_id,
    before_last_message_id,
    before_awaiting_reply_since,
    charge_balance,
    charge_free_messages,
    charge_charged,
    ...row
  } = found;
  return {
    row,
    unread: Number(unread ?? 0),
    eventId: Number(event_id),
    opened: before_last_message_id === 0,
    awaitingReplySince: before_awaiting_reply_since,
    account:
      charge_balance === null || charge_free_messages === null || charge_charged === null
        ? null
        : { balance: charge_balance, free_messages: charge_free_messages, charged: charge_charged },
  };
}
