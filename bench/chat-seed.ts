/**
 * Conversations and messages in bulk for the bench, in SQL on the database itself (a million rows
 * through the chat service would take an hour): the demo member's conversations with hosted
 * profiles, long ones, and many shorter ones between other profiles. Unread counts, last messages
 * and read marks are set as the chat service would have left them.
 */
import { sql } from 'kysely';
import { bulkLoad } from '../server/src/platform/db/bulk-load.js';
import type { Engine } from '../server/src/platform/db/columns.js';
import type { Db } from '../server/src/platform/db/index.js';
import { updatePlannerStatistics } from '../server/src/platform/db/statistics.js';

export interface ChatSeedOptions {
  siteId: number;
  memberProfileId: number;
  /** Profiles to talk with (hosted), at least memberConversations + 2 × otherConversations. */
  profileIds: number[];
  memberConversations: number;
  memberMessages: number;
  otherConversations: number;
  otherMessages: number;
  /** Unread messages the member has in each conversation. */
  unread: number;
}

const BATCH = 1000;
const START = '2026-01-01T00:00:00.000Z';

/** Inserts the conversations and their messages; returns how many messages there are now. */
export async function seedChatsInBulk(db: Db, engine: Engine, options: ChatSeedOptions): Promise<number> {
  const { siteId, memberProfileId, profileIds } = options;
  const pairs: [number, number][] = [];
  for (let i = 0; i < options.memberConversations; i++) pairs.push([memberProfileId, profileIds[i]]);
  const others = profileIds.slice(options.memberConversations);
  for (let i = 0; i < options.otherConversations; i++) pairs.push([others[2 * i], others[2 * i + 1]]);

  for (let i = 0; i < pairs.length; i += BATCH) {
    await db
      .insertInto('conversations')
      .values(
        pairs.slice(i, i + BATCH).map(([a, b]) => ({
          site_id: siteId,
          profile_low: Math.min(a, b),
          profile_high: Math.max(a, b),
          hosted_profile_id: a === memberProfileId ? b : null,
          created_at: START,
        })),
      )
      .execute();
  }

  const messages =
    options.memberConversations * options.memberMessages + options.otherConversations * options.otherMessages;
  await bulkLoad(db, { messages }, (trx) => insertMessages(trx, engine, options));
  await fillInAsTheChatWould(db, options);
  await updatePlannerStatistics(db, ['conversations', 'messages', 'answer_waits', 'conversation_members']);
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function insertMessages(db: Db, engine: Engine, options: ChatSeedOptions) {
  const { siteId, memberProfileId } = options;
  // Message n of a conversation is written n minutes after the start, the sides taking turns.
  const numbers =
    engine === 'postgres'
      ? sql`generate_series(1, ${sql.lit(options.memberMessages)}) as n(n)`
      : sql`(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(options.memberMessages)}) select n from s) as n`;
  const createdAt =
    engine === 'postgres'
      ? sql`to_char(timestamp '2026-01-01' + n.n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n.n || ' minutes')`;
  const isMember = sql`(c.profile_low = ${sql.lit(memberProfileId)} or c.profile_high = ${sql.lit(memberProfileId)})`;
  await sql`
    insert into messages (conversation_id, sender_profile_id, client_id, kind, body, credits, created_at)
    select c.id,
      case when n.n % 2 = 0 then c.profile_low else c.profile_high end,
      c.id || '-' || n.n, 'text', 'Message ' || n.n || ' of the bench: how was your day?', 0, ${createdAt}
    from ${numbers}
    join conversations c on c.site_id = ${siteId}
    where n.n <= case when ${isMember} then ${sql.lit(options.memberMessages)} else ${sql.lit(options.otherMessages)} end
    order by n.n, c.id`.execute(db);
}

/** The answers' waits, last messages, members' read marks and unread counts. */
async function fillInAsTheChatWould(db: Db, { siteId, memberProfileId, unread }: ChatSeedOptions) {
  // Each hosted profile's answer ended the wait its member's message began a minute before, as the
  // chat writes it for every answer (the dashboard's time to first answer ranks these).
  await sql`
    insert into answer_waits (message_id, site_id, asked_at, answered_at, seconds)
    select a.id, c.site_id,
      (select max(p.created_at) from messages p where p.conversation_id = c.id and p.id < a.id), a.created_at, 60
    from conversations c join messages a on a.conversation_id = c.id and a.sender_profile_id = c.hosted_profile_id
    where c.site_id = ${siteId} and c.hosted_profile_id is not null
      and a.id > (select min(f.id) from messages f where f.conversation_id = c.id)`.execute(db);

  await sql`
    update conversations set last_message_id = (select max(m.id) from messages m where m.conversation_id = conversations.id)
    where site_id = ${siteId}`.execute(db);
  for (const [side, other] of [
    ['profile_low', 'profile_high'],
    ['profile_high', 'profile_low'],
  ] as const) {
    await sql`
      insert into conversation_members
        (conversation_id, profile_id, other_profile_id, unread_count, last_read_message_id, wrote, last_activity_at)
      select c.id, c.${sql.ref(side)}, c.${sql.ref(other)},
        case when c.${sql.ref(side)} = ${sql.lit(memberProfileId)} then ${sql.lit(unread)} else 0 end,
        c.last_message_id, 1, m.created_at
      from conversations c join messages m on m.id = c.last_message_id
      where c.site_id = ${siteId}`.execute(db);
  }
}

/** The member's conversation ids, for chat.php requests. */
export async function conversationsOf(db: Db, profileId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('profile_id', '=', profileId)
    .execute();
  return rows.map((row) => row.conversation_id);
}
