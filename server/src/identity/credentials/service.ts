/**
 * Credentials: activating the address, the password (changed, reset by mail, or dropped for a
 * passkey), a change of address, and the proof a signed-in member gives before such a change.
 */
import {
  isValidEmail,
  normaliseEmail,
  type PasskeyAssertion,
  type PasswordChangeRequest,
  RESET_MAILS_PER_DAY,
  type ResetDoRequest,
} from '@amora/common';
import type { MembersService } from '../../members/profiles/service.js';
import { addDays, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { UserRow } from '../../platform/db/schema.js';
import { DomainError, fieldError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import { publishAccountChange, recordAccountChange } from '../accounts/changes.js';
import { accountDeleted, assertEmailFree, refuseSuspended, requireLiveUser } from '../accounts/checks.js';
import * as accountQueries from '../accounts/queries.js';
import type { AccountLinks } from '../links/service.js';
import * as passkeyQueries from '../passkeys/queries.js';
import type { PasskeysService } from '../passkeys/service.js';
import type { SessionClient } from '../sessions/devices.js';
import type { SessionsService } from '../sessions/service.js';
import { hashPassword, hasPassword, NO_PASSWORD, verifyPassword } from './passwords.js';

/** How a signed-in member shows it is them before a change that needs it: their password, or a passkey without one. */
export interface OwnerProof {
  password?: string;
  passkey?: PasskeyAssertion;
}

interface Deps {
  db: Db;
  clock: Clock;
  members: MembersService;
  events: EventBus;
  links: AccountLinks;
  sessions: SessionsService;
  passkeys: PasskeysService;
}

export function createCredentialsService({ db, clock, members, events, links, sessions, passkeys }: Deps) {
  /** The account behind a link; a deleted one answers with the deleted-account message. */
  async function refuseDeleted(userId: number, trx: Db = db): Promise<UserRow> {
    const user = await accountQueries.findUserById(trx, userId);
    if (!user) throw new DomainError('link_invalid');
    if (user.deleted_at) throw accountDeleted(user.deleted_at);
    return user;
  }

  /**
   * After a new password or address: no older reset or mail-change link works, no other session
   * either (their sockets close once the transaction is committed and relayed).
   */
  async function endCredentialsOf(trx: Db, user: UserRow, keepSession: string | null = null) {
    await links.invalidate(trx, user.id, 'reset');
    await links.invalidate(trx, user.id, 'mail_change');
    await sessions.endAllOf(trx, user, keepSession);
  }

  /** The member's password, or without one a passkey answered just now; refuses otherwise. */
  async function assertOwner(ctx: RequestContext, user: UserRow, proof: OwnerProof) {
    if (hasPassword(user)) {
      if (!proof.password) throw fieldError('password', 'required');
      if (!(await verifyPassword(user.password_hash, proof.password)))
        throw fieldError('password', 'old_password_wrong');
      return;
    }
    if (!proof.passkey || !(await passkeys.confirms(ctx, user.id, proof.passkey))) {
      throw new DomainError('passkey_refused');
    }
  }

  return {
    assertOwner,

    /** Whether the member has a password (a member with a passkey may drop it). */
    async hasPassword(userId: number): Promise<boolean> {
      return hasPassword(await requireLiveUser(db, userId));
    },

    /**
     * Drops the member's password: from now on they sign in with a passkey, and a reset by mail
     * sets a new password. Only with a passkey, checked while the account is locked.
     */
    async removePassword(userId: number, password: string) {
      const user = await requireLiveUser(db, userId);
      if (!hasPassword(user) || !(await verifyPassword(user.password_hash, password))) {
        throw fieldError('password', 'old_password_wrong');
      }
      await db.transaction().execute(async (trx) => {
        await accountQueries.lockUser(trx, userId);
        if ((await passkeyQueries.passkeysOf(trx, userId)).length === 0) throw new DomainError('passkey_required');
        await accountQueries.updateUser(trx, userId, { password_hash: NO_PASSWORD });
        await recordAccountChange(events, trx, user);
      });
      await events.relay();
    },

    /** Returns false when the link is unknown, used or expired, or its account is deleted (left as it is). */
    async activate(token: string): Promise<boolean> {
      const link = await links.find(token, 'activate');
      const user = link && (await accountQueries.findUserById(db, link.user_id));
      if (!user || user.deleted_at) return false;
      const activated = await db.transaction().execute(async (trx) => {
        const row = await links.consume(trx, token, 'activate');
        if (!row) return false;
        await accountQueries.updateUser(trx, row.user_id, { status: 'confirmed' });
        await recordAccountChange(events, trx, user);
        await members.enableProfile(row.user_id, trx);
        return true;
      });
      if (activated) await events.relay();
      return activated;
    },

    /** A new activation link by mail; `audit` (a staff member's resend) is written with the link. */
    async resendActivation(ctx: RequestContext, userId: number, audit?: InTransaction<UserRow>) {
      const user = await requireLiveUser(db, userId);
      if (user.status === 'confirmed') throw new DomainError('already_activated');
      const token = await db.transaction().execute(async (trx) => {
        const issued = await links.issue(user.id, 'activate', null, trx);
        if (audit) await audit(trx, user);
        return issued;
      });
      await links.mail(ctx, user, 'activate', token);
    },

    async requestPasswordReset(ctx: RequestContext, email: string) {
      const user = await accountQueries.findUserByEmail(db, ctx.site.id, normaliseEmail(email));
      if (!user || user.deleted_at) throw fieldError('email', 'email_not_found');
      const sentToday = await links.countSince(user.id, 'reset', addDays(clock.now(), -1).toISOString());
      if (sentToday >= RESET_MAILS_PER_DAY) throw new DomainError('reset_limit');
      await links.mail(ctx, user, 'reset', await links.issue(user.id, 'reset'));
    },

    async checkResetLink(token: string) {
      const row = await links.find(token, 'reset');
      if (!row) throw new DomainError('link_invalid');
      await refuseDeleted(row.user_id);
    },

    /** A reset sets the password, lifts a login block, and ends every other link and session. */
    async resetPassword(ctx: RequestContext, input: ResetDoRequest, client: SessionClient) {
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        const row = await links.consume(trx, input.token, 'reset');
        if (!row) throw new DomainError('link_invalid');
        const user = await refuseDeleted(row.user_id, trx);
        refuseSuspended(user);
        await accountQueries.updateUser(trx, user.id, { password_hash: passwordHash });
        await recordAccountChange(events, trx, user);
        await sessions.clearLoginFailures(trx, user);
        await endCredentialsOf(trx, user);
        return user.id;
      });
      await events.relay();
      const user = await requireLiveUser(db, userId);
      return { user, session: await sessions.open(ctx, user, client) };
    },

    async changePassword(userId: number, input: PasswordChangeRequest, currentSession: string) {
      const user = await requireLiveUser(db, userId);
      if (!(await verifyPassword(user.password_hash, input.old_password))) {
        throw fieldError('old_password', 'old_password_wrong');
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await accountQueries.updateUser(trx, user.id, { password_hash: passwordHash });
        await recordAccountChange(events, trx, user);
        await endCredentialsOf(trx, user, currentSession);
      });
      await events.relay();
    },

    async requestMailChange(ctx: RequestContext, userId: number, email: string, proof: OwnerProof) {
      const user = await requireLiveUser(db, userId);
      await assertOwner(ctx, user, proof);
      if (!isValidEmail(email)) throw fieldError('email', 'mail_change_invalid');
      if (normaliseEmail(email) === user.email_key) throw fieldError('email', 'mail_change_same');
      await assertEmailFree(db, ctx.site.id, email, 'mail_change_duplicate', 'email');
      await links.invalidate(db, user.id, 'mail_change');
      await accountQueries.updateUser(db, user.id, { pending_email: email.trim() });
      await publishAccountChange(events, user);
      await links.mail(ctx, user, 'mail_change', await links.issue(user.id, 'mail_change', email.trim()), email.trim());
    },

    /**
     * The new address takes over; every other link and session of the member ends (the one that
     * follows the link stays), and the old address is told what changed and how to step in.
     */
    async confirmMailChange(ctx: RequestContext, token: string, currentSession: string | null) {
      const { before, newEmail } = await db.transaction().execute(async (trx) => {
        const row = await links.consume(trx, token, 'mail_change');
        if (!row?.new_email) throw new DomainError('link_invalid');
        const before = await refuseDeleted(row.user_id, trx);
        if (await accountQueries.findUserByEmail(trx, ctx.site.id, normaliseEmail(row.new_email))) {
          throw new DomainError('mail_change_duplicate');
        }
        // Following the link proves the address works, so it also activates the account.
        await accountQueries.updateUser(trx, row.user_id, {
          email: row.new_email,
          email_key: normaliseEmail(row.new_email),
          pending_email: null,
          status: 'confirmed',
        });
        await recordAccountChange(events, trx, before);
        await members.enableProfile(row.user_id, trx);
        await endCredentialsOf(trx, before, currentSession);
        return { before, newEmail: row.new_email };
      });
      await events.relay();
      await links.mail(ctx, before, 'mail_changed', '', before.email, {
        new_email: maskedEmail(newEmail),
        support: ctx.site.settings.support_email,
      });
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;

/** An address with most of its local part hidden, e.g. s•••@example.com, for mails to someone else. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
