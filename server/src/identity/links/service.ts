/**
 * The mailed one-use links of an account's own life (activation, reset, mail change, reactivation,
 * a new device's "this wasn't me"): the tokens they carry and the mails that carry them.
 */
import {
  ACTIVATION_LINK_DAYS,
  DELETION_GRACE_DAYS,
  isLocale,
  MAIL_CHANGE_LINK_HOURS,
  RESET_LINK_HOURS,
} from '@amora/common';
import type { MembersService } from '../../members/profiles/service.js';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import type { TokenPurpose, UserRow } from '../../platform/db/schema.js';
import type { MailService } from '../../platform/mail/service.js';
import type { AccountMailKind } from '../../platform/mail/templates.js';
import { hashSecret, newSecret } from '../secrets.js';
import * as queries from './queries.js';

const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  activate: ACTIVATION_LINK_DAYS * 24 * 60,
  reset: RESET_LINK_HOURS * 60,
  mail_change: MAIL_CHANGE_LINK_HOURS * 60,
  reactivate: DELETION_GRACE_DAYS * 24 * 60,
};

/** The mails of an account's own life; a complaint's confirmation and a refused payment's are other domains'. */
export type AccountLinkMail = Extract<
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

interface Deps {
  db: Db;
  clock: Clock;
  members: MembersService;
  mail: MailService;
}

/** The address a mail of this kind links to. */
const address = (origin: string, kind: AccountLinkMail, token: string) =>
  `${origin}${LINK_PATHS[kind]}${encodeURIComponent(token)}`;

export function createAccountLinks({ db, clock, members, mail }: Deps) {
  const nowIso = () => clock.now().toISOString();

  return {
    /** A new link's token for the account, kept (hashed) in the caller's transaction when given. */
    async issue(userId: number, purpose: TokenPurpose, newEmail: string | null = null, trx: Db = db) {
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
    },

    address,

    async mail(
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
        link: address(ctx.origin, kind, token),
        params: kind === 'reactivate' ? { ...params, days: DELETION_GRACE_DAYS } : params,
      });
    },

    /** The unused, unexpired link of this token, left as it is. */
    find: (token: string, purpose: TokenPurpose) => queries.findValidToken(db, hashSecret(token), purpose, nowIso()),

    /** Takes the link of this token for its one use; a second use finds nothing. */
    consume: (trx: Db, token: string, purpose: TokenPurpose) =>
      queries.consumeToken(trx, hashSecret(token), purpose, nowIso()),

    /** How many links of the purpose the account got since then. */
    countSince: (userId: number, purpose: TokenPurpose, since: string) =>
      queries.countTokensSince(db, userId, purpose, since),

    /** No link of the purpose the account has works any more. */
    invalidate: (trx: Db, userId: number, purpose: TokenPurpose) =>
      queries.invalidateTokens(trx, userId, purpose, nowIso()),
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
