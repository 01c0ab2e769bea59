import {
  CHAT_HISTORY_LIMIT,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatQuery,
  type ChatResponse,
  type ChatsQuery,
  type PrivatePhotoAction,
  type SendMessageResponse,
  type SentKind,
} from '@amora/common';
import { authorize, memberActor, viewerActor } from '../access/authorize.js';
import type { Member } from '../identity/member.js';
import type { MembersService } from '../members/profiles/service.js';
import type { VisibilityPolicy } from '../members/safety/visibility.js';
import type { SearchService } from '../members/search/service.js';
import type { CreditsService } from '../money/credits/service.js';
import type { Clock } from '../platform/clock.js';
import type { FigurePeriod } from '../platform/db/figures.js';
import type { Db } from '../platform/db/index.js';
import type { ConversationRow, MessageRow } from '../platform/db/schema.js';
import { fieldError, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { MediaStore } from '../platform/media/store.js';
import type { Site } from '../platform/site.js';
import { createChatList } from './chat-list.js';
import * as figureQueries from './figure-queries.js';
import type { Sender } from './message-store.js';
import { createOperatorChat } from './operator-chat.js';
import * as queries from './queries.js';
import { createMessageWriter, type Outgoing, recipientFrom } from './writer.js';

/** Messages a reconnecting socket gets at most; a client missing more reloads its chats. */
const CATCH_UP_LIMIT = 500;
/** A photo file sent in a chat: c/<sender's profile id>/<random name>.webp. */
const CHAT_PHOTO_FILE = /^c\/\d+\/[0-9a-f]{32}\.webp$/;

export interface SendTarget {
  profile_id?: number;
  conversation?: number;
  client_id: string;
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
  const { db, credits, members, search, visibility, events, media } = deps;
  const writer = createMessageWriter(deps);
  const { present, store, accountOf, privatePhotos, contentOf } = writer;
  const list = createChatList({ db, search });
  const { chatProfiles } = list;

  /** An erased profile's messages went with it (a cascade), and so do the photos it sent. */
  const unsubscribe = events.subscribeLocal('account.erased', async ({ profileId }) => {
    for await (const { key } of media.list(`c/${profileId}/`)) await media.remove(key);
  });

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

  /** The conversation and the member's place in it, when they may `action` it; else a 404 as for one that does not exist. */
  async function membershipOf(
    site: Site,
    member: Member,
    conversationId: number,
    action: 'conversation.read' | 'conversation.write' = 'conversation.read',
  ) {
    const found = await queries.findConversationOf(db, site.id, conversationId, member.profileId);
    if (!found) throw notFound();
    const { conversation, membership } = found;
    authorize(memberActor(member), action, { sides: [conversation.profile_low, conversation.profile_high] });
    if (!membership) throw new Error(`conversation ${conversation.id} lacks the membership of a side`);
    return { conversation, membership };
  }

  /** Whom the message goes to: a profile the sender may contact, and the conversation when the sender named it. */
  async function recipientOf(site: Site, sender: Member, target: SendTarget) {
    if ((target.profile_id === undefined) === (target.conversation === undefined)) {
      throw fieldError('conversation', 'required');
    }
    let otherId = target.profile_id;
    if (target.conversation !== undefined) {
      otherId = (await membershipOf(site, sender, target.conversation, 'conversation.write')).membership
        .other_profile_id;
    }
    const recipient = recipientFrom(await visibility.contactable(site, sender, otherId as number));
    return { recipient, conversationId: target.conversation };
  }

  async function messagePrice(site: Site, member: Member, kind: SentKind): Promise<number> {
    return (await credits.messagePrices(site, await members.countryOf(member.userId)))[kind];
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
    close: unsubscribe,
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
    messagesToHosted: (period: FigurePeriod) => figureQueries.messagesToHosted(db, period),
    messagesToHostedByDay: (period: FigurePeriod) => figureQueries.messagesToHostedByDay(db, period),
    conversationsWaiting: (siteId?: number) => figureQueries.conversationsWaiting(db, siteId),
    firstAnswerTimes: (period: FigurePeriod) => figureQueries.firstAnswerTimes(db, period),

    present,

    async send(site: Site, member: Member, target: SendTarget, outgoing: Outgoing): Promise<SendMessageResponse> {
      authorize(memberActor(member), 'conversation.write', { sides: null });
      const { recipient, conversationId } = await recipientOf(site, member, target);
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
      const result = await store(site, sender, recipient, target.client_id, content, cost, { conversationId }).catch(
        async (error) => {
          await unusedPhoto();
          throw error;
        },
      );
      if (result.repeated) await unusedPhoto();
      return {
        conversation: result.row.conversation_id,
        message: present(result.row, member.profileId),
        credits: result.account.balance,
        free_messages: result.account.freeMessages,
      };
    },

    /** A page of the member's conversations, or the one with a profile. */
    chats: (site: Site, member: Member, query: ChatsQuery) =>
      list.chats(site, member, { before: query.before, otherProfileId: query.profile_id }),

    /** The member's conversations with unread messages, the newest first, and the unread total. */
    unreadChats: (site: Site, member: Member) => list.chats(site, member, { unreadOnly: true }),

    /** A page of a conversation; reading it (`markRead`) sets its unread count to zero and tells the other side. */
    async conversation(site: Site, member: Member, query: ChatQuery, markRead: boolean): Promise<ChatResponse> {
      const { conversation, membership } = await membershipOf(site, member, query.conversation);
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
      authorize(memberActor(member), 'conversation.write', { sides: null });
      return privatePhotos(site, { profileId: member.profileId, staffId: null }, profileId, action);
    },

    /** Hides the conversation for the member only; a new message brings it back, without the old ones. */
    async remove(site: Site, member: Member, conversationId: number) {
      const { conversation } = await membershipOf(site, member, conversationId);
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
      const { membership } = await membershipOf(site, member, conversationId);
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
      const viewer = viewerProfileId === undefined ? null : { profileId: viewerProfileId };
      authorize(viewerActor(viewer), 'conversation.read', { sides: [message.profileLow, message.profileHigh] });
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

    /** What operators may do in the chat: answer as a hosted profile, and read its conversations. */
    forOperators: createOperatorChat({ db, visibility, writer }),
  };

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
