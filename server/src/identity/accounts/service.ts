/**
 * The account: the member as user.php shows them and as the other domains take them, their
 * language, premium and notification mail, a moderator's suspension or ban, and what the back
 * office's dashboard and member pages read of accounts.
 */
import { isLocale, type Locale, MAIL_OFF_REASONS, type MailOffReason, normaliseEmail, type User } from '@amora/common';
import type { MembersService } from '../../members/profiles/service.js';
import type { CreditsService } from '../../money/credits/service.js';
import type { Clock } from '../../platform/clock.js';
import type { FigurePeriod } from '../../platform/db/figures.js';
import type { Db } from '../../platform/db/index.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Site } from '../../platform/site.js';
import { hasPassword } from '../credentials/passwords.js';
import type { AccountLinks } from '../links/service.js';
import type { Member } from '../member.js';
import type { PasskeysService } from '../passkeys/service.js';
import type { SessionsService } from '../sessions/service.js';
import { publishAccountChange, recordAccountChange } from './changes.js';
import { liveUser } from './checks.js';
import { keepOwnAnswers, type OwnAnswer } from './own-answers.js';
import * as queries from './queries.js';

interface Deps {
  db: Db;
  clock: Clock;
  members: MembersService;
  credits: CreditsService;
  events: EventBus;
  links: AccountLinks;
  sessions: SessionsService;
  passkeys: PasskeysService;
}

/** Why notification mail is off for the member (SPEC §4); empty while it is on. */
function mailOffReasons(user: UserRow): MailOffReason[] {
  const stored = JSON.parse(user.notifications_disabled) as string[];
  return MAIL_OFF_REASONS.filter((reason) => stored.includes(reason));
}

/** Whom a notification is for: where it goes, in which language, and whether mail may go at all. */
export interface NotificationTarget {
  userId: number;
  siteId: number;
  email: string;
  locale: Locale;
  confirmed: boolean;
  mailOff: MailOffReason[];
}

function notificationTargetOf(user: UserRow): NotificationTarget {
  return {
    userId: user.id,
    siteId: user.site_id,
    email: user.email,
    locale: isLocale(user.language) ? user.language : 'en',
    confirmed: user.status === 'confirmed',
    mailOff: mailOffReasons(user),
  };
}

