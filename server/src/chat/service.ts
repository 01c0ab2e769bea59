/**
 * The chat: one conversation per pair of profiles, messages paid with credits. A send is decided
 * in one transaction under both members' locks: the same client id returns the first result, the
 * free tier is checked, the credits are spent (never below zero) and the message is stored, or
 * nothing happens. What happened is published afterwards for the members' open apps.
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_PAGE_SIZE,
  type ChatEntry,
  type ChatMessage,
  type ChatProfile,
  type ChatQuery,
  type ChatResponse,
  FREE_CONVERSATIONS,
  type Gift,
  MEDIA_PATH,
  type PrivatePhotoAction,
  type PrivatePhotoLine,
  type SendMessageResponse,
  type SentKind,
} from '@amora/common';
import type { Member } from '../identity/member.js';
import { storeChatPhotoFile } from '../members/photos/files.js';
import type { MembersService } from '../members/profiles/service.js';
import type { VisibilityPolicy } from '../members/safety/visibility.js';
import type { SearchService } from '../members/search/service.js';
import type { CreditsService } from '../money/credits/service.js';
import type { Clock } from '../platform/clock.js';
import type { FigurePeriod } from '../platform/db/figures.js';
import type { Db } from '../platform/db/index.js';
import type { ConversationRow, MessageRow, ProfileRow } from '../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { EventOf } from '../platform/events/catalogue.js';
import type { MediaStore } from '../platform/media/store.js';
import type { Site } from '../platform/site.js';
import * as queries from './queries.js';

/** Conversations chats.php lists at most. */
const CHATS_LISTED = 500;
/** Messages a reconnecting socket gets at most; a client missing more reloads its chats. */
const CATCH_UP_LIMIT = 500;
/** A photo file sent in a chat: c/<sender's profile id>/<random name>.webp. */
const CHAT_PHOTO_FILE = /^c\/\d+\/[0-9a-f]{32}\.webp$/;

/** What a member sends: a text, a gift, or a photo (already read from the upload). */
export type Outgoing = { text: string } | { gift: Gift } | { photo: Buffer };

export interface SendTarget {
  profile_id?: number;
  conversation?: number;
  client_id: string;
}

/** Who writes: a member paying with credits, or an operator answering as a hosted profile. */
interface Sender {
  profileId: number;
  /** The paying account; null for a hosted profile. */
  userId: number | null;
  paid: boolean;
  staffId: number | null;
}

/** A message's content as stored: a photo already re-encoded into its file. */
interface Content {
  kind: SentKind;
  text?: string;
  gift?: Gift;
  photo?: StoredPhoto;
}

/** A hosted profile's conversation: its id and its two sides. */
export interface HostedSides {
  conversation: number;
  hostedProfileId: number;
  memberProfileId: number;
  /** The member waits for an answer. */
  awaiting: boolean;
}

/** A photo file already stored and re-encoded (a hosted profile's gallery photo). */
type StoredPhoto = { filename: string; width: number; height: number };

/** Who writes a line about private photos: a member, or an operator as a hosted profile. */
interface LineActor {
  profileId: number;
  staffId: number | null;
}

/** Whom a message goes to: a member's profile (and account), or a hosted profile. */
interface Recipient {
  id: number;
  userId: number | null;
  hosted: boolean;
}

