/**
 * How a line gets into the chat: a message stored and paid for in one transaction under both sides'
 * locks (the same client id returns the first result), or a line about private photos; the event
 * of each is recorded with it. The chat service uses it for members, and its operators' entry
 * (operator-chat.ts) for answers written as hosted profiles.
 */
import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  FREE_CONVERSATIONS,
  type Gift,
  MEDIA_PATH,
  type PrivatePhotoAction,
  type PrivatePhotoLine,
  type SentKind,
} from '@amora/common';
import { storeChatPhotoFile } from '../members/photos/files.js';
import type { VisibilityPolicy } from '../members/safety/visibility.js';
import type { CreditsService } from '../money/credits/service.js';
import type { Clock } from '../platform/clock.js';
import { type Db, engineOf, type InTransaction } from '../platform/db/index.js';
import type { MessageRow, ProfileRow } from '../platform/db/schema.js';
import { DomainError, fieldError } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { EventOf } from '../platform/events/catalogue.js';
import type { MediaStore } from '../platform/media/store.js';
import type { Site } from '../platform/site.js';
import * as figureQueries from './figure-queries.js';
import {
  type Content,
  createMessageStore,
  messageRowOf,
  NO_ACCOUNT,
  type Recipient,
  type Sender,
  SentBefore,
  type Written,
} from './message-store.js';
import * as queries from './queries.js';

/** What a member sends: a text, a gift, or a photo (already read from the upload). */
export type Outgoing = { text: string } | { gift: Gift } | { photo: Buffer };

/** Who writes a line about private photos: a member, or an operator as a hosted profile. */
interface LineActor {
  profileId: number;
  staffId: number | null;
}

export function recipientFrom(profile: ProfileRow): Recipient {
  return { id: profile.id, userId: profile.user_id, hosted: profile.hosted === 1 };
}

/** Locks the members on both sides of what is written; a hosted profile has no app to catch up, so its many conversations need not wait on each other. */
async function lockSides(trx: Db, writer: LineActor, recipient: Recipient) {
  const members = [writer.staffId === null ? writer.profileId : null, recipient.hosted ? null : recipient.id];
  await queries.lockMembers(
    trx,
    members.filter((id): id is number => id !== null),
  );
}

/** The two sides' conversation, opened by what is written if it is the first. */
function openConversation(trx: Db, site: Site, writer: LineActor, recipient: Recipient, now: string) {
  return queries.findOrCreateConversation(trx, {
    siteId: site.id,
    profile: writer.profileId,
    other: recipient.id,
    hostedProfileId: recipient.hosted ? recipient.id : writer.staffId === null ? null : writer.profileId,
    now,
  });
}

function kindOf(outgoing: Outgoing): SentKind {
  if ('text' in outgoing) return 'text';
  return 'gift' in outgoing ? 'gift' : 'photo';
}