export function createAccountsService({ db, clock, members, credits, events, links, sessions, passkeys }: Deps) {
  const nowIso = () => clock.now().toISOString();

  const ownAnswers = keepOwnAnswers(events);

  async function readOwnAnswer(userId: number, site: Site): Promise<OwnAnswer> {
    const [balance, freeMessages, profile] = await Promise.all([
      credits.balance(userId),
      credits.freeMessages(userId),
      members.ownProfile(userId),
    ]);
    return {
      credits: balance,
      free_messages: freeMessages,
      message_prices: await credits.messagePrices(site, profile.country || null),
      profile,
    };
  }

  /** The language each account chose (staff see it beside the member's messages). */
  async function languagesOf(userIds: number[]): Promise<Map<number, Locale>> {
    const rows = await queries.languagesOf(db, userIds);
    return new Map(rows.map((row) => [row.id, isLocale(row.language) ? row.language : 'en']));
  }

  return {
    async present(user: UserRow, site: Site): Promise<User> {
      const own = await ownAnswers.get(await members.profileIdOf(user.id), () => readOwnAnswer(user.id, site));
      return {
        id: user.id,
        email: user.email,
        status: user.status,
        credits: own.credits,
        free_messages: own.free_messages,
        message_prices: own.message_prices,
        paid_user: user.paid_user === 1,
        signup_date: user.signup_date,
        language: isLocale(user.language) ? user.language : 'en',
        notifications_disabled: mailOffReasons(user),
        pending_email: user.pending_email,
        fictional_icon: site.settings.fictional_icon,
        profile: own.profile,
      };
    },

    /** The logged-in member as user.php shows it; asking for it counts as being active. */
    async currentUser(userId: number, site: Site): Promise<User | null> {
      return this.presentActive(await liveUser(db, userId), site);
    },

    /** The same, of the user a session read just now (userBySession). */
    async presentActive(user: UserRow | null, site: Site): Promise<User | null> {
      if (!user) return null;
      await members.markActive(user.id);
      return this.present(user, site);
    },

    /** Who a session's member is, as the other domains take the member who acts. */
    async memberOf(user: UserRow | null): Promise<Member | null> {
      if (!user) return null;
      return {
        userId: user.id,
        email: user.email,
        profileId: await members.profileIdOf(user.id),
        paid: user.paid_user === 1,
        confirmed: user.status === 'confirmed',
        signupDate: user.signup_date,
        language: isLocale(user.language) ? user.language : 'en',
      };
    },

    /** A live member's notification details; null for an account that is gone or being deleted. */
    async notificationTarget(userId: number): Promise<NotificationTarget | null> {
      const user = await liveUser(db, userId);
      return user && notificationTargetOf(user);
    },

    languagesOf,

    /** Whom a notification goes to: the details and the member, from one read of the account. */
    async notificationRecipient(userId: number) {
      const user = await liveUser(db, userId);
      const member = await this.memberOf(user);
      return user && member && { target: notificationTargetOf(user), member };
    },

    /** The member behind a user id, as services take one; null for an account that is gone. */
    async memberById(userId: number) {
      return this.memberOf(await liveUser(db, userId));
    },

    /**
     * The account as its member's data export shows it, and where they are signed in; null for an
     * account that is gone or being deleted, whose data nobody may export.
     */
    async exportOf(userId: number) {
      const user = await liveUser(db, userId);
      if (!user) return null;
      const signedIn = await sessions.list(userId);
      return {
        account: {
          id: user.id,
          email: user.email,
          pending_email: user.pending_email,
          language: user.language,
          status: user.status,
          signup_date: user.signup_date,
          premium: user.paid_user === 1,
          signup_message: user.signup_message,
          notification_mail_off: mailOffReasons(user),
          has_password: hasPassword(user),
        },
        sessions: signedIn.map(({ current, ...session }) => session),
        passkeys: await passkeys.list(userId),
      };
    },

    /** The back office's dashboard: signups and activations, and signups per day. */
    signupFigures: (period: FigurePeriod) => queries.signupFigures(db, period),
    signupsByDay: (period: FigurePeriod) => queries.signupsByDay(db, period),

    /** The confirmed members of a site (the weekly update). */
    confirmedMemberIds: (siteId: number) => queries.userIdsOfSite(db, siteId, 'confirmed'),

    /** Members of a site who signed up in the period and never confirmed their address (the reminder). */
    unconfirmedSignedUpBetween: (siteId: number, from: string, to: string) =>
      queries.userIdsOfSite(db, siteId, 'not_confirmed', { from, to }),

    /** Stops notification mail for a reason; the list changes only if nobody changed it meanwhile. */
    async turnMailOff(userId: number, reason: MailOffReason) {
      for (;;) {
        const user = await queries.findUserById(db, userId);
        if (!user) return;
        const reasons = mailOffReasons(user);
        if (reasons.includes(reason)) return;
        const next = MAIL_OFF_REASONS.filter((each) => each === reason || reasons.includes(each));
        const changed = await queries.replaceNotificationsDisabled(db, userId, user.notifications_disabled, next);
        if (changed) return publishAccountChange(events, user);
      }
    },

    async turnMailOn(userId: number) {
      const user = await queries.updateUser(db, userId, { notifications_disabled: '[]' });
      if (user) await publishAccountChange(events, user);
    },

    /** Every account with this address, on any site: a bounce or complaint is about the address. */
    userIdsWithEmail: (email: string) => queries.userIdsWithEmailKey(db, normaliseEmail(email)),

    /** A fresh activation link for a member still to confirm (the reminder mail), or null. */
    async activationLink(userId: number, origin: string): Promise<string | null> {
      const user = await liveUser(db, userId);
      if (!user || user.status === 'confirmed') return null;
      return links.address(origin, 'activate', await links.issue(user.id, 'activate'));
    },

    /** Premium follows the member's purchases: set in the transaction that changed them. */
    async setPremium(userId: number, premium: boolean, trx: Db) {
      const user = await queries.updateUser(trx, userId, { paid_user: premium ? 1 : 0 });
      if (user) await recordAccountChange(events, trx, user);
    },

    /** Accounts for staff: by address on any site, and what staff may see of them (never a password). */
    userIdsByEmail: async (email: string) =>
      (await queries.usersByEmailKey(db, normaliseEmail(email))).map((row) => row.id),
    accountsForStaff: (userIds: number[]) => queries.accountsByIds(db, userIds),

    /**
     * A moderator's measure, in the transaction of their decision: the member can no longer sign
     * in, their profile leaves every list and page, and their sessions end (sockets close once it
     * is committed). A ban also keeps the address from signing up on the site again. False when
     * the measure stood already.
     */
    async suspend(trx: Db, userId: number, kind: 'suspension' | 'ban'): Promise<boolean> {
      const user = await queries.findUserById(trx, userId);
      if (!user || !(await queries.markSuspended(trx, userId, kind, nowIso()))) return false;
      await recordAccountChange(events, trx, user);
      if (kind === 'ban') await queries.banAddress(trx, user.site_id, user.email_key, nowIso());
      if (!user.deleted_at) await members.suspendProfile(userId, trx);
      await sessions.endAllOf(trx, user);
      return true;
    },

    /** Lifts a suspension or a ban: the member signs in and is seen again. False when none stood. */
    async lift(trx: Db, userId: number): Promise<boolean> {
      const user = await queries.findUserById(trx, userId);
      if (!user || !(await queries.markLifted(trx, userId))) return false;
      await recordAccountChange(events, trx, user);
      await queries.unbanAddress(trx, user.site_id, user.email_key);
      if (!user.deleted_at) await members.restoreProfile(userId, user.status === 'confirmed', trx);
      return true;
    },

    async setLanguage(userId: number, language: Locale) {
      const user = await queries.updateUser(db, userId, { language });
      if (user) await publishAccountChange(events, user);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
