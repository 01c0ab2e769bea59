/** The page of a member's conversations chats.php shows (chat-list.ts). */
import type { ChatsCursor } from '@amora/common';
import type { Db } from '../platform/db/index.js';
import { prepared } from '../platform/db/prepared.js';

/** Which of `ConversationsWhere` narrow a page: each mix is a statement of its own. */
type ListNarrowing = `${'' | 'before'}:${'' | 'other'}:${'' | 'unread'}`;

/** What a conversation of the list shows: the member's place in it, and what was said last. */
const LISTED_COLUMNS = [
  'cm.conversation_id',
  'cm.other_profile_id',
  'cm.unread_count',
  'cm.last_activity_at',
  'm.kind',
  'm.body',
  'm.gift',
  'm.sender_profile_id',
  'm.created_at',
] as const;

const conversationsPageStatement = prepared(
  (
    db,
    p: { profileId: number; limit: number; activityAt: string; conversation: number; otherProfileId: number },
    narrowing: ListNarrowing,
  ) => {
    const [before, other, unread] = narrowing.split(':');
    return db
      .selectFrom((eb) => {
        let listed = eb
          .selectFrom('conversation_members')
          .select(['conversation_id', 'other_profile_id', 'unread_count', 'last_activity_at', 'cleared_up_to'])
          .where('profile_id', '=', p.profileId)
          .where('hidden', '=', 0);
        if (before) {
          listed = listed.where((inner) =>
            inner.or([
              inner('last_activity_at', '<', p.activityAt),
              inner.and([inner('last_activity_at', '=', p.activityAt), inner('conversation_id', '<', p.conversation)]),
            ]),
          );
        }
        if (other) listed = listed.where('other_profile_id', '=', p.otherProfileId);
        if (unread) listed = listed.where('unread_count', '>', 0);
        return listed.orderBy('last_activity_at', 'desc').orderBy('conversation_id', 'desc').limit(p.limit).as('cm');
      })
      .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
      .leftJoin('messages as m', (join) =>
        join.onRef('m.id', '=', 'c.last_message_id').onRef('m.id', '>', 'cm.cleared_up_to'),
      )
      .select(LISTED_COLUMNS)
      .orderBy('cm.last_activity_at', 'desc')
      .orderBy('cm.conversation_id', 'desc');
  },
);

/**
 * A page of a member's conversations, newest activity first, after `before` (keyset: a later page
 * costs what the first does), narrowed by `where`; each with what was said last, unless
 * the member cleared it. The page of memberships is taken first (by the index
 * conversation_members_list), so the conversations and messages are looked up by key for its rows only.
 */
export function listConversations(db: Db, profileId: number, limit: number, where: ConversationsWhere = {}) {
  const { before, otherProfileId, unreadOnly } = where;
  return conversationsPageStatement.rows(
    db,
    {
      profileId,
      limit,
      activityAt: before?.activityAt ?? '',
      conversation: before?.conversation ?? 0,
      otherProfileId: otherProfileId ?? 0,
    },
    `${before ? 'before' : ''}:${otherProfileId !== undefined ? 'other' : ''}:${unreadOnly ? 'unread' : ''}`,
  );
}

export interface ConversationsWhere {
  before?: ChatsCursor;
  otherProfileId?: number;
  /** Only those with messages the member has not read. */
  unreadOnly?: boolean;
}
