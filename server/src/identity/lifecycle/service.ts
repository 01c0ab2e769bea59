/**
 * An account's life: signup (and the ready members of the demo and the tests), deletion by its
 * member with a grace period and reactivation, and erasure (at once by staff, or once the grace is over).
 */
import {
  DELETION_GRACE_DAYS,
  type DeleteAccountRequest,
  type Locale,
  normaliseEmail,
  type SignupRequest,
  visitorMaySignUp,
} from '@amora/common';
import type { MembersService } from '../../members/profiles/service.js';
import type { CreditsService } from '../../money/credits/service.js';
import { addDays, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import { type Db, type InTransaction, isUniqueViolation } from '../../platform/db/index.js';
import type { UserRow } from '../../platform/db/schema.js';
import { DomainError, fieldError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Site } from '../../platform/site.js';
import { recordAccountChange } from '../accounts/changes.js';
import { assertEmailFree, refuseSuspended, requireLiveUser } from '../accounts/checks.js';
import * as accountQueries from '../accounts/queries.js';
import { hashPassword } from '../credentials/passwords.js';
import type { CredentialsService } from '../credentials/service.js';
import type { AccountLinks } from '../links/service.js';
import type { SessionClient } from '../sessions/devices.js';
import type { SessionsService } from '../sessions/service.js';

interface Deps {
  db: Db;
  clock: Clock;
  members: MembersService;
  credits: CreditsService;
  events: EventBus;
  links: AccountLinks;
  sessions: SessionsService;
  credentials: CredentialsService;
}

/** A double-submitted signup: the other request took the address between our check and insert. */
async function emailTakenOnRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isUniqueViolation(error) ? fieldError('email', 'email_taken') : error;
  }
}

