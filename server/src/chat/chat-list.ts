/** The chats list: a member's conversations page by page, with the other sides as the member may see them. */

import { CHATS_PAGE_SIZE, type ChatEntry, type ChatProfile, type ChatsResponse, type Gift } from '@amora/common';
import { chatsCursorText } from '@amora/common/schemas';
import type { Member } from '../identity/member.js';
import type { SearchService } from '../members/search/service.js';
import type { Db } from '../platform/db/index.js';
import type { Site } from '../platform/site.js';
import { type ConversationsWhere, listConversations } from './list-queries.js';
import * as queries from './queries.js';

type ConversationListRow = Awaited<ReturnType<typeof listConversations>>[number];

export function createChatList({ db, search }: { db: Db; search: SearchService }) {
  /** The other sides' light cards as the member may see them, with their presence; missing when not. */
  async function chatProfiles(site: Site, member: Member, profileIds: number[]): Promise<Map<number, ChatProfile>> {
    const cards = await search.listedCardsWithPresence(site, member, profileIds);
    return new Map(
      cards.map(({ id, name, age, hosted, main_image, presence }) => [
        id,
        { id, name, age, hosted, main_image, presence },
      ]),
    );
  }

  function entryOf(row: ConversationListRow, profile: ChatProfile, member: Member): ChatEntry {
    return {
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
    };
  }

  /**
   * A page of the member's conversations, newest activity first, narrowed by `where`; those with profiles the member may no longer see are left out (so a page may
   * hold fewer than CHATS_PAGE_SIZE while `more` goes on).
   */
  async function chats(site: Site, member: Member, where: ConversationsWhere): Promise<ChatsResponse> {
    const [rows, unread] = await Promise.all([
      listConversations(db, member.profileId, CHATS_PAGE_SIZE + 1, where),
      queries.totalUnread(db, member.profileId),
    ]);
    const page = rows.slice(0, CHATS_PAGE_SIZE);
    const profiles = await chatProfiles(
      site,
      member,
      page.map((row) => row.other_profile_id),
    );
    const last = page.at(-1);
    return {
      chats: page.flatMap((row) => {
        const profile = profiles.get(row.other_profile_id);
        return profile ? [entryOf(row, profile, member)] : [];
      }),
      num_unread_messages: unread,
      more:
        rows.length > CHATS_PAGE_SIZE && last
          ? chatsCursorText({ activityAt: last.last_activity_at, conversation: last.conversation_id })
          : null,
    };
  }

  return { chats, chatProfiles };
}
