/** The queries of signing a member in: the browsers they signed in from, and failed sign-ins. */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/**
 * Notes that the member signed in from this browser; true when it is new to them and they had
 * signed in from another before (their very first, at signup or from before devices were kept, is not news).
 */
export async function rememberDevice(db: Db, userId: number, deviceHash: string, now: string): Promise<boolean> {
  const added = await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, first_seen_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!added) return false;
  const other = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('device_hash', '!=', deviceHash)
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}

// Sign-in attempts (failures until a success)

/** Whose sign-ins are counted: an address on a site for members, an address across sites for staff. */
export interface SignInKey {
  kind: 'member' | 'staff';
  /** 0 for staff, who belong to no site. */
  siteId: number;
  emailKey: string;
}

/**
 * Counts a sign-in attempt before its secret is checked, in one statement, so attempts sent at
 * once each get a number of their own and only the first few are checked at all. A block that
 * has run out starts the count again. Returns the attempt's number and the block in force.
 */
export async function countLoginAttempt(
  db: Db,
  key: SignInKey,
  now: string,
): Promise<{ number: number; blockedUntil: string | null }> {
  const blockOver = sql<boolean>`login_failures.blocked_until is not null and login_failures.blocked_until <= ${now}`;
  const row = await db
    .insertInto('login_failures')
    .values({
      kind: key.kind,
      site_id: key.siteId,
      email_key: key.emailKey,
      failures: 1,
      blocked_until: null,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['kind', 'site_id', 'email_key']).doUpdateSet({
        failures: sql`case when ${blockOver} then 1 else login_failures.failures + 1 end`,
        blocked_until: sql`case when ${blockOver} then null else login_failures.blocked_until end`,
        updated_at: now,
      }),
    )
    .returning(['failures', 'blocked_until'])
    .executeTakeFirstOrThrow();
  return { number: row.failures, blockedUntil: row.blocked_until };
}

/** Blocks sign-ins to the address until `until`, unless a block is in force already; returns the block in force. */
export async function blockLogins(db: Db, key: SignInKey, until: string): Promise<string> {
  const row = await db
    .updateTable('login_failures')
    .set((eb) => ({ blocked_until: eb.fn.coalesce('blocked_until', eb.val(until)) }))
    .where('kind', '=', key.kind)
    .where('site_id', '=', key.siteId)
    .where('email_key', '=', key.emailKey)
    .returning('blocked_until')
    .executeTakeFirst();
  return row?.blocked_until ?? until;
}

/** Lifts the count and any block: the sign-in succeeded, or the owner (or an admin) showed who they are. */
export async function clearLoginFailures(db: Db, key: SignInKey): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('kind', '=', key.kind)
    .where('site_id', '=', key.siteId)
    .where('email_key', '=', key.emailKey)
    .execute();
}

/** Lifts a block in force (an admin's unlock), with its count; false when none was. */
export async function liftBlock(db: Db, key: SignInKey, now: string): Promise<boolean> {
  const result = await db
    .deleteFrom('login_failures')
    .where('kind', '=', key.kind)
    .where('site_id', '=', key.siteId)
    .where('email_key', '=', key.emailKey)
    .where('blocked_until', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The staff addresses blocked now, with until when. */
export async function blockedStaff(db: Db, now: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['email_key', 'blocked_until'])
    .where('kind', '=', 'staff')
    .where('blocked_until', '>', now)
    .execute();
  return new Map(rows.map((row) => [row.email_key, row.blocked_until as string]));
}