export function createMessageWriter(deps: {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  visibility: VisibilityPolicy;
  events: EventBus;
  /** Where photo messages' objects are kept. */
  media: MediaStore;
}) {
  const { db, clock, credits, visibility, events, media } = deps;
  const { writeInOneStatement, writeInSteps } = createMessageStore({ credits, events, messageEvent });

  /**
   * A message as `viewerProfileId`'s side sees it. Photo files are under the app's /media, which
   * checks who asks (never a CDN's), or under `mediaPrefix` for a viewer who fetches them elsewhere
   * (operators, through the staff path).
   */
  function present(row: MessageRow, viewerProfileId: number, mediaPrefix = MEDIA_PATH): ChatMessage {
    const fromMe = row.sender_profile_id === viewerProfileId;
    return {
      id: row.id,
      conversation: row.conversation_id,
      client_id: fromMe ? row.client_id : null,
      from_me: fromMe,
      kind: row.kind,
      text: row.body,
      gift: row.gift as Gift | null,
      photo:
        row.photo_file && row.photo_width && row.photo_height
          ? { url: `${mediaPrefix}/${row.photo_file}`, width: row.photo_width, height: row.photo_height }
          : null,
      created_at: row.created_at,
    };
  }

  /**
   * Stores and pays for one message in one transaction, and relays its event once committed; a
   * client id seen before returns the message stored then, unchanged and not paid again, and keeps
   * nothing of this try (nor `audit`, an operator's answer's audit row, written with the message stored).
   * `conversationId`: the two sides' conversation, when the sender named it.
   */
  async function store(
    site: Site,
    sender: Sender,
    recipient: Recipient,
    clientId: string,
    content: Content,
    cost: number,
    { audit, conversationId }: { audit?: InTransaction<MessageRow>; conversationId?: number } = {},
  ) {
    const now = clock.now().toISOString();
    try {
      const stored = await db.transaction().execute(async (trx): Promise<Written & { repeated: false }> => {
        await lockSides(trx, sender, recipient);
        const oneStatement = engineOf(trx) === 'postgres';
        const conversation =
          oneStatement && conversationId !== undefined
            ? null
            : await openConversation(trx, site, sender, recipient, now);
        const id = conversation?.id ?? (conversationId as number);
        await assertFreeTier(trx, sender, id);
        const message = messageRowOf(id, sender, clientId, content, cost, now);
        const written =
          oneStatement || !conversation
            ? await writeInOneStatement(trx, site, sender, recipient, message)
            : await writeInSteps(trx, site, sender, recipient, message, conversation);
        const { row } = written;
        if (sender.staffId !== null && written.awaitingReplySince !== null) {
          await figureQueries.insertAnswerWait(trx, {
            messageId: row.id,
            siteId: site.id,
            askedAt: written.awaitingReplySince,
            answeredAt: row.created_at,
          });
        }
        if (written.opened) await visibility.recordContact(trx, sender.profileId, recipient.id);
        if (audit) await audit(trx, row);
        return { ...written, repeated: false };
      });
      await events.relayCommitted([stored.eventId]);
      return stored;
    } catch (error) {
      if (!(error instanceof SentBefore)) throw error;
      const earlier = await queries.findMessageByClientId(db, sender.profileId, clientId);
      if (!earlier) throw new Error(`message ${clientId} of profile ${sender.profileId} vanished`);
      return { row: earlier, repeated: true, account: await accountOf(sender), opened: false };
    }
  }

  async function accountOf(sender: Sender) {
    if (sender.userId === null) return NO_ACCOUNT;
    const [balance, freeMessages] = await Promise.all([
      credits.balance(sender.userId),
      credits.freeMessages(sender.userId),
    ]);
    return { balance, freeMessages };
  }

  /** A free member writes in a few conversations only; answering where they wrote before is always fine. */
  async function assertFreeTier(trx: Db, sender: Sender, conversationId: number) {
    if (sender.paid || sender.userId === null) return;
    const membership = await queries.findMembership(trx, conversationId, sender.profileId);
    if (membership?.wrote === 1) return;
    if ((await queries.countConversationsWrittenIn(trx, sender.profileId)) >= FREE_CONVERSATIONS) {
      throw new DomainError('free_conversation_limit', { limit: FREE_CONVERSATIONS });
    }
  }

  /** The message as its event tells it, written with the message (the recipient's unread count included). */
  function messageEvent(
    site: Site,
    row: MessageRow,
    opened: boolean,
    recipient: Recipient,
    unread: number,
  ): EventOf<'message.new'> {
    return {
      type: 'message.new',
      siteId: site.id,
      senderProfileId: row.sender_profile_id,
      recipientProfileId: recipient.id,
      recipientUserId: recipient.userId,
      clientId: row.client_id,
      message: present(row, recipient.id),
      unread,
      opened,
      toHosted: recipient.hosted,
    };
  }

  /**
   * Writes a line about private photos from `actor` to `recipient` with the change it tells of, in
   * one transaction under both members' locks: no change (asked or granted already), no line. A
   * line is free and counts as no message; a first one opens the conversation. `audit` (an
   * operator's) is written with the line.
   */
  async function storeLine(
    site: Site,
    actor: LineActor,
    recipient: Recipient,
    kind: PrivatePhotoLine,
    change: (trx: Db, now: string) => Promise<boolean>,
    audit?: InTransaction<MessageRow>,
  ): Promise<boolean> {
    const now = clock.now().toISOString();
    const eventId = await db.transaction().execute(async (trx) => {
      await lockSides(trx, actor, recipient);
      if (!(await change(trx, now))) return null;
      const conversation = await openConversation(trx, site, actor, recipient, now);
      const row = await queries.insertMessageOnce(trx, {
        conversation_id: conversation.id,
        sender_profile_id: actor.profileId,
        client_id: randomUUID(),
        kind,
        body: null,
        gift: null,
        photo_file: null,
        photo_width: null,
        photo_height: null,
        credits: 0,
        staff_id: actor.staffId,
        created_at: now,
      });
      if (!row) throw new Error(`line ${kind} of profile ${actor.profileId} not stored`);
      const unread = await queries.recordMessage(trx, row, recipient, false);
      const opened = conversation.last_message_id === 0;
      if (opened) await visibility.recordContact(trx, actor.profileId, recipient.id);
      const id = await events.record(trx, messageEvent(site, row, opened, recipient, unread));
      if (audit) await audit(trx, row);
      return id;
    });
    if (eventId === null) return false;
    await events.relayCommitted([eventId]);
    return true;
  }

  /**
   * Asks for a profile's private photos, or answers (as their owner) one who asked or was granted:
   * the change and its line in the chat, once (asking twice is one request, granting twice one grant).
   * `actor` is a member, or an operator as a hosted profile; the two must be free to contact each other.
   */
  async function privatePhotos(
    site: Site,
    actor: LineActor,
    otherProfileId: number,
    action: PrivatePhotoAction,
    audit?: InTransaction<MessageRow>,
  ) {
    const recipient = recipientFrom(
      await visibility.contactable(site, { profileId: actor.profileId, paid: true }, otherProfileId),
    );
    const access = visibility.privatePhotos;
    const me = actor.profileId;
    const them = recipient.id;
    const line = (kind: PrivatePhotoLine, change: (trx: Db, now: string) => Promise<boolean>) =>
      storeLine(site, actor, recipient, kind, change, audit);
    switch (action) {
      case 'ask':
        return line('photos_asked', (trx, now) => access.ask(trx, them, me, now));
      case 'grant':
        return line('photos_shared', (trx, now) => access.grant(trx, me, them, now));
      case 'decline':
        return line('photos_declined', (trx) => access.decline(trx, me, them));
      case 'revoke':
        return line('photos_unshared', (trx) => access.revoke(trx, me, them));
    }
  }

  async function contentOf(site: Site, senderProfileId: number, outgoing: Outgoing): Promise<Content> {
    const kind = kindOf(outgoing);
    if ('text' in outgoing) {
      const text = outgoing.text.trim();
      if (text === '') throw fieldError('text', 'required');
      if ([...text].length > site.settings.message_length) throw fieldError('text', 'too_long');
      return { kind, text };
    }
    if ('gift' in outgoing) return { kind, gift: outgoing.gift };
    return { kind, photo: await storeChatPhotoFile(media, `c/${senderProfileId}`, outgoing.photo) };
  }

  return { present, store, accountOf, privatePhotos, contentOf };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
