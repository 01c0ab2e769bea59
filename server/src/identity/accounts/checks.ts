/** Checks of an account the identity services share: is it live, is it being deleted, is an address free to take. */
import { DELETION_GRACE_DAYS, normaliseEmail } from '@amora/common';
import { addDays } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { UserRow } from '../../platform/db/schema.js';
import { DomainError, fieldError } from '../../platform/errors.js';
import * as queries from './queries.js';

/** A deleted account, with the day its deletion becomes final. */
export function accountDeleted(deletedAt: string): DomainError {
  const finalDate = addDays(new Date(deletedAt), DELETION_GRACE_DAYS);
  return new DomainError('account_deleted', { date: finalDate.toISOString().slice(0, 10) });
}

/**
 * A suspended or banned account: no way in signs it in (sessions/service.ts `open`), and a mailed
 * link refuses it before it changes anything, so it works again once the suspension is lifted.
 */
export function refuseSuspended(user: Pick<UserRow, 'suspended_at'>): void {
  if (user.suspended_at) throw new DomainError('account_suspended');
}

/** The account, unless it is gone or being deleted. */
export async function liveUser(db: Db, userId: number): Promise<UserRow | null> {
  const user = await queries.findUserById(db, userId);
  return user && !user.deleted_at ? user : null;
}

/** The signed-in member's account; one gone or being deleted asks them to sign in. */
export async function requireLiveUser(db: Db, userId: number): Promise<UserRow> {
  const user = await queries.findUserById(db, userId);
  if (!user || user.deleted_at) throw new DomainError('authentication_required');
  return user;
}

/** Refuses an address that is banned on the site or that an account of the site has. */
export async function assertEmailFree(
  db: Db,
  siteId: number,
  email: string,
  code: 'email_taken' | 'mail_change_duplicate',
  field: string,
) {
  const emailKey = normaliseEmail(email);
  if (await queries.isBanned(db, siteId, emailKey)) throw fieldError(field, 'email_banned');
  if (await queries.findUserByEmail(db, siteId, emailKey)) throw fieldError(field, code);
}
