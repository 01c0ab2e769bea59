/**
 * Sessions: signing in (with a password or a passkey, counted against a login block), the session
 * a sign-in opens and the new-device mail it may send, where the member is signed in, and signing out.
 */
import {
  deviceName,
  isLocale,
  normaliseEmail,
  type OpenSession,
  type PasskeyAssertion,
  SESSION_DAYS,
  SESSION_SEEN_MINUTES,
  type SignInSeen,
} from '@amora/common';
import { countryOfAddress } from '../../geo/service.js';
import { addDays, addMinutes, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import type { UserRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import { translator } from '../../platform/i18n.js';
import type { Site } from '../../platform/site.js';
import { accountDeleted, refuseSuspended } from '../accounts/checks.js';
import * as accountQueries from '../accounts/queries.js';
import { hasPassword, verifyAgainstNothing, verifyPassword } from '../credentials/passwords.js';
import type { AccountLinks } from '../links/service.js';
import type { PasskeysService } from '../passkeys/service.js';
import { hashSecret, newSecret } from '../secrets.js';
import { createCountedSignIn, type SignInReport } from './counted-sign-in.js';
import { deviceOf, keptUserAgent, type SessionClient } from './devices.js';
import { type KeptSession, keepSessions } from './kept-sessions.js';
import * as queries from './queries.js';
import * as signInQueries from './sign-in-queries.js';

export interface Session {
  token: string;
  expires: Date;
  /** The browser's device cookie: the one it came with, or a new one for a browser that had none. */
  device: string;
}

interface Deps {
  db: Db;
  clock: Clock;
  events: EventBus;
  passkeys: PasskeysService;
  links: AccountLinks;
  signIns: SignInReport;
}

function loginBlocked(blockedUntil: string, now: Date): DomainError {
  const minutes = Math.ceil((new Date(blockedUntil).getTime() - now.getTime()) / 60_000);
  return new DomainError('login_blocked', { minutes });
}

/** How many sessions one look-up asks about; a statement's parameters are limited. */
const SESSION_CHECK_BATCH = 1000;

/**
 * The id a member names a session by: derived from the id it is stored and announced by, so a
 * page that shows it gives away neither that id nor the cookie's secret.
 */
const shownSessionId = (sessionId: string) => hashSecret(sessionId).slice(0, 32);

const ownerOf = (userId: number) => ({ kind: 'member', userId }) as const;

export function createSessionsService({ db, clock, events, passkeys, links, signIns }: Deps) {
  const nowIso = () => clock.now().toISOString();
  const kept = keepSessions(events);
  const counted = createCountedSignIn({ db, clock, signIns });
  /** A member's sign-in at an address of the site, counted; a deleted account is told so once its secret held. */
  async function countedSignIn(
    siteId: number,
    emailKey: string,
    check: () => Promise<UserRow | null>,
    failure: () => DomainError,
  ): Promise<UserRow> {
    const user = await counted({ kind: 'member', siteId, emailKey }, check, { failure, blocked: loginBlocked });
    if (user.deleted_at) throw accountDeleted(user.deleted_at);
    return user;
  }

  /** Ends sessions in one transaction with their announcement: their sockets close on every instance once it commits. */
  async function endAnnounced(siteId: number, end: (trx: Db) => Promise<string[]>): Promise<string[]> {
    const ended = await db.transaction().execute(async (trx) => {
      const sessionIds = await end(trx);
      if (sessionIds.length > 0) await events.record(trx, { type: 'session.ended', siteId, sessionIds });
      return sessionIds;
    });
    await events.relay();
    return ended;
  }

  /**
   * Signs the member in: every way in (login, a reset, reactivation) comes here, so a suspension
   * holds for all. A browser the member never signed in from before, when they have signed in
   * from another, gets them a mail with a link that ends this session.
   */
  async function open(ctx: RequestContext, user: UserRow, client: SessionClient): Promise<Session> {
    refuseSuspended(user);
    const token = newSecret();
    const device = client.device ?? newSecret();
    const expires = addDays(clock.now(), SESSION_DAYS);
    const newDevice = await signInQueries.rememberDevice(db, user.id, hashSecret(device), nowIso());
    const endToken = newDevice ? newSecret() : null;
    const country = countryOfAddress(client.ip);
    await queries.insertSession(db, {
      id: hashSecret(token),
      kind: 'member',
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
    await links.mail(ctx, user, 'new_device', endToken, user.email, {
      device: deviceName(t, deviceOf(seen.userAgent)),
      place,
      when,
    });
  }

  /** A session in use: its last sighting and place move on, once every SESSION_SEEN_MINUTES at most. */
  async function markSeen(sessionId: string, session: KeptSession, client: SessionClient) {
    const staleBefore = addMinutes(clock.now(), -SESSION_SEEN_MINUTES).toISOString();
    if (session.seenAt >= staleBefore) return;
    const at = nowIso();
    await queries.markSessionSeen(db, sessionId, { at, country: countryOfAddress(client.ip) }, staleBefore);
    session.seenAt = at;
  }

  async function readSession(sessionId: string) {
    const found = await queries.findSessionUser(db, sessionId, nowIso());
    if (!found) return undefined;
    const { session_seen_at, session_expires_at, ...user } = found;
    return { session: { userId: user.id, expiresAt: session_expires_at, seenAt: session_seen_at }, user };
  }

  return {
    open,

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
          const user = await accountQueries.findUserByEmail(db, ctx.site.id, emailKey);
          const passwordRight =
            user && hasPassword(user)
              ? await verifyPassword(user.password_hash, password)
              : await verifyAgainstNothing(password);
          return user && passwordRight ? user : null;
        },
        () => new DomainError('login_failed'),
      );
      return { user, session: await open(ctx, user, client) };
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
            ? ((await accountQueries.findUserById(db, passkey.user_id)) ?? null)
            : null,
        () => new DomainError('passkey_refused'),
      );
      return { user, session: await open(ctx, user, client) };
    },

    /** A reset lifts a login block: the member showed they hold the address. */
    clearLoginFailures: (trx: Db, user: UserRow) =>
      signInQueries.clearLoginFailures(trx, { kind: 'member', siteId: user.site_id, emailKey: user.email_key }),

    async logout(site: Site, token: string) {
      const sessionId = hashSecret(token);
      await endAnnounced(site.id, async (trx) => {
        await queries.deleteSession(trx, 'member', sessionId);
        return [sessionId];
      });
    },

    /**
     * Ends the member's sessions (all, or all but the one of `keepToken`) in the caller's
     * transaction; their sockets close on every instance once it is committed and relayed.
     */
    async endAllOf(trx: Db, user: Pick<UserRow, 'id' | 'site_id'>, keepToken: string | null = null) {
      const keep = keepToken ? hashSecret(keepToken) : null;
      const sessionIds = await queries.deleteSessionsOf(trx, ownerOf(user.id), keep);
      if (sessionIds.length > 0) await events.record(trx, { type: 'session.ended', siteId: user.site_id, sessionIds });
      return sessionIds;
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

    /** The account of a member's session: as kept in memory (kept-sessions.ts), else read. */
    async userBySession(site: Site, token: string, client: SessionClient): Promise<UserRow | null> {
      const sessionId = hashSecret(token);
      const found = kept.get(sessionId) ?? (await kept.read(sessionId, () => readSession(sessionId)));
      if (!found || found.session.expiresAt <= nowIso()) return null;
      const { session, user } = found;
      if (user.site_id !== site.id || user.deleted_at) return null;
      await markSeen(sessionId, session, client);
      return user;
    },

    /**
     * Where the member is signed in, the session last seen first; `currentToken` is this device's
     * (none when staff look).
     */
    async list(userId: number, currentToken?: string): Promise<OpenSession[]> {
      const current = currentToken === undefined ? null : hashSecret(currentToken);
      const rows = await queries.memberSessionsOf(db, userId, nowIso());
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
      const rows = await queries.memberSessionsOf(db, userId, nowIso());
      const session = rows.find((row) => shownSessionId(row.id) === shownId);
      const ended =
        session &&
        (await endAnnounced(site.id, async (trx) =>
          (await queries.deleteSessionOf(trx, ownerOf(userId), session.id)) ? [session.id] : [],
        ));
      if (!ended?.length) throw new DomainError('not_found');
    },

    /** Signs the member out everywhere but here; returns how many sessions ended. */
    async endOtherSessions(site: Site, userId: number, currentToken: string): Promise<number> {
      const ended = await endAnnounced(site.id, (trx) =>
        queries.deleteSessionsOf(trx, ownerOf(userId), hashSecret(currentToken)),
      );
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
      const ended = await endAnnounced(site.id, async (trx) => {
        const row = await queries.deleteSessionByEndToken(trx, site.id, hashSecret(token));
        return row ? [row.id] : [];
      });
      if (ended.length === 0) throw new DomainError('link_invalid');
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