export function createLifecycleService({ db, clock, members, credits, events, links, sessions, credentials }: Deps) {
  const nowIso = () => clock.now().toISOString();

  return {
    async signup(ctx: RequestContext, input: SignupRequest, client: SessionClient) {
      if (!visitorMaySignUp(ctx.site.settings, input.tracking)) throw new DomainError('signup_closed');
      await assertEmailFree(db, ctx.site.id, input.email, 'email_taken', 'email');
      const passwordHash = await hashPassword(input.password);
      const { user, activationToken } = await emailTakenOnRace(
        db.transaction().execute(async (trx) => {
          const user = await accountQueries.insertUser(trx, {
            site_id: ctx.site.id,
            email: input.email.trim(),
            email_key: normaliseEmail(input.email),
            password_hash: passwordHash,
            language: ctx.locale,
            status: 'not_confirmed',
            signup_date: nowIso(),
            signup_message: input.signup_message || null,
            tracking: input.tracking ? JSON.stringify(input.tracking) : null,
          });
          await members.createProfile(
            { userId: user.id, siteId: ctx.site.id, name: input.name.trim(), dateOfBirth: input.date_of_birth },
            trx,
          );
          await credits.openAccount(user.id, ctx.site.settings.free_messages, trx);
          await credits.grant(user.id, ctx.site.settings.signup_credits, 'signup', null, trx);
          return { user, activationToken: await links.issue(user.id, 'activate', null, trx) };
        }),
      );
      await links.mail(ctx, user, 'activate', activationToken);
      return { user, session: await sessions.open(ctx, user, client) };
    },

    /** An activated member with credits, for the demo seed and test factories. */
    async createReadyMember(
      site: Site,
      member: {
        email: string;
        password: string;
        name: string;
        dateOfBirth: string;
        credits?: number;
        /** Messages free of credits; the site's free_messages unless given. */
        freeMessages?: number;
        language?: Locale;
        /** Premium, as after a first credit purchase. */
        paid?: boolean;
        /** A test or demo account: nobody finds it, and no visitor sees it. */
        testAccount?: boolean;
      },
    ) {
      const passwordHash = await hashPassword(member.password);
      const ready = await db.transaction().execute(async (trx) => {
        const user = await accountQueries.insertUser(trx, {
          site_id: site.id,
          email: member.email,
          email_key: normaliseEmail(member.email),
          password_hash: passwordHash,
          language: member.language ?? 'en',
          status: 'confirmed',
          signup_date: nowIso(),
          paid_user: member.paid ? 1 : 0,
        });
        await members.createProfile(
          {
            userId: user.id,
            siteId: site.id,
            name: member.name,
            dateOfBirth: member.dateOfBirth,
            testAccount: member.testAccount,
          },
          trx,
        );
        await members.enableProfile(user.id, trx);
        await credits.openAccount(user.id, member.freeMessages ?? site.settings.free_messages, trx);
        await credits.grant(user.id, member.credits ?? 0, 'seed', null, trx);
        return user;
      });
      // The profile's change is told now, not at the relay's next look, which could drop what
      // other parts keep of the profile after they have read it anew.
      await events.relay();
      return ready;
    },

    async deleteAccount(ctx: RequestContext, userId: number, input: DeleteAccountRequest) {
      const user = await requireLiveUser(db, userId);
      await credentials.assertOwner(ctx, user, input);
      const token = await db.transaction().execute(async (trx) => {
        await accountQueries.updateUser(trx, user.id, {
          deleted_at: nowIso(),
          delete_reason: input.reason,
          delete_comment: input.comment || null,
        });
        await recordAccountChange(events, trx, user);
        await sessions.endAllOf(trx, user);
        await members.withdrawProfile(user.id, trx);
        await events.record(trx, { type: 'account.deleted', siteId: user.site_id, userId: user.id });
        return links.issue(user.id, 'reactivate', null, trx);
      });
      await events.relay();
      await links.mail(ctx, user, 'reactivate', token);
      return { finalDate: addDays(clock.now(), DELETION_GRACE_DAYS) };
    },

    async reactivate(ctx: RequestContext, token: string, client: SessionClient) {
      const userId = await db.transaction().execute(async (trx) => {
        const row = await links.consume(trx, token, 'reactivate');
        if (!row) throw new DomainError('link_invalid');
        const user = await accountQueries.findUserById(trx, row.user_id);
        if (user) refuseSuspended(user);
        await accountQueries.updateUser(trx, row.user_id, {
          deleted_at: null,
          delete_reason: null,
          delete_comment: null,
        });
        if (user) await recordAccountChange(events, trx, user);
        await members.restoreProfile(row.user_id, user?.status === 'confirmed', trx);
        return row.user_id;
      });
      await events.relay();
      const user = await requireLiveUser(db, userId);
      return { user, session: await sessions.open(ctx, user, client) };
    },

    /**
     * Erases an account at once, as its grace period running out would: the account and everything
     * that hangs off it go, and its sessions end (sockets close once committed). False when it was gone.
     * `audit` is written in the erasing transaction.
     */
    async erase(userId: number, audit?: InTransaction<UserRow>): Promise<boolean> {
      const user = await accountQueries.findUserById(db, userId);
      if (!user) return false;
      const profileId = await members.profileIdOf(userId);
      const erased = await db.transaction().execute(async (trx) => {
        await sessions.endAllOf(trx, user);
        if (!(await accountQueries.deleteUser(trx, userId))) return false;
        await recordAccountChange(events, trx, user);
        await events.record(trx, { type: 'account.deleted', siteId: user.site_id, userId });
        await events.record(trx, { type: 'account.erased', siteId: user.site_id, userId, profileId });
        if (audit) await audit(trx, user);
        return true;
      });
      await events.relay();
      return erased;
    },

    /** Erases the accounts whose grace period is over, one by one as an admin's erasure does. */
    async purgeDeletedAccounts(): Promise<number> {
      const due = await accountQueries.usersDeletedBefore(db, addDays(clock.now(), -DELETION_GRACE_DAYS).toISOString());
      let erased = 0;
      for (const userId of due) if (await this.erase(userId)) erased++;
      return erased;
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
