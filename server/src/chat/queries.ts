import type { ChatsCursor } from '@amora/common';
import { type Insertable, sql } from 'kysely';
import { type Db, engineOf } from '../platform/db/index.js';
import type { ConversationRow, MessageRow, MessagesTable } from '../platform/db/schema.js';

/** The advisory-lock key space of the chat (see likes/queries.ts for the others). */
const MEMBER_CHAT_LOCKS = 6;

/**
 * Serialises the sends that involve these profiles, in id order so two never wait on each other.
 * Under the lock a member's messages get their ids in commit order, so a client that has every
 * message up to an id has all before it; the checks of the free tier read a settled state.
 * One statement takes them all: PostgreSQL evaluates a select list left to right. SQLite runs one
 * transaction at a time already.
 */
export async function lockMembers(db: Db, profileIds: number[]): Promise<void> {
  const ids = [...new Set(profileIds)].sort((a, b) => a - b);
  if (engineOf(db) !== 'postgres' || ids.length === 0) return;
  const locks = ids.map((id) => sql`pg_advisory_xact_lock(${MEMBER_CHAT_LOCKS}, ${id})`);
  await sql`select ${sql.join(locks)}`.execute(db);
}

export function findConversation(db: Db, siteId: number, conversationId: number) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

function findConversationBetween(db: Db, profile: number, other: number) {
  const [low, high] = profile < other ? [profile, other] : [other, profile];
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('profile_low', '=', low)
    .where('profile_high', '=', high)
    .executeTakeFirst();
}

/** The pair's conversation, made (with both members' rows) when it is not there yet; usually one read. */
export async function findOrCreateConversation(
  db: Db,
  pair: { siteId: number; profile: number; other: number; hostedProfileId: number | null; now: string },
): Promise<ConversationRow> {
  const { siteId, profile, other, hostedProfileId, now } = pair;
  const existing = await findConversationBetween(db, profile, other);
  if (existing) return existing;
  const [low, high] = profile < other ? [profile, other] : [other, profile];
  const inserted = await db
    .insertInto('conversations')
    .values({
      site_id: siteId,
      profile_low: low,
      profile_high: high,
      hosted_profile_id: hostedProfileId,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['profile_low', 'profile_high']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    const made = await findConversationBetween(db, profile, other);
    if (!made) throw new Error(`conversation ${low}:${high} vanished`);
    return made;
  }
  await db
    .insertInto('conversation_members')
    .values([
      { conversation_id: inserted.id, profile_id: low, other_profile_id: high, last_activity_at: now },
      { conversation_id: inserted.id, profile_id: high, other_profile_id: low, last_activity_at: now },
    ])
    .execute();
  return inserted;
}

/** A conversation of the site, with `profileId`'s place in it when they are one of its two sides. */
export async function findConversationOf(db: Db, siteId: number, conversationId: number, profileId: number) {
  const row = await db
    .selectFrom('conversations as c')
    .leftJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'c.id').on('cm.profile_id', '=', profileId),
    )
    .selectAll('c')
    .select(['cm.other_profile_id', 'cm.cleared_up_to'])
    .where('c.id', '=', conversationId)
    .where('c.site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { other_profile_id, cleared_up_to, ...conversation } = row;
  const membership = other_profile_id === null || cleared_up_to === null ? null : { other_profile_id, cleared_up_to };
  return { conversation: conversation as ConversationRow, membership };
}

