/**
 * How a message and its charge are written in the send's transaction: on PostgreSQL in one
 * statement (send-statement.ts), elsewhere a statement a step. Both say the same of what they wrote.
 */

import type { Gift, SentKind } from '@amora/common';
import { sql } from 'kysely';
import type { CreditsService } from '../money/credits/service.js';
import type { Db } from '../platform/db/index.js';
import type { ConversationRow, MessageRow } from '../platform/db/schema.js';
import { DomainError } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { EventOf } from '../platform/events/catalogue.js';
import type { Site } from '../platform/site.js';
import * as queries from './queries.js';
import { storeInOneStatement } from './send-statement.js';

/** Who writes: a member paying with credits, or an operator answering as a hosted profile. */
export interface Sender {
  profileId: number;
  /** The paying account; null for a hosted profile. */
  userId: number | null;
  paid: boolean;
  staffId: number | null;
}

/** A message's content as stored: a photo already re-encoded into its file. */
export interface Content {
  kind: SentKind;
  text?: string;
  gift?: Gift;
  photo?: StoredPhoto;
}

/** A photo file already stored and re-encoded (a hosted profile's gallery photo). */
export type StoredPhoto = { filename: string; width: number; height: number };

/** Whom a message goes to: a member's profile (and account), or a hosted profile. */
export interface Recipient {
  id: number;
  userId: number | null;
  hosted: boolean;
}

/** A message's row before it is stored. */
export type MessageInput = Omit<MessageRow, 'id'>;

/** The message's row as it is stored, paid for or not. */
export function messageRowOf(
  conversationId: number,
  sender: Sender,
  clientId: string,
  content: Content,
  cost: number,
  now: string,
): MessageInput {
  return {
    conversation_id: conversationId,
    sender_profile_id: sender.profileId,
    client_id: clientId,
    kind: content.kind,
    body: content.text ?? null,
    gift: content.gift ?? null,
    photo_file: content.photo?.filename ?? null,
    photo_width: content.photo?.width ?? null,
    photo_height: content.photo?.height ?? null,
    credits: cost,
    staff_id: sender.staffId,
    created_at: now,
  };
}

/** What a send leaves of the credits of a sender who has none: an operator writing as a hosted profile. */
export const NO_ACCOUNT = { balance: 0, freeMessages: 0 };

/** Ends a send's transaction whose client id was stored before, so nothing of the retry stays. */
export class SentBefore extends Error {}

/** What storing a message wrote, whichever way it was written. */
export interface Written {
  row: MessageRow;
  account: { balance: number; freeMessages: number };
  unread: number;
  opened: boolean;
  /** Since when the conversation waited for a hosted profile's answer, before this message. */
  awaitingReplySince: string | null;
  eventId: number;
}

type MessageEvent = (
  site: Site,
  row: MessageRow,
  opened: boolean,
  recipient: Recipient,
  unread: number,
) => EventOf<'message.new'>;

export function createMessageStore({
  credits,
  events,
  messageEvent,
}: {
  credits: CreditsService;
  events: EventBus;
  messageEvent: MessageEvent;
}) {
  /** On PostgreSQL: the message, its charge, the conversation's change and its event in one statement. */
  async function writeInOneStatement(trx: Db, site: Site, sender: Sender, recipient: Recipient, message: MessageInput) {
    const template = messageEvent(site, { ...message, id: 0 }, false, recipient, 0);
    let keep = (_id: number, _event: EventOf<'message.new'>) => {};
    const written = await storeInOneStatement(trx, {
      message,
      recipient,
      charge:
        sender.userId === null
          ? null
          : credits.spendSteps(sender.userId, message.credits, message.kind, {
              free: message.kind === 'text',
              reference: sql<string>`'message:' || (select id from sent)`,
              skip: sql<boolean>`exists (select 1 from earlier)`,
            }),
      event: (name, fills, when) => {
        const step = events.recordStep(name, template, fills, when);
        keep = step.keep;
        return step.step;
      },
    });
    if (!written) throw new SentBefore();
    if (sender.userId !== null && !written.account)
      throw new DomainError('insufficient_credits', { credits: message.credits });
    const { row, unread, opened, eventId } = written;
    keep(eventId, messageEvent(site, row, opened, recipient, unread));
    const account = written.account
      ? { balance: written.account.balance, freeMessages: written.account.free_messages }
      : NO_ACCOUNT;
    return { row, account, unread, opened, awaitingReplySince: written.awaitingReplySince, eventId };
  }

  /** Elsewhere: the same, a statement a step. */
  async function writeInSteps(
    trx: Db,
    site: Site,
    sender: Sender,
    recipient: Recipient,
    message: MessageInput,
    conversation: ConversationRow,
  ) {
    let row = await queries.insertMessageOnce(trx, message);
    if (!row) throw new SentBefore();
    let account = NO_ACCOUNT;
    if (sender.userId !== null) {
      const paid = await credits.spend(sender.userId, message.credits, message.kind, `message:${row.id}`, trx, {
        free: message.kind === 'text',
      });
      if (!paid) throw new DomainError('insufficient_credits', { credits: message.credits });
      if (paid.charged !== message.credits) row = await queries.setMessageCredits(trx, row.id, paid.charged);
      account = paid;
    }
    const unread = await queries.recordMessage(trx, row, recipient);
    const opened = conversation.last_message_id === 0;
    const eventId = await events.record(trx, messageEvent(site, row, opened, recipient, unread));
    return { row, account, unread, opened, awaitingReplySince: conversation.awaiting_reply_since, eventId };
  }

  return { writeInOneStatement, writeInSteps };
}
