/** The chat's tables as operators need them: hosted profiles' conversations, waiting or not. */
import type { Db } from '../platform/db/index.js';

/** Conversations whose member waits for the hosted side's answer, longest waiting first. */
export function awaitingOperators(db: Db, siteId: number, limit: number) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('messages as m', 'm.id', 'c.last_message_id')
    .select([
      'c.id',
      'c.hosted_profile_id',
      'c.profile_low',
      'c.profile_high',
      'c.awaiting_reply_since',
      'm.kind',
      'm.body',
      'm.gift',
    ])
    .where('c.site_id', '=', siteId)
    .where('c.awaiting_reply_since', 'is not', null)
    .orderBy('c.awaiting_reply_since', 'asc')
    .limit(limit)
    .execute();
}

/** The newest messages of a conversation, newest first (an operator's view, nothing cleared). */
export function latestMessages(db: Db, conversationId: number, limit: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Per hosted profile: its conversations, and how many of them wait for an answer. */
export function conversationCountsOfHosted(db: Db, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('conversations')
    .select((eb) => [
      'hosted_profile_id',
      eb.fn.countAll<number | string>().as('conversations'),
      eb.fn.count<number | string>('awaiting_reply_since').as('waiting'),
    ])
    .where('hosted_profile_id', 'in', profileIds)
    .groupBy('hosted_profile_id')
    .execute();
}

/** The hosted profiles with most conversations waiting for an answer, on one site or all. */
export async function hostedWithMostWaiting(db: Db, siteId: number | undefined, limit: number): Promise<number[]> {
  let query = db
    .selectFrom('conversations')
    .select('hosted_profile_id')
    .where('awaiting_reply_since', 'is not', null)
    .where('hosted_profile_id', 'is not', null);
  if (siteId !== undefined) query = query.where('site_id', '=', siteId);
  const rows = await query
    .groupBy('hosted_profile_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.hosted_profile_id as number);
}

/** Which of these photo files were sent in a message. */
export async function sentPhotoFiles(db: Db, files: string[]): Promise<Set<string>> {
  if (files.length === 0) return new Set();
  const rows = await db
    .selectFrom('messages')
    .select('photo_file')
    .distinct()
    .where('photo_file', 'in', files)
    .execute();
  return new Set(rows.flatMap((row) => (row.photo_file ? [row.photo_file] : [])));
}

/** A retired hosted profile's conversations wait for nobody any more: out of the inbox. Returns their ids. */
export async function stopAwaitingHosted(db: Db, hostedProfileId: number): Promise<number[]> {
  const rows = await db
    .updateTable('conversations')
    .set({ awaiting_reply_since: null })
    .where('hosted_profile_id', '=', hostedProfileId)
    .where('awaiting_reply_since', 'is not', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