function recipientFrom(profile: ProfileRow): Recipient {
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

/** What a send leaves of the credits of a sender who has none: an operator writing as a hosted profile. */
const NO_ACCOUNT = { balance: 0, freeMessages: 0 };

/** Ends a send's transaction whose client id was stored before, so nothing of the retry stays. */
class SentBefore extends Error {}

function kindOf(outgoing: Outgoing): SentKind {
  if ('text' in outgoing) return 'text';
  return 'gift' in outgoing ? 'gift' : 'photo';
}

export function createChatService(deps: {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  members: MembersService;
  search: SearchService;
  visibility: VisibilityPolicy;
  events: EventBus;
  /** Where photo messages' objects are kept. */
  media: MediaStore;
}) {
  const { db, clock, credits, members, search, visibility, events, media } = deps;

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

  /** The other sides' cards as the member may see them, with their presence; missing when not. */
  async function chatProfiles(site: Site, member: Member, profileIds: number[]): Promise<Map<number, ChatProfile>> {
    const [cards, presence] = await Promise.all([
      search.listedCards(site, member, profileIds),
      members.presenceOf(profileIds),
    ]);
    return new Map(
      cards.map((card) => [
        card.id,
        {
          id: card.id,
          name: card.name,
          age: card.age,
          hosted: card.hosted,
          main_image: card.main_image,
          presence: presence.get(card.id) ?? 'away',
        },
      ]),
    );
  }

  /** A photo message's file on this site, with its conversation and two sides; a 404 when there is none. */
  async function photoMessage(site: Site, file: string) {
    if (!CHAT_PHOTO_FILE.test(file)) throw notFound();
    const message = await queries.findPhotoMessage(db, file);
    if (!message || message.site_id !== site.id) throw notFound();
    return {
      conversation: message.conversation_id,
      profileLow: message.profile_low,
      profileHigh: message.profile_high,
      file,
    };
  }

  /** The conversation and the member's place in it, or a 404 as for one that does not exist. */
  async function membershipOf(site: Site, profileId: number, conversationId: number) {
    const found = await queries.findConversationOf(db, site.id, conversationId, profileId);
    if (!found) throw notFound();
    return found;
  }

  /** Whom the message goes to: a profile the sender may contact, and the conversation if there is one. */
  async function recipientOf(site: Site, sender: Member, target: SendTarget) {
    if ((target.profile_id === undefined) === (target.conversation === undefined)) {
      throw fieldError('conversation', 'required');
    }
    let otherId = target.profile_id;
    if (target.conversation !== undefined) {
      otherId = (await membershipOf(site, sender.profileId, target.conversation)).membership.other_profile_id;
    }
    return recipientFrom(await visibility.contactable(site, sender, otherId as number));
  }

  /**
   * Stores and pays for one message in one transaction; a client id seen before returns the
   * message stored then, unchanged and not paid again, and keeps nothing of this try.
   */
  async function store(
    site: Site,
    sender: Sender,
    recipient: Recipient,
    clientId: string,
    content: Content,
    cost: number,
  ) {
    const now = clock.now().toISOString();
    try {
      return await db.transaction().execute(async (trx) => {
        await lockSides(trx, sender, recipient);
        const conversation = await openConversation(trx, site, sender, recipient, now);
        let row = await queries.insertMessageOnce(trx, {
          conversation_id: conversation.id,
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
        });
        if (!row) throw new SentBefore();
        let account = NO_ACCOUNT;
        if (sender.userId !== null) {
          await assertFreeTier(trx, sender, conversation);
          const paid = await credits.spend(sender.userId, cost, content.kind, `message:${row.id}`, trx, {
            free: content.kind === 'text',
          });
          if (!paid) throw new DomainError('insufficient_credits', { credits: cost });
          if (paid.charged !== cost) row = await queries.setMessageCredits(trx, row.id, paid.charged);
          account = paid;
        }
        const unread = await queries.recordMessage(trx, row, recipient);
        if (sender.staffId !== null && conversation.awaiting_reply_since !== null) {
          await queries.insertAnswerWait(trx, {
            messageId: row.id,
            siteId: site.id,
            askedAt: conversation.awaiting_reply_since,
            answeredAt: row.created_at,
          });
        }
        const opened = conversation.last_message_id === 0;
        if (opened) await visibility.recordContact(trx, sender.profileId, recipient.id);
        await events.record(trx, messageEvent(site, row, opened, recipient, unread));
        return { row, repeated: false, account, opened };
      });
    } catch (error) {
      if (!(error instanceof SentBefore)) throw error;
      const earlier = await queries.findMessageByClientId(db, sender.profileId, clientId);
      if (!earlier) throw new Error(`message ${clientId} of profile ${sender.profileId} vanished`);
      return { row: earlier, repeated: true, account: await accountOf(sender), opened: false };
    }
  }

  async function messagePrice(site: Site, member: Member, kind: SentKind): Promise<number> {
    return (await credits.messagePrices(site, await members.countryOf(member.userId)))[kind];
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
  async function assertFreeTier(trx: Db, sender: Sender, conversation: ConversationRow) {
    if (sender.paid) return;
    const membership = await queries.findMembership(trx, conversation.id, sender.profileId);
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
   * line is free and counts as no message; a first one opens the conversation.
   */
  async function storeLine(
    site: Site,
    actor: LineActor,
    recipient: Recipient,
    kind: PrivatePhotoLine,
    change: (trx: Db, now: string) => Promise<boolean>,
  ): Promise<boolean> {
    const now = clock.now().toISOString();
    const stored = await db.transaction().execute(async (trx) => {
      await lockSides(trx, actor, recipient);
      if (!(await change(trx, now))) return false;
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
      await events.record(trx, messageEvent(site, row, opened, recipient, unread));
      return true;
    });
    if (stored) await events.relay();
    return stored;
  }

  /**
   * Asks for a profile's private photos, or answers (as their owner) one who asked or was granted:
   * the change and its line in the chat, once (asking twice is one request, granting twice one grant).
   * `actor` is a member, or an operator as a hosted profile; the two must be free to contact each other.
   */
  async function privatePhotos(site: Site, actor: LineActor, otherProfileId: number, action: PrivatePhotoAction) {
    const recipient = recipientFrom(
      await visibility.contactable(site, { profileId: actor.profileId, paid: true }, otherProfileId),
    );
    const access = visibility.privatePhotos;
    const me = actor.profileId;
    const them = recipient.id;
    switch (action) {
      case 'ask':
        return storeLine(site, actor, recipient, 'photos_asked', (trx, now) => access.ask(trx, them, me, now));
      case 'grant':
        return storeLine(site, actor, recipient, 'photos_shared', (trx, now) => access.grant(trx, me, them, now));
      case 'decline':
        return storeLine(site, actor, recipient, 'photos_declined', (trx) => access.decline(trx, me, them));
      case 'revoke':
        return storeLine(site, actor, recipient, 'photos_unshared', (trx) => access.revoke(trx, me, them));
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

  /** A message as the member's data export keeps it, with the file of a photo message to read. */
  function exported(row: MessageRow, profileId: number) {
    const fromMe = row.sender_profile_id === profileId;
    const file = row.photo_file;
    return {
      id: row.id,
      from_me: fromMe,
      kind: row.kind,
      text: row.body,
      gift: row.gift,
      credits: fromMe ? row.credits : 0,
      created_at: row.created_at,
      photo: file ? { openFile: async () => (await media.get(file))?.body ?? null } : null,
    };
  }

  return {
    /** The member's conversations (deleted ones too), oldest first, for their data export. */
    async exportConversations(profileId: number) {
      const rows = await queries.conversationsOfMember(db, profileId);
      const names = new Map(
        (await members.namesOf([...new Set(rows.map((row) => row.other_profile_id))])).map((row) => [row.id, row.name]),
      );
      return rows.map((row) => ({
        id: row.conversation_id,
        with: { profile_id: row.other_profile_id, name: names.get(row.other_profile_id) ?? null },
        started_at: row.created_at,
        deleted_by_me: row.hidden === 1,
      }));
    },

    /** A page of one of the member's conversations after message `afterId`, oldest first: the export reads it in pages. */
    async exportMessages(profileId: number, conversationId: number, afterId: number, limit: number) {
      const rows = await queries.messagesAfter(db, conversationId, afterId, limit);
      return rows.map((row) => exported(row, profileId));
    },

    /** The back office's dashboard: members' messages to hosted profiles, waits, and operators' answer times. */
    messagesToHosted: (period: FigurePeriod) => queries.messagesToHosted(db, period),
    messagesToHostedByDay: (period: FigurePeriod) => queries.messagesToHostedByDay(db, period),
    conversationsWaiting: (siteId?: number) => queries.conversationsWaiting(db, siteId),
    firstAnswerTimes: (period: FigurePeriod) => queries.firstAnswerTimes(db, period),

    present,

    async send(site: Site, member: Member, target: SendTarget, outgoing: Outgoing): Promise<SendMessageResponse> {
      if (!member.confirmed) throw new DomainError('activation_required');
      const recipient = await recipientOf(site, member, target);
      const sender: Sender = { profileId: member.profileId, userId: member.userId, paid: member.paid, staffId: null };
      // A retry of a stored photo answers at once, before the photo is decoded again; other
      // retries are found where the send is decided.
      const earlier =
        'photo' in outgoing && (await queries.findMessageByClientId(db, member.profileId, target.client_id));
      if (earlier) {
        const account = await accountOf(sender);
        return {
          conversation: earlier.conversation_id,
          message: present(earlier, member.profileId),
          credits: account.balance,
          free_messages: account.freeMessages,
        };
      }
      const content = await contentOf(site, member.profileId, outgoing);
      const unusedPhoto = () => (content.photo ? media.remove(content.photo.filename) : undefined);
      const cost = await messagePrice(site, member, content.kind).catch(async (error) => {
        await unusedPhoto();
        throw error;
      });
      const result = await store(site, sender, recipient, target.client_id, content, cost).catch(async (error) => {
        await unusedPhoto();
        throw error;
      });
      if (result.repeated) await unusedPhoto();
      else await events.relay();
      return {
        conversation: result.row.conversation_id,
        message: present(result.row, member.profileId),
        credits: result.account.balance,
        free_messages: result.account.freeMessages,
      };
    },

    /** The member's conversations, newest activity first; those with profiles they may no longer see are left out. */
    async chats(site: Site, member: Member): Promise<{ chats: ChatEntry[]; num_unread_messages: number }> {
      const rows = await queries.listConversations(db, member.profileId, CHATS_LISTED);
      const profiles = await chatProfiles(
        site,
        member,
        rows.map((row) => row.other_profile_id),
      );
      const chats = rows.flatMap((row): ChatEntry[] => {
        const profile = profiles.get(row.other_profile_id);
        if (!profile) return [];
        return [
          {
            conversation: row.conversation_id,
            profile,
            num_unread_messages: row.unread_count,
            last_message:
              row.kind && row.created_at
                ? {
                    kind: row.kind,
                    text: row.body,
                    gift: row.gift as Gift | null,
                    from_me: row.sender_profile_id === member.profileId,
                    created_at: row.created_at,
                  }
                : null,
            updated_at: row.last_activity_at,
          },
        ];
      });
      return { chats, num_unread_messages: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) };
    },

    /** A page of a conversation; reading it (`markRead`) sets its unread count to zero and tells the other side. */
    async conversation(site: Site, member: Member, query: ChatQuery, markRead: boolean): Promise<ChatResponse> {
      const { conversation, membership } = await membershipOf(site, member.profileId, query.conversation);
      const [profiles, page, other] = await Promise.all([
        chatProfiles(site, member, [membership.other_profile_id]),
        pageOf(conversation.id, membership.cleared_up_to, query),
        queries.findMembership(db, conversation.id, membership.other_profile_id),
      ]);
      const profile = profiles.get(membership.other_profile_id);
      if (!profile) throw notFound();
      if (markRead) await read(site, member, conversation, membership.other_profile_id);
      return {
        conversation: conversation.id,
        profile,
        ...page,
        messages: page.rows.map((row) => present(row, member.profileId)),
        read_up_to: other?.last_read_message_id ?? 0,
      };
    },

    /** A member asks for another's private photos, or answers about their own (grant, decline, revoke). */
    privatePhotos: (site: Site, member: Member, profileId: number, action: PrivatePhotoAction) => {
      if (!member.confirmed) throw new DomainError('activation_required');
      return privatePhotos(site, { profileId: member.profileId, staffId: null }, profileId, action);
    },

    /** An operator grants, declines or revokes the hosted profile's private photos to the member of its conversation. */
    hostedPrivatePhotos: (
      site: Site,
      sides: HostedSides,
      staffId: number,
      action: Exclude<PrivatePhotoAction, 'ask'>,
    ) => privatePhotos(site, { profileId: sides.hostedProfileId, staffId }, sides.memberProfileId, action),

    /** Hides the conversation for the member only; a new message brings it back, without the old ones. */
    async remove(site: Site, member: Member, conversationId: number) {
      const { conversation } = await membershipOf(site, member.profileId, conversationId);
      await db.transaction().execute(async (trx) => {
        await queries.hideConversation(trx, conversation.id, member.profileId, conversation.last_message_id);
        await events.record(trx, {
          type: 'chat.hidden',
          siteId: site.id,
          conversationId: conversation.id,
          profileId: member.profileId,
          unread: await queries.totalUnread(trx, member.profileId),
        });
      });
      await events.relay();
    },

    /** Tells the other side that the member types (the socket calls this). */
    async typing(site: Site, member: Member, conversationId: number) {
      const { membership } = await membershipOf(site, member.profileId, conversationId);
      await events.signal({
        type: 'chat.typing',
        siteId: site.id,
        conversationId,
        profileId: member.profileId,
        otherProfileId: membership.other_profile_id,
      });
    },

    /** What a socket missed: the member's messages after `afterId`, oldest first. */
    async catchUp(member: Member, afterId: number): Promise<ChatMessage[]> {
      const rows = await queries.messagesOfMemberAfter(db, member.profileId, afterId, CATCH_UP_LIMIT);
      return rows.map((row) => present(row, member.profileId));
    },

    /** The object of a photo message, for one of the conversation's two members; a 404 for anyone else. */
    async photoObject(site: Site, viewerProfileId: number | undefined, file: string) {
      const message = await photoMessage(site, file);
      if (viewerProfileId !== message.profileLow && viewerProfileId !== message.profileHigh) throw notFound();
      return media.get(message.file);
    },

    /** A photo message's object, for a viewer another domain has let through (the operator holding it). */
    storedPhoto: (message: { file: string }) => media.get(message.file),

    photoMessage,

    /**
     * A gallery photo a hosted profile sent in a member's chat: the member keeps seeing it there
     * whatever became of it in the gallery since (made private, premium-only).
     */
    sentInChatOf: (site: Site, profileId: number, file: string) =>
      queries.photoSentInConversationOf(db, site.id, file, profileId),

    totalUnread: (profileId: number) => queries.totalUnread(db, profileId),

    /** Members of a site with messages unread since before `before` (the unread message reminder). */
    profilesWithUnreadBefore: (siteId: number, before: string) => queries.profilesWithUnreadBefore(db, siteId, before),

    /** Conversations waiting for a hosted profile's answer, longest waiting first (the operators' inbox). */
    async awaitingHostedAnswer(site: Site, limit: number) {
      const rows = await queries.awaitingOperators(db, site.id, limit);
      return rows.map((row) => ({
        conversation: row.id,
        hostedProfileId: row.hosted_profile_id as number,
        memberProfileId: row.profile_low === row.hosted_profile_id ? row.profile_high : row.profile_low,
        waitingSince: row.awaiting_reply_since as string,
        lastMessage: { kind: row.kind, text: row.body, gift: row.gift as Gift | null },
      }));
    },

    hostedSides,

    /** The newest `limit` messages of a hosted profile's conversation as that profile sees them, oldest first. */
    async hostedHistory(sides: HostedSides, limit: number, mediaPrefix: string) {
      const rows = await queries.latestMessages(db, sides.conversation, limit);
      return rows.reverse().map((row) => present(row, sides.hostedProfileId, mediaPrefix));
    },

    /**
     * An operator answers as the hosted profile, with a text or a photo of its gallery: stored and
     * delivered like a member's message, free of credits, marked with the operator's id.
     */
    async sendAsHosted(
      site: Site,
      sides: HostedSides,
      input: { staffId: number; clientId: string; mediaPrefix: string; text?: string; galleryPhoto?: StoredPhoto },
    ) {
      const { hostedProfileId, memberProfileId } = sides;
      const recipient = recipientFrom(
        await visibility.contactable(site, { profileId: hostedProfileId, paid: true }, memberProfileId),
      );
      const content: Content = input.galleryPhoto
        ? { kind: 'photo', photo: input.galleryPhoto }
        : await contentOf(site, hostedProfileId, { text: input.text ?? '' });
      const sender: Sender = { profileId: hostedProfileId, userId: null, paid: true, staffId: input.staffId };
      const result = await store(site, sender, recipient, input.clientId, content, 0);
      if (!result.repeated) await events.relay();
      return { message: present(result.row, hostedProfileId, input.mediaPrefix), repeated: result.repeated };
    },

    /** Per hosted profile: how many conversations it has, and how many wait for an answer. */
    async conversationCountsOfHosted(
      profileIds: number[],
    ): Promise<Map<number, { conversations: number; waiting: number }>> {
      const rows = await queries.conversationCountsOfHosted(db, profileIds);
      return new Map(
        rows.map((row) => [
          row.hosted_profile_id as number,
          { conversations: Number(row.conversations), waiting: Number(row.waiting) },
        ]),
      );
    },

    /** The hosted profiles with most conversations waiting, on one site or all. */
    hostedWithMostWaiting: (siteId: number | undefined, limit: number) =>
      queries.hostedWithMostWaiting(db, siteId, limit),

    /** A retired hosted profile's conversations leave the operators' inbox; returns their ids. */
    stopAwaitingHosted: (hostedProfileId: number) => queries.stopAwaitingHosted(db, hostedProfileId),

    /** Which of these photo files were sent in a conversation (a hosted profile's gallery photos, say). */
    sentPhotoFiles: (files: string[]) => queries.sentPhotoFiles(db, files),
  };

  /** A hosted profile's conversation on this site and its two sides; a 404 for any other. */
  async function hostedSides(site: Site, conversationId: number): Promise<HostedSides> {
    const conversation = await queries.findConversation(db, site.id, conversationId);
    const hostedProfileId = conversation?.hosted_profile_id;
    if (!conversation || !hostedProfileId) throw notFound();
    const memberProfileId =
      conversation.profile_low === hostedProfileId ? conversation.profile_high : conversation.profile_low;
    return {
      conversation: conversation.id,
      hostedProfileId,
      memberProfileId,
      awaiting: conversation.awaiting_reply_since !== null,
    };
  }

  async function read(site: Site, member: Member, conversation: ConversationRow, otherProfileId: number) {
    const marked = await db.transaction().execute(async (trx) => {
      if (!(await queries.markRead(trx, conversation.id, member.profileId, conversation.last_message_id))) return false;
      await events.record(trx, {
        type: 'chat.read',
        siteId: site.id,
        conversationId: conversation.id,
        readerProfileId: member.profileId,
        otherProfileId,
        upTo: conversation.last_message_id,
        unread: await queries.totalUnread(trx, member.profileId),
      });
      return true;
    });
    if (marked) await events.relay();
  }

  /**
   * A page, oldest first. History goes back CHAT_HISTORY_LIMIT messages; `history_end` says
   * whether the page reaches the conversation's start or that limit.
   */
  async function pageOf(conversationId: number, clearedUpTo: number, query: ChatQuery) {
    if (query.after !== undefined) {
      const rows = await queries.messagesPage(db, conversationId, {
        clearedUpTo,
        after: query.after,
        limit: CATCH_UP_LIMIT + 1,
      });
      return { rows: rows.slice(0, CATCH_UP_LIMIT), has_more: rows.length > CATCH_UP_LIMIT, history_end: null };
    }
    const newestFirst = await queries.messagesPage(db, conversationId, {
      clearedUpTo,
      before: query.before,
      limit: CHAT_PAGE_SIZE + 1,
    });
    let rows = newestFirst.slice(0, CHAT_PAGE_SIZE);
    let olderExist = newestFirst.length > CHAT_PAGE_SIZE;
    const oldest = rows.at(-1);
    if (oldest) {
      // The newest page shows all there is from its oldest message on; only older pages need counting.
      const shown =
        query.before === undefined
          ? rows.length
          : await queries.countMessagesFrom(db, conversationId, oldest.id, clearedUpTo);
      if (shown > CHAT_HISTORY_LIMIT) rows = rows.slice(0, rows.length - (shown - CHAT_HISTORY_LIMIT));
      if (shown >= CHAT_HISTORY_LIMIT && olderExist) {
        olderExist = false;
        return { rows: rows.reverse(), has_more: false, history_end: 'limit' as const };
      }
    }
    return { rows: rows.reverse(), has_more: olderExist, history_end: olderExist ? null : ('start' as const) };
  }
}

export type ChatService = ReturnType<typeof createChatService>;
