/** Operators' claims on hosted profiles' conversations: who holds one, until when. */
import { sql } from 'kysely';
import { type Db, engineOf } from '../platform/db/index.js';

/** The advisory-lock key space of operators' claims (see likes/queries.ts for the others). */
const OPERATOR_CLAIM_LOCKS = 7;

/** Serialises one operator's claims until the transaction ends, so parallel claims cannot pass their capacity. */
export async function lockClaimsOf(db: Db, staffId: number): Promise<void> {
  if (engineOf(db) === 'postgres')
    await sql`select pg_advisory_xact_lock(${OPERATOR_CLAIM_LOCKS}, ${staffId})`.execute(db);
}

/** How many conversations other than `except` the operator holds now. */
export async function liveClaimsOf(db: Db, staffId: number, now: string, except: number): Promise<number> {
  const row = await db
    .selectFrom('operator_claims')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now)
    .where('conversation_id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Claims a conversation for one operator until `until`: free, expired, or already theirs. One
 * statement, so of two operators claiming at once exactly one gets it.
 */
export async function claim(db: Db, conversationId: number, staffId: number, now: string, until: string) {
  const row = await db
    .insertInto('operator_claims')
    .values({ conversation_id: conversationId, staff_id: staffId, expires_at: until })
    .onConflict((conflict) =>
      conflict
        .column('conversation_id')
        .doUpdateSet({ staff_id: staffId, expires_at: until })
        .where((eb) =>
          eb.or([eb('operator_claims.staff_id', '=', staffId), eb('operator_claims.expires_at', '<=', now)]),
        ),
    )
    .returning('conversation_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Extends the operator's claim while it still holds; false when it has expired or is another's. */
export async function renewClaim(db: Db, conversationId: number, staffId: number, now: string, until: string) {
  const result = await db
    .updateTable('operator_claims')
    .set({ expires_at: until })
    .where('conversation_id', '=', conversationId)
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the operator holds the conversation now (without renewing the claim). */
export async function holds(db: Db, conversationId: number, staffId: number, now: string) {
  const row = await db
    .selectFrom('operator_claims')
    .select('conversation_id')
    .where('conversation_id', '=', conversationId)
    .where('staff_id', '=', staffId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function release(db: Db, conversationId: number, staffId: number) {
  await db
    .deleteFrom('operator_claims')
    .where('conversation_id', '=', conversationId)
    .where('staff_id', '=', staffId)
    .execute();
}

/** Lets go of every claim on these conversations (a retired hosted profile's). */
export async function releaseAll(db: Db, conversationIds: number[]) {
  if (conversationIds.length === 0) return;
  await db.deleteFrom('operator_claims').where('conversation_id', 'in', conversationIds).execute();
}

/** Who holds which of these conversations now. */
export async function holders(db: Db, conversationIds: number[], now: string): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('operator_claims')
    .select(['conversation_id', 'staff_id'])
    .where('conversation_id', 'in', conversationIds)
    .where('expires_at', '>', now)
    .execute();
  return new Map(rows.map((row) => [row.conversation_id, row.staff_id]));
}