export function findMembership(db: Db, conversationId: number, profileId: number) {
  return db
    .selectFrom('conversation_members')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export function findMessageByClientId(db: Db, senderProfileId: number, clientId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_profile_id', '=', senderProfileId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Conversations a profile has written in. */
export async function countConversationsWrittenIn(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .where('wrote', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a message, unless its sender stored one with this client id before: then undefined. */
export function insertMessageOnce(db: Db, message: Insertable<MessagesTable>): Promise<MessageRow | undefined> {
  return db
    .insertInto('messages')
    .values(message)
    .onConflict((conflict) => conflict.columns(['sender_profile_id', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function setMessageCredits(db: Db, id: number, credits: number): Promise<MessageRow> {
  return db.updateTable('messages').set({ credits }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * After a message: the sender has read up to it and has written here (unless it is a line the app
 * wrote for them, which counts as no message); the recipient has one more unread. Both see the
 * conversation again, at the top of their list. Returns the recipient's unread messages in all
 * their conversations after it (none for a hosted profile); on PostgreSQL all in one statement.
 */
export async function recordMessage(
  db: Db,
  message: Pick<MessageRow, 'id' | 'conversation_id' | 'sender_profile_id' | 'created_at'>,
  recipient: { id: number; hosted: boolean },
  written = true,
): Promise<number> {
  const { id, conversation_id, sender_profile_id, created_at } = message;
  const conversationChange = () =>
    db
      .updateTable('conversations')
      .set({
        last_message_id: id,
        awaiting_reply_since: recipient.hosted ? sql`coalesce(awaiting_reply_since, ${created_at})` : null,
      })
      .where('id', '=', conversation_id);
  const isSender = sql<boolean>`profile_id = ${sender_profile_id}`;
  const membersChange = () =>
    db
      .updateTable('conversation_members')
      .set({
        hidden: 0,
        last_activity_at: created_at,
        wrote: written ? sql`case when ${isSender} then 1 else wrote end` : sql`wrote`,
        last_read_message_id: sql`case when ${isSender} then ${id} else last_read_message_id end`,
        unread_count: sql`case when ${isSender} then unread_count else unread_count + 1 end`,
      })
      .where('conversation_id', '=', conversation_id);
  if (engineOf(db) !== 'postgres') {
    await conversationChange().execute();
    await membersChange().execute();
    return recipient.hosted ? 0 : totalUnread(db, recipient.id);
  }
  // This conversation's count as the update leaves it, the others' as they are.
  const unread = recipient.hosted
    ? sql<number>`0`
    : sql<number>`(select unread_count from changed_members where profile_id = ${recipient.id})
        + (select coalesce(sum(unread_count), 0) from conversation_members
           where profile_id = ${recipient.id} and hidden = 0 and conversation_id <> ${conversation_id})`;
  const row = await db
    .with('changed_conversation', conversationChange)
    .with('changed_members', () => membersChange().returning(['profile_id', 'unread_count']))
    .selectNoFrom(unread.as('unread'))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/**
 * A page of a member's conversations, newest activity first, after `before` (keyset: a later page
 * costs what the first does), narrowed by `where`; each with what was said last, unless
 * the member cleared it. The page of memberships is taken first (by the index
 * conversation_members_list), so the conversations and messages are looked up by key for its rows only.
 */
export function listConversations(db: Db, profileId: number, limit: number, where: ConversationsWhere = {}) {
  return db
    .selectFrom((eb) => {
      let listed = eb
        .selectFrom('conversation_members')
        .select(['conversation_id', 'other_profile_id', 'unread_count', 'last_activity_at', 'cleared_up_to'])
        .where('profile_id', '=', profileId)
        .where('hidden', '=', 0);
      const { before, otherProfileId } = where;
      if (before) {
        listed = listed.where((inner) =>
          inner.or([
            inner('last_activity_at', '<', before.activityAt),
            inner.and([
              inner('last_activity_at', '=', before.activityAt),
              inner('conversation_id', '<', before.conversation),
            ]),
          ]),
        );
      }
      if (otherProfileId !== undefined) listed = listed.where('other_profile_id', '=', otherProfileId);
      if (where.unreadOnly) listed = listed.where('unread_count', '>', 0);
      return listed.orderBy('last_activity_at', 'desc').orderBy('conversation_id', 'desc').limit(limit).as('cm');
    })
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .leftJoin('messages as m', (join) =>
      join.onRef('m.id', '=', 'c.last_message_id').onRef('m.id', '>', 'cm.cleared_up_to'),
    )
    .select([
      'cm.conversation_id',
      'cm.other_profile_id',
      'cm.unread_count',
      'cm.last_activity_at',
      'm.kind',
      'm.body',
      'm.gift',
      'm.sender_profile_id',
      'm.created_at',
    ])
    .orderBy('cm.last_activity_at', 'desc')
    .orderBy('cm.conversation_id', 'desc')
    .execute();
}

export interface ConversationsWhere {
  before?: ChatsCursor;
  otherProfileId?: number;
  /** Only those with messages the member has not read. */
  unreadOnly?: boolean;
}

/** Every conversation a member is in, oldest first, with when it began (their data export). */
export function conversationsOfMember(db: Db, profileId: number) {
  return db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select(['cm.conversation_id', 'cm.other_profile_id', 'cm.hidden', 'c.created_at'])
    .where('cm.profile_id', '=', profileId)
    .orderBy('cm.conversation_id')
    .execute();
}

/** A page of a conversation's messages after `afterId`, oldest first: all of them, cleared ones too. */
export function messagesAfter(db: Db, conversationId: number, afterId: number, limit: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * A page of messages, newest first: before `before` (older pages), or after `after` (catching up,
 * oldest first then), never those the member cleared by deleting the conversation.
 */
export function messagesPage(
  db: Db,
  conversationId: number,
  range: { clearedUpTo: number; before?: number; after?: number; limit: number },
) {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '>', Math.max(range.clearedUpTo, range.after ?? 0));
  if (range.before !== undefined) query = query.where('id', '<', range.before);
  return query
    .orderBy('id', range.after !== undefined ? 'asc' : 'desc')
    .limit(range.limit)
    .execute();
}

/** How many messages the member may see that are newer than `id` (the history limit counts these). */
export async function countMessagesFrom(db: Db, conversationId: number, id: number, clearedUpTo: number) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('id', '>=', id)
    .where('id', '>', clearedUpTo)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the conversation read up to `upTo` for the member; true when something was unread. */
export async function markRead(db: Db, conversationId: number, profileId: number, upTo: number): Promise<boolean> {
  const result = await db
    .updateTable('conversation_members')
    .set({ unread_count: 0, last_read_message_id: upTo })
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', profileId)
    .where((eb) => eb.or([eb('unread_count', '>', 0), eb('last_read_message_id', '<', upTo)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Hides the conversation for this member only, with every message so far. */
export async function hideConversation(db: Db, conversationId: number, profileId: number, upTo: number) {
  const result = await db
    .updateTable('conversation_members')
    .set({ hidden: 1, unread_count: 0, cleared_up_to: upTo, last_read_message_id: upTo })
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function profilesWithUnreadBefore(db: Db, siteId: number, before: string): Promise<number[]> {
  const rows = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select('cm.profile_id')
    .distinct()
    .where('c.site_id', '=', siteId)
    .where('cm.unread_count', '>', 0)
    .where('cm.hidden', '=', 0)
    .where('cm.last_activity_at', '<', before)
    .execute();
  return rows.map((row) => row.profile_id);
}

export async function totalUnread(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('unread_count'), eb.lit(0)).as('n'))
    .where('profile_id', '=', profileId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The messages of all a member's conversations after `id`, oldest first (a reconnecting socket). */
export function messagesOfMemberAfter(db: Db, profileId: number, id: number, limit: number) {
  return db
    .selectFrom('messages as m')
    .innerJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.profile_id', '=', profileId),
    )
    .selectAll('m')
    .where('m.id', '>', id)
    .whereRef('m.id', '>', 'cm.cleared_up_to')
    .orderBy('m.id', 'asc')
    .limit(limit)
    .execute();
}

/** The message that holds this photo file, with the two sides of its conversation. */
export function findPhotoMessage(db: Db, file: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.conversation_id', 'c.site_id', 'c.profile_low', 'c.profile_high'])
    .where('m.photo_file', '=', file)
    .executeTakeFirst();
}

/** Whether a profile's conversation on the site holds a message with this photo file. */
export async function photoSentInConversationOf(db: Db, siteId: number, file: string, profileId: number) {
  const found = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select('m.id')
    .where('m.photo_file', '=', file)
    .where('c.site_id', '=', siteId)
    .where((eb) => eb.or([eb('c.profile_low', '=', profileId), eb('c.profile_high', '=', profileId)]))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
