import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: each wait an operator's answer ended, written with the answer (when the member began
 * waiting, when it was answered, and the seconds between), so that the dashboard's time to first
 * answer ranks the period's waits instead of reading every message of it. Filled from the messages
 * there are: an answer ends the wait begun by the member's first message after the previous answer.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('answer_waits')
    .addColumn('message_id', 'integer', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('asked_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answer_waits_by_time')
    .on('answer_waits')
    .columns(['asked_at', 'site_id', 'seconds'])
    .execute();
  const seconds =
    engine === 'postgres'
      ? sql`round(extract(epoch from (answered_at::timestamptz - asked_at::timestamptz)))`
      : sql`round((julianday(answered_at) - julianday(asked_at)) * 86400)`;
  await sql`
    insert into answer_waits (message_id, site_id, asked_at, answered_at, seconds)
    select message_id, site_id, asked_at, answered_at, ${seconds}
    from (
      select a.id as message_id, c.site_id, a.created_at as answered_at,
        (select min(m.created_at) from messages m
          where m.conversation_id = a.conversation_id and m.id < a.id and m.sender_profile_id <> c.hosted_profile_id
            and m.id > coalesce((select max(p.id) from messages p
              where p.conversation_id = a.conversation_id and p.id < a.id
                and p.sender_profile_id = c.hosted_profile_id), 0)) as asked_at
      from messages a
      join conversations c on c.id = a.conversation_id
      where c.hosted_profile_id is not null and a.sender_profile_id = c.hosted_profile_id
    ) answers
    where asked_at is not null`.execute(db);
}
