/**
 * Accounts: signup, login and sessions, activation, password reset, email and password
 * change, deletion with a grace period and reactivation.
 */
import {
  ACTIVATION_LINK_DAYS,
  DELETION_GRACE_DAYS,
  type DeleteAccountRequest,
  deviceName,
  isLocale,
  isValidEmail,
  LOGIN_BLOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  type Locale,
  MAIL_CHANGE_LINK_HOURS,
  MAIL_OFF_REASONS,
  type MailOffReason,
  normaliseEmail,
  type OpenSession,
  type PasskeyAssertion,
  type PasswordChangeRequest,
  RESET_LINK_HOURS,
  RESET_MAILS_PER_DAY,
  type ResetDoRequest,
  SESSION_DAYS,
  SESSION_SEEN_MINUTES,
  type SignInSeen,
  type SignupRequest,
  type User,
  visitorMaySignUp,
} from '@amora/common';
import { countryOfAddress } from '../geo/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { CreditsService } from '../money/credits/service.js';
import { addDays, addMinutes, type Clock } from '../platform/clock.js';
import type { RequestContext } from '../platform/context.js';
import type { FigurePeriod } from '../platform/db/figures.js';
import { type Db, isUniqueViolation } from '../platform/db/index.js';
import type { TokenPurpose, UserRow } from '../platform/db/schema.js';
import { DomainError, fieldError } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import { translator } from '../platform/i18n.js';
import type { MailService } from '../platform/mail/service.js';
import type { AccountMailKind } from '../platform/mail/templates.js';
import type { Site } from '../platform/site.js';
import { deviceOf, keptUserAgent, type SessionClient } from './devices.js';
import { keepOwnAnswers, type OwnAnswer } from './own-answers.js';
import type { Passkeys } from './passkeys.js';
import { hashPassword, hasPassword, NO_PASSWORD, verifyAgainstNothing, verifyPassword } from './passwords.js';
import * as queries from './queries.js';
import { hashSecret, newSecret } from './tokens.js';

export interface Session {
  token: string;
  expires: Date;
  /** The browser's device cookie: the one it came with, or a new one for a browser that had none. */
  device: string;
}

interface Deps {
  db: Db;
  clock: Clock;
  members: MembersService;
  credits: CreditsService;
  mail: MailService;
  events: EventBus;
  passkeys: Passkeys;
}

/** What a member without a password keeps in users.password_hash. */

/** How a signed-in member shows it is them before a change that needs it: their password, or a passkey without one. */
export interface OwnerProof {
  password?: string;
  passkey?: PasskeyAssertion;
}

const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  activate: ACTIVATION_LINK_DAYS * 24 * 60,
  reset: RESET_LINK_HOURS * 60,
  mail_change: MAIL_CHANGE_LINK_HOURS * 60,
  reactivate: DELETION_GRACE_DAYS * 24 * 60,
};

/** The mails of an account's own life; a complaint's confirmation and a refused payment's are other domains'. */
type AccountLinkMail = Extract<
  AccountMailKind,
  'activate' | 'reset' | 'mail_change' | 'mail_changed' | 'reactivate' | 'new_device'
>;

const LINK_PATHS: Record<AccountLinkMail, string> = {
  activate: '/api/activate.php?token=',
  reset: '/reset-password/do?token=',
  mail_change: '/mail-change/do?token=',
  reactivate: '/account-deleted?token=',
  new_device: '/sessions/end?token=',
  // The notice to the old address offers a new password rather than a link of its own.
  mail_changed: '/reset-password',
};

/** A deleted account, with the day its deletion becomes final. */
function accountDeleted(deletedAt: string): DomainError {
  const finalDate = addDays(new Date(deletedAt), DELETION_GRACE_DAYS);
  return new DomainError('account_deleted', { date: finalDate.toISOString().slice(0, 10) });
}

