/** The chat's figures for the back office's dashboard: messages to hosted profiles, and operators' answer times. */
import { SENT_KINDS } from '@amora/common';
import { sql } from 'kysely';
import { dayOf, type FigurePeriod } from '../platform/db/figures.js';
import type { Db } from '../platform/db/index.js';

/** `and c.site_id = …` when the figures are of one site. */
const onSite = (period: FigurePeriod) => (period.siteId === undefined ? sql`` : sql`and c.site_id = ${period.siteId}`);

/**
 * Members' messages to hosted profiles in the period (what they send, never a line the app wrote
 * about private photos): hosted conversations, then each one's
 * messages of the period on the index messages_by_conversation_time. (`cross join` keeps that
 * order on SQLite, which would otherwise read every message ever written; PostgreSQL plans it as
 * any join.)
 */
const MEMBER_MESSAGES = (period: FigurePeriod) => sql`
  from conversations c
  cross join messages m
  where m.conversation_id = c.id and c.hosted_profile_id is not null ${onSite(period)}
    and m.created_at >= ${period.from} and m.created_at < ${period.to}
    and m.sender_profile_id <> c.hosted_profile_id and m.kind in (${sql.join([...SENT_KINDS])})`;

export async function messagesToHosted(db: Db, period: FigurePeriod): Promise<number> {
  const { rows } = await sql<{ messages: number | string }>`
    select count(*) as messages ${MEMBER_MESSAGES(period)}`.execute(db);
  return Number(rows[0]?.messages ?? 0);
}

/** Members' messages to hosted profiles per UTC day of the period (days without any left out). */
export async function messagesToHostedByDay(db: Db, period: FigurePeriod) {
  const day = sql.raw(dayOf('m.created_at'));
  const { rows } = await sql<{ day: string; messages: number | string }>`
    select ${day} as day, count(*) as messages ${MEMBER_MESSAGES(period)}
    group by ${day} order by ${day}`.execute(db);
  return rows.map((row) => ({ day: row.day, messages: Number(row.messages) }));
}

/** Conversations whose member waits now for an operator's answer (on the index conversations_awaiting). */
export async function conversationsWaiting(db: Db, siteId?: number): Promise<number> {
  let query = db
    .selectFrom('conversations as c')
    .select((eb) => eb.fn.countAll<number | string>().as('waiting'))
    .where('c.awaiting_reply_since', 'is not', null);
  if (siteId !== undefined) query = query.where('c.site_id', '=', siteId);
  return Number((await query.executeTakeFirstOrThrow()).waiting);
}

/** The wait an operator's answer ended: from the member's first message since the last answer to this one. */
export async function insertAnswerWait(
  db: Db,
  wait: { messageId: number; siteId: number; askedAt: string; answeredAt: string },
): Promise<void> {
  const seconds = Math.round((Date.parse(wait.answeredAt) - Date.parse(wait.askedAt)) / 1000);
  await db
    .insertInto('answer_waits')
    .values({
      message_id: wait.messageId,
      site_id: wait.siteId,
      asked_at: wait.askedAt,
      answered_at: wait.answeredAt,
      seconds,
    })
    .execute();
}

/**
 * Operators' time to first answer, over the waits that began in the period and were answered
 * (conversationsWaiting counts those not answered yet). Each answer wrote its wait (answer_waits),
 * so the period's waits are read on the index answer_waits_by_time and ranked. Median and p90 are
 * nearest-rank: the smallest delay with at least half (nine tenths) of the delays at or below it,
 * ranked by row_number() as SQLite has no percentile function.
 */
export async function firstAnswerTimes(db: Db, period: FigurePeriod) {
  const onSiteOfWait = period.siteId === undefined ? sql`` : sql`and site_id = ${period.siteId}`;
  const { rows } = await sql<{
    answered: number | string;
    median_seconds: number | string | null;
    p90_seconds: number | string | null;
  }>`
    with ranked as (
      select seconds, row_number() over (order by seconds) as position, count(*) over () as answered
      from answer_waits
      where asked_at >= ${period.from} and asked_at < ${period.to} ${onSiteOfWait}
    )
    select count(*) as answered,
      min(case when position * 2 >= answered then seconds end) as median_seconds,
      min(case when position * 10 >= answered * 9 then seconds end) as p90_seconds
    from ranked`.execute(db);
  const row = rows[0];
  const asNumber = (value: number | string | null | undefined) => (value == null ? null : Number(value));
  return {
    answered: Number(row?.answered ?? 0),
    medianSeconds: asNumber(row?.median_seconds),
    p90Seconds: asNumber(row?.p90_seconds),
  };
}
