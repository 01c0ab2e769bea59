import { type Insertable, sql } from 'kysely';
import { type Db, engineOf } from '../platform/db/index.js';
import { prepared } from '../platform/db/prepared.js';
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

const conversationStatement = prepared((db, p: { siteId: number; conversationId: number }) =>
  db.selectFrom('conversations').selectAll().where('id', '=', p.conversationId).where('site_id', '=', p.siteId),
);

export function findConversation(db: Db, siteId: number, conversationId: number) {
  return conversationStatement.first(db, { siteId, conversationId });
}

const conversationBetweenStatement = prepared((db, p: { low: number; high: number }) =>
  db.selectFrom('conversations').selectAll().where('profile_low', '=', p.low).where('profile_high', '=', p.high),
);

function findConversationBetween(db: Db, profile: number, other: number) {
  const [low, high] = profile < other ? [profile, other] : [other, profile];
  return conversationBetweenStatement.first(db, { low, high });
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
const conversationOfStatement = prepared((db, p: { siteId: number; conversationId: number; profileId: number }) =>
  db
    .selectFrom('conversations as c')
    .leftJoin('conversation_members as cm', (join) =>
      join.onRef('cm.conversation_id', '=', 'c.id').on('cm.profile_id', '=', p.profileId),
    )
    .selectAll('c')
    .select(['cm.other_profile_id', 'cm.cleared_up_to'])
    .where('c.id', '=', p.conversationId)
    .where('c.site_id', '=', p.siteId),
);

export async function findConversationOf(db: Db, siteId: number, conversationId: number, profileId: number) {
  const row = await conversationOfStatement.first(db, { siteId, conversationId, profileId });
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

const messagesPageStatement = prepared(
  (
    db,
    p: { conversationId: number; after: number; before: number; limit: number },
    from: 'newest' | 'before' | 'after',
  ) => {
    let query = db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', p.conversationId)
      .where('id', '>', p.after);
    if (from === 'before') query = query.where('id', '<', p.before);
    return query.orderBy('id', from === 'after' ? 'asc' : 'desc').limit(p.limit);
  },
);

/**
 * A page of messages, newest first: before `before` (older pages), or after `after` (catching up,
 * oldest first then), never those the member cleared by deleting the conversation.
 */
export function messagesPage(
  db: Db,
  conversationId: number,
  range: { clearedUpTo: number; before?: number; after?: number; limit: number },
) {
  const { before, after, limit } = range;
  return messagesPageStatement.rows(
    db,
    { conversationId, after: Math.max(range.clearedUpTo, after ?? 0), before: before ?? 0, limit },
    after !== undefined ? 'after' : before !== undefined ? 'before' : 'newest',
  );
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

const markReadStatement = prepared((db, p: { conversationId: number; profileId: number; upTo: number }) =>
  db
    .updateTable('conversation_members')
    .set({ unread_count: 0, last_read_message_id: p.upTo })
    .where('conversation_id', '=', p.conversationId)
    .where('profile_id', '=', p.profileId)
    .where((eb) => eb.or([eb('unread_count', '>', 0), eb('last_read_message_id', '<', p.upTo)])),
);

/** Marks the conversation read up to `upTo` for the member; true when something was unread. */
export async function markRead(db: Db, conversationId: number, profileId: number, upTo: number): Promise<boolean> {
  return (await markReadStatement.changed(db, { conversationId, profileId, upTo })) > 0;
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