function loginBlocked(blockedUntil: string, now: Date): DomainError {
  const minutes = Math.ceil((new Date(blockedUntil).getTime() - now.getTime()) / 60_000);
  return new DomainError('login_blocked', { minutes });
}

/** A double-submitted signup: the other request took the address between our check and insert. */
async function emailTakenOnRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isUniqueViolation(error) ? fieldError('email', 'email_taken') : error;
  }
}

/** Why notification mail is off for the member (SPEC §4); empty while it is on. */
function mailOffReasons(user: UserRow): MailOffReason[] {
  const stored = JSON.parse(user.notifications_disabled) as string[];
  return MAIL_OFF_REASONS.filter((reason) => stored.includes(reason));
}

/**
 * The member who acts, as every domain service takes them: who they are, their profile, and what
 * their account allows (premium, a confirmed address). Routes get it from the session (`request.member`).
 */
export interface Member {
  userId: number;
  email: string;
  profileId: number;
  paid: boolean;
  confirmed: boolean;
  signupDate: string;
  language: Locale;
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

/** How many sessions one look-up asks about; a statement's parameters are limited. */
const SESSION_CHECK_BATCH = 1000;

/**
 * The id a member names a session by: derived from the id it is stored and announced by, so a
 * page that shows it gives away neither that id nor the cookie's secret.
 */
const shownSessionId = (sessionId: string) => hashSecret(sessionId).slice(0, 32);

export function createAccountsService({ db, clock, members, credits, mail, events, passkeys }: Deps) {
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

  /** Tells every instance, once the change is committed, that these sessions ended: their sockets close. */
  async function announceEndedSessions(siteId: number, sessionIds: string[]) {
    if (sessionIds.length > 0) await events.publish({ type: 'session.ended', siteId, sessionIds });
  }

  /**
   * Signs the member in: every way in (login, a reset, reactivation) comes here, so a suspension
   * holds for all. A browser the member never signed in from before, when they have signed in
   * from another, gets them a mail with a link that ends this session.
   */
  async function openSession(ctx: RequestContext, user: UserRow, client: SessionClient): Promise<Session> {
    if (user.suspended_at) throw new DomainError('account_suspended');
    const token = newSecret();
    const device = client.device ?? newSecret();
    const expires = addDays(clock.now(), SESSION_DAYS);
    const newDevice = await queries.rememberDevice(db, user.id, hashSecret(device), nowIso());
    const endToken = newDevice ? newSecret() : null;
    const country = countryOfAddress(client.ip);
    await queries.insertSession(db, {
      id: hashSecret(token),
      user_id: user.id,
      created_at: nowIso(),
      expires_at: expires.toISOString(),
      user_agent: keptUserAgent(client.userAgent),
      country,
      last_seen_at: nowIso(),
      end_token_hash: endToken && hashSecret(endToken),
    });
    if (endToken) await mailNewDevice(ctx, user, endToken, { userAgent: keptUserAgent(client.userAgent), country });
    return { token, expires, device };
  }

  /** "Someone signed in on Firefox on Windows, in Germany, on 27 November at 09:14": with the link that ends it. */
  async function mailNewDevice(
    ctx: RequestContext,
    user: UserRow,
    endToken: string,
    seen: { userAgent: string | null; country: string | null },
  ) {
    const locale = isLocale(user.language) ? user.language : ctx.locale;
    const t = translator(locale);
    const when = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: ctx.site.settings.time_zone,
    }).format(clock.now());
    const place = seen.country
      ? (new Intl.DisplayNames(locale, { type: 'region' }).of(seen.country) ?? seen.country)
      : t('app:settings.sessions.placeUnknown');
    await mailLink(ctx, user, 'new_device', endToken, user.email, {
      device: deviceName(t, deviceOf(seen.userAgent)),
      place,
      when,
    });
  }

  /** A session in use: its last sighting and place move on, once every SESSION_SEEN_MINUTES at most. */
  async function markSeen(sessionId: string, seenAt: string, client: SessionClient) {
    const staleBefore = addMinutes(clock.now(), -SESSION_SEEN_MINUTES).toISOString();
    if (seenAt >= staleBefore) return;
    await queries.markSessionSeen(db, sessionId, { at: nowIso(), country: countryOfAddress(client.ip) }, staleBefore);
  }

  async function issueToken(userId: number, purpose: TokenPurpose, newEmail: string | null = null, trx: Db = db) {
    const token = newSecret();
    await queries.insertToken(trx, {
      token_hash: hashSecret(token),
      user_id: userId,
      purpose,
      new_email: newEmail,
      created_at: nowIso(),
      expires_at: addMinutes(clock.now(), TOKEN_LIFETIME_MINUTES[purpose]).toISOString(),
    });
    return token;
  }

  async function mailLink(
    ctx: RequestContext,
    user: UserRow,
    kind: AccountLinkMail,
    token: string,
    to = user.email,
    params: Record<string, string | number> = {},
  ) {
    const locale = isLocale(user.language) ? user.language : ctx.locale;
    // Whoever typed an address greets nobody by a name of their choosing at it until it is confirmed.
    const verified = to === user.email && user.status === 'confirmed';
    await mail.sendAccountMail({
      site: ctx.site,
      to,
      locale,
      name: verified ? (await members.ownProfile(user.id)).name : null,
      kind,
      link: `${ctx.origin}${LINK_PATHS[kind]}${encodeURIComponent(token)}`,
      params: kind === 'reactivate' ? { ...params, days: DELETION_GRACE_DAYS } : params,
    });
  }

  /** The account behind a link; a deleted one answers with the deleted-account message. */
  async function refuseDeleted(userId: number, trx: Db = db): Promise<UserRow> {
    const user = await queries.findUserById(trx, userId);
    if (!user) throw new DomainError('link_invalid');
    if (user.deleted_at) throw accountDeleted(user.deleted_at);
    return user;
  }

  /**
   * After a new password or address: no older reset or mail-change link works, no other session
   * either. Returns the sessions it ended, to announce once the transaction is committed.
   */
  async function endCredentialsOf(trx: Db, userId: number, keepSession: string | null = null): Promise<string[]> {
    await queries.invalidateTokens(trx, userId, 'reset', nowIso());
    await queries.invalidateTokens(trx, userId, 'mail_change', nowIso());
    return queries.deleteSessionsOf(trx, userId, keepSession);
  }

  async function liveUser(userId: number): Promise<UserRow | null> {
    const user = await queries.findUserById(db, userId);
    return user && !user.deleted_at ? user : null;
  }

  /** The language each account chose (staff see it beside the member's messages). */
  async function languagesOf(userIds: number[]): Promise<Map<number, Locale>> {
    const rows = await queries.languagesOf(db, userIds);
    return new Map(rows.map((row) => [row.id, isLocale(row.language) ? row.language : 'en']));
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

  async function requireLiveUser(userId: number): Promise<UserRow> {
    const user = await queries.findUserById(db, userId);
    if (!user || user.deleted_at) throw new DomainError('authentication_required');
    return user;
  }

  async function assertEmailFree(
    siteId: number,
    email: string,
    code: 'email_taken' | 'mail_change_duplicate',
    field: string,
  ) {
    const emailKey = normaliseEmail(email);
    if (await queries.isBanned(db, siteId, emailKey)) throw fieldError(field, 'email_banned');
    if (await queries.findUserByEmail(db, siteId, emailKey)) throw fieldError(field, code);
  }

  /**
   * One sign-in attempt at an address, counted before its proof is checked (login's password, a
   * passkey's signature), so attempts sent at once each get a number of their own and only the
   * first LOGIN_MAX_FAILURES after a success or a block are checked at all. `check` answers the
   * account when the proof holds. Every way of signing in by a secret comes through here.
   */
  async function countedSignIn(
    siteId: number,
    emailKey: string,
    check: () => Promise<UserRow | null>,
    failure: () => DomainError,
  ): Promise<UserRow> {
    const now = clock.now();
    const attempt = await queries.countLoginAttempt(db, { siteId, emailKey, now: now.toISOString() });
    const block = async () =>
      loginBlocked(
        await queries.blockLogins(db, siteId, emailKey, addMinutes(now, LOGIN_BLOCK_MINUTES).toISOString()),
        now,
      );
    if (attempt.blockedUntil && new Date(attempt.blockedUntil) > now) throw loginBlocked(attempt.blockedUntil, now);
    // Attempts sent at once beyond the limit are refused unchecked: a burst tries no more secrets.
    if (attempt.number > LOGIN_MAX_FAILURES) throw await block();
    const user = await check();
    if (!user) {
      if (attempt.number === LOGIN_MAX_FAILURES) throw await block();
      throw failure();
    }
    await queries.clearLoginFailures(db, siteId, emailKey);
    if (user.deleted_at) throw accountDeleted(user.deleted_at);
    return user;
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
      return this.presentActive(await liveUser(userId), site);
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
      const user = await liveUser(userId);
      return user && notificationTargetOf(user);
    },

    languagesOf,

    /** Whom a notification goes to: the details and the member, from one read of the account. */
    async notificationRecipient(userId: number) {
      const user = await liveUser(userId);
      const member = await this.memberOf(user);
      return user && member && { target: notificationTargetOf(user), member };
    },

    /** The member behind a user id, as services take one; null for an account that is gone. */
    async memberById(userId: number) {
      return this.memberOf(await liveUser(userId));
    },

    /**
     * The account as its member's data export shows it, and where they are signed in; null for an
     * account that is gone or being deleted, whose data nobody may export.
     */
    async exportOf(userId: number) {
      const user = await liveUser(userId);
      if (!user) return null;
      const sessions = await this.sessions(userId);
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
        sessions: sessions.map(({ current, ...session }) => session),
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
        if (changed) return;
      }
    },

    async turnMailOn(userId: number) {
      await queries.updateUser(db, userId, { notifications_disabled: '[]' });
    },

    /** Every account with this address, on any site: a bounce or complaint is about the address. */
    userIdsWithEmail: (email: string) => queries.userIdsWithEmailKey(db, normaliseEmail(email)),

    /** A fresh activation link for a member still to confirm (the reminder mail), or null. */
    async activationLink(userId: number, origin: string): Promise<string | null> {
      const user = await liveUser(userId);
      if (!user || user.status === 'confirmed') return null;
      return `${origin}${LINK_PATHS.activate}${encodeURIComponent(await issueToken(user.id, 'activate'))}`;
    },

    /** Premium from now on: the member's first credit purchase was paid (in that payment's transaction). */
    /** Premium follows the member's purchases: set in the transaction that changed them. */
    async setPremium(userId: number, premium: boolean, trx: Db) {
      await queries.updateUser(trx, userId, { paid_user: premium ? 1 : 0 });
    },

    /** The id a session is kept and announced by, from its cookie's token. */
    sessionIdOf: (token: string): string => hashSecret(token),

    /** Of these sessions, the ones still open (not ended, not expired, of an account not deleted). */
    async openSessionIds(sessionIds: string[]): Promise<Set<string>> {
      const open = new Set<string>();
      for (let start = 0; start < sessionIds.length; start += SESSION_CHECK_BATCH) {
        const batch = sessionIds.slice(start, start + SESSION_CHECK_BATCH);
        for (const id of await queries.openSessionIds(db, batch, nowIso())) open.add(id);
      }
      return open;
    },

    async userBySession(site: Site, token: string, client: SessionClient): Promise<UserRow | null> {
      const sessionId = hashSecret(token);
      const found = await queries.findSessionUser(db, sessionId, nowIso());
      if (!found || found.site_id !== site.id || found.deleted_at) return null;
      const { session_seen_at, ...user } = found;
      await markSeen(sessionId, session_seen_at, client);
      return user;
    },

    /**
     * Where the member is signed in, the session last seen first; `currentToken` is this device's
     * (none when staff look).
     */
    async sessions(userId: number, currentToken?: string): Promise<OpenSession[]> {
      const current = currentToken === undefined ? null : hashSecret(currentToken);
      const rows = await queries.sessionsOf(db, userId, nowIso());
      return rows.map((row) => ({
        id: shownSessionId(row.id),
        device: deviceOf(row.user_agent),
        country: row.country,
        first_seen: row.created_at,
        last_seen: row.last_seen_at,
        current: row.id === current,
      }));
    },

    /**
     * Signs one of the member's other sessions out; its sockets close on every instance. An id
     * that is not one of theirs, or a session another request ended first, is not found.
     */
    async endSession(site: Site, userId: number, shownId: string): Promise<void> {
      const rows = await queries.sessionsOf(db, userId, nowIso());
      const session = rows.find((row) => shownSessionId(row.id) === shownId);
      if (!session || !(await queries.deleteSessionOf(db, userId, session.id))) throw new DomainError('not_found');
      await announceEndedSessions(site.id, [session.id]);
    },

    /** Signs the member out everywhere but here; returns how many sessions ended. */
    async endOtherSessions(site: Site, userId: number, currentToken: string): Promise<number> {
      const ended = await queries.deleteSessionsOf(db, userId, hashSecret(currentToken));
      await announceEndedSessions(site.id, ended);
      return ended.length;
    },

    /** The sign-in a new-device mail told of, for its page; the link is gone once that session is. */
    async signInByLink(site: Site, token: string): Promise<SignInSeen> {
      const row = await queries.sessionByEndToken(db, site.id, hashSecret(token), nowIso());
      if (!row) throw new DomainError('link_invalid');
      return { device: deviceOf(row.user_agent), country: row.country, first_seen: row.created_at };
    },

    /** "This wasn't me": ends the session a new-device mail told of; its sockets close on every instance. */
    async endSessionByLink(site: Site, token: string): Promise<void> {
      const ended = await queries.deleteSessionByEndToken(db, site.id, hashSecret(token));
      if (!ended) throw new DomainError('link_invalid');
      await announceEndedSessions(site.id, [ended.id]);
    },

    async signup(ctx: RequestContext, input: SignupRequest, client: SessionClient) {
      if (!visitorMaySignUp(ctx.site.settings, input.tracking)) throw new DomainError('signup_closed');
      await assertEmailFree(ctx.site.id, input.email, 'email_taken', 'email');
      const passwordHash = await hashPassword(input.password);
      const { user, activationToken } = await emailTakenOnRace(
        db.transaction().execute(async (trx) => {
          const user = await queries.insertUser(trx, {
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
          return { user, activationToken: await issueToken(user.id, 'activate', null, trx) };
        }),
      );
      await mailLink(ctx, user, 'activate', activationToken);
      return { user, session: await openSession(ctx, user, client) };
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
      },
    ) {
      const passwordHash = await hashPassword(member.password);
      return db.transaction().execute(async (trx) => {
        const user = await queries.insertUser(trx, {
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
          { userId: user.id, siteId: site.id, name: member.name, dateOfBirth: member.dateOfBirth },
          trx,
        );
        await members.enableProfile(user.id, trx);
        await credits.openAccount(user.id, member.freeMessages ?? site.settings.free_messages, trx);
        await credits.grant(user.id, member.credits ?? 0, 'seed', null, trx);
        return user;
      });
    },

    /**
     * Known and unknown addresses take the same path (a counted attempt, a block check, a password
     * check), so neither the answers nor their order or time tell whether an account exists. An
     * account without a password fails as a wrong password does.
     */
    async login(ctx: RequestContext, email: string, password: string, client: SessionClient) {
      const emailKey = normaliseEmail(email);
      const user = await countedSignIn(
        ctx.site.id,
        emailKey,
        async () => {
          const user = await queries.findUserByEmail(db, ctx.site.id, emailKey);
          const passwordRight =
            user && hasPassword(user)
              ? await verifyPassword(user.password_hash, password)
              : await verifyAgainstNothing(password);
          return user && passwordRight ? user : null;
        },
        () => new DomainError('login_failed'),
      );
      return { user, session: await openSession(ctx, user, client) };
    },

    /**
     * Signs in with a passkey. A failed answer counts against the account the passkey belongs to,
     * as a wrong password would, and a block on it stops passkey sign-ins too.
     */
    async loginWithPasskey(ctx: RequestContext, credential: PasskeyAssertion, client: SessionClient) {
      const passkey = await passkeys.ownerOf(ctx, credential.id);
      if (!passkey) throw new DomainError('passkey_refused');
      const user = await countedSignIn(
        ctx.site.id,
        passkey.email_key,
        async () =>
          (await passkeys.signInHolds(ctx, credential, passkey))
            ? ((await queries.findUserById(db, passkey.user_id)) ?? null)
            : null,
        () => new DomainError('passkey_refused'),
      );
      return { user, session: await openSession(ctx, user, client) };
    },

    /** Whether the member has a password (a member with a passkey may drop it). */
    async hasPassword(userId: number): Promise<boolean> {
      return hasPassword(await requireLiveUser(userId));
    },

    /**
     * Drops the member's password: from now on they sign in with a passkey, and a reset by mail
     * sets a new password. Only with a passkey, checked while the account is locked.
     */
    async removePassword(userId: number, password: string) {
      const user = await requireLiveUser(userId);
      if (!hasPassword(user) || !(await verifyPassword(user.password_hash, password))) {
        throw fieldError('password', 'old_password_wrong');
      }
      await db.transaction().execute(async (trx) => {
        await queries.lockUser(trx, userId);
        if ((await queries.passkeysOf(trx, userId)).length === 0) throw new DomainError('passkey_required');
        await queries.updateUser(trx, userId, { password_hash: NO_PASSWORD });
      });
    },

    async logout(site: Site, token: string) {
      const sessionId = hashSecret(token);
      await queries.deleteSession(db, sessionId);
      await announceEndedSessions(site.id, [sessionId]);
    },

    async setLanguage(userId: number, language: Locale) {
      await queries.updateUser(db, userId, { language });
    },

    /** Returns false when the link is unknown, used or expired, or its account is deleted (left as it is). */
    async activate(token: string): Promise<boolean> {
      const link = await queries.findValidToken(db, hashSecret(token), 'activate', nowIso());
      const user = link && (await queries.findUserById(db, link.user_id));
      if (!user || user.deleted_at) return false;
      const activated = await db.transaction().execute(async (trx) => {
        const row = await queries.consumeToken(trx, hashSecret(token), 'activate', nowIso());
        if (!row) return false;
        await queries.updateUser(trx, row.user_id, { status: 'confirmed' });
        await members.enableProfile(row.user_id, trx);
        return true;
      });
      if (activated) await events.relay();
      return activated;
    },

    async resendActivation(ctx: RequestContext, userId: number) {
      const user = await requireLiveUser(userId);
      if (user.status === 'confirmed') throw new DomainError('already_activated');
      await mailLink(ctx, user, 'activate', await issueToken(user.id, 'activate'));
    },

    async requestPasswordReset(ctx: RequestContext, email: string) {
      const user = await queries.findUserByEmail(db, ctx.site.id, normaliseEmail(email));
      if (!user || user.deleted_at) throw fieldError('email', 'email_not_found');
      const sentToday = await queries.countTokensSince(db, user.id, 'reset', addDays(clock.now(), -1).toISOString());
      if (sentToday >= RESET_MAILS_PER_DAY) throw new DomainError('reset_limit');
      await mailLink(ctx, user, 'reset', await issueToken(user.id, 'reset'));
    },

    async checkResetLink(token: string) {
      const row = await queries.findValidToken(db, hashSecret(token), 'reset', nowIso());
      if (!row) throw new DomainError('link_invalid');
      await refuseDeleted(row.user_id);
    },

    /** A reset sets the password, lifts a login block, and ends every other link and session. */
    async resetPassword(ctx: RequestContext, input: ResetDoRequest, client: SessionClient) {
      const passwordHash = await hashPassword(input.password);
      const { userId, siteId, ended } = await db.transaction().execute(async (trx) => {
        const row = await queries.consumeToken(trx, hashSecret(input.token), 'reset', nowIso());
        if (!row) throw new DomainError('link_invalid');
        const user = await refuseDeleted(row.user_id, trx);
        await queries.updateUser(trx, user.id, { password_hash: passwordHash });
        await queries.clearLoginFailures(trx, user.site_id, user.email_key);
        return { userId: user.id, siteId: user.site_id, ended: await endCredentialsOf(trx, user.id) };
      });
      await announceEndedSessions(siteId, ended);
      const user = await requireLiveUser(userId);
      return { user, session: await openSession(ctx, user, client) };
    },

    async changePassword(userId: number, input: PasswordChangeRequest, currentSession: string) {
      const user = await requireLiveUser(userId);
      if (!(await verifyPassword(user.password_hash, input.old_password))) {
        throw fieldError('old_password', 'old_password_wrong');
      }
      const passwordHash = await hashPassword(input.password);
      const ended = await db.transaction().execute(async (trx) => {
        await queries.updateUser(trx, user.id, { password_hash: passwordHash });
        return endCredentialsOf(trx, user.id, hashSecret(currentSession));
      });
      await announceEndedSessions(user.site_id, ended);
    },

    async requestMailChange(ctx: RequestContext, userId: number, email: string, proof: OwnerProof) {
      const user = await requireLiveUser(userId);
      await assertOwner(ctx, user, proof);
      if (!isValidEmail(email)) throw fieldError('email', 'mail_change_invalid');
      if (normaliseEmail(email) === user.email_key) throw fieldError('email', 'mail_change_same');
      await assertEmailFree(ctx.site.id, email, 'mail_change_duplicate', 'email');
      await queries.invalidateTokens(db, user.id, 'mail_change', nowIso());
      await queries.updateUser(db, user.id, { pending_email: email.trim() });
      await mailLink(ctx, user, 'mail_change', await issueToken(user.id, 'mail_change', email.trim()), email.trim());
    },

    /**
     * The new address takes over; every other link and session of the member ends (the one that
     * follows the link stays), and the old address is told what changed and how to step in.
     */
    async confirmMailChange(ctx: RequestContext, token: string, currentSession: string | null) {
      const { before, newEmail, ended } = await db.transaction().execute(async (trx) => {
        const row = await queries.consumeToken(trx, hashSecret(token), 'mail_change', nowIso());
        if (!row?.new_email) throw new DomainError('link_invalid');
        const before = await refuseDeleted(row.user_id, trx);
        if (await queries.findUserByEmail(trx, ctx.site.id, normaliseEmail(row.new_email))) {
          throw new DomainError('mail_change_duplicate');
        }
        // Following the link proves the address works, so it also activates the account.
        await queries.updateUser(trx, row.user_id, {
          email: row.new_email,
          email_key: normaliseEmail(row.new_email),
          pending_email: null,
          status: 'confirmed',
        });
        await members.enableProfile(row.user_id, trx);
        const ended = await endCredentialsOf(trx, row.user_id, currentSession && hashSecret(currentSession));
        return { before, newEmail: row.new_email, ended };
      });
      await events.relay();
      await announceEndedSessions(before.site_id, ended);
      await mailLink(ctx, before, 'mail_changed', '', before.email, {
        new_email: maskedEmail(newEmail),
        support: ctx.site.settings.support_email,
      });
    },

    async deleteAccount(ctx: RequestContext, userId: number, input: DeleteAccountRequest) {
      const user = await requireLiveUser(userId);
      await assertOwner(ctx, user, input);
      const { token, ended } = await db.transaction().execute(async (trx) => {
        await queries.updateUser(trx, user.id, {
          deleted_at: nowIso(),
          delete_reason: input.reason,
          delete_comment: input.comment || null,
        });
        const ended = await queries.deleteSessionsOf(trx, user.id);
        await members.withdrawProfile(user.id, trx);
        await events.record(trx, { type: 'account.deleted', siteId: user.site_id, userId: user.id });
        return { token: await issueToken(user.id, 'reactivate', null, trx), ended };
      });
      await events.relay();
      await announceEndedSessions(user.site_id, ended);
      await mailLink(ctx, user, 'reactivate', token);
      return { finalDate: addDays(clock.now(), DELETION_GRACE_DAYS) };
    },

    async reactivate(ctx: RequestContext, token: string, client: SessionClient) {
      const userId = await db.transaction().execute(async (trx) => {
        const row = await queries.consumeToken(trx, hashSecret(token), 'reactivate', nowIso());
        if (!row) throw new DomainError('link_invalid');
        await queries.updateUser(trx, row.user_id, { deleted_at: null, delete_reason: null, delete_comment: null });
        const user = await queries.findUserById(trx, row.user_id);
        await members.restoreProfile(row.user_id, user?.status === 'confirmed', trx);
        return row.user_id;
      });
      await events.relay();
      const user = await requireLiveUser(userId);
      return { user, session: await openSession(ctx, user, client) };
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
      if (kind === 'ban') await queries.banAddress(trx, user.site_id, user.email_key, nowIso());
      if (!user.deleted_at) await members.suspendProfile(userId, trx);
      const sessionIds = await queries.deleteSessionsOf(trx, userId);
      if (sessionIds.length > 0) await events.record(trx, { type: 'session.ended', siteId: user.site_id, sessionIds });
      return true;
    },

    /** Lifts a suspension or a ban: the member signs in and is seen again. False when none stood. */
    async lift(trx: Db, userId: number): Promise<boolean> {
      const user = await queries.findUserById(trx, userId);
      if (!user || !(await queries.markLifted(trx, userId))) return false;
      await queries.unbanAddress(trx, user.site_id, user.email_key);
      if (!user.deleted_at) await members.restoreProfile(userId, user.status === 'confirmed', trx);
      return true;
    },

    /**
     * Erases an account at once, as its grace period running out would: the account and everything
     * that hangs off it go, and its sessions end (sockets close once committed). False when it was gone.
     */
    async erase(userId: number): Promise<boolean> {
      const user = await queries.findUserById(db, userId);
      if (!user) return false;
      const erased = await db.transaction().execute(async (trx) => {
        const sessionIds = await queries.deleteSessionsOf(trx, userId);
        if (!(await queries.deleteUser(trx, userId))) return false;
        await events.record(trx, { type: 'account.deleted', siteId: user.site_id, userId });
        if (sessionIds.length > 0)
          await events.record(trx, { type: 'session.ended', siteId: user.site_id, sessionIds });
        return true;
      });
      await events.relay();
      return erased;
    },

    /** Removes accounts whose grace period is over, with everything that hangs off them. */
    async purgeDeletedAccounts(): Promise<number> {
      return queries.deleteUsersDeletedBefore(db, addDays(clock.now(), -DELETION_GRACE_DAYS).toISOString());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** An address with most of its local part hidden, e.g. s•••@example.com, for mails to someone else. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
