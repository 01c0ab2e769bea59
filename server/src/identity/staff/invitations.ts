/**
 * An admin's invitation to set up the authenticator app: a single-use link, valid 48 hours and
 * kept only as its hash. A staff account sets up its app through one and no other way, so whoever
 * learns a new account's password cannot link their own app to it.
 */
import { isLocale } from '@amora/common';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { StaffUserRow } from '../../platform/db/schema.js';
import type { MailService } from '../../platform/mail/service.js';
import { hashSecret, newSecret } from '../secrets.js';

export const INVITATION_HOURS = 48;

/** Where an invitation's link leads, on the site it was made on. */
const invitationLink = (origin: string, token: string) =>
  `${origin}/staff/invitation?token=${encodeURIComponent(token)}`;

/** A new invitation for the account, in the caller's transaction; the ones it had before no longer work. */
export async function issueInvitation(trx: Db, staffId: number, now: Date): Promise<string> {
  const token = newSecret();
  await trx.deleteFrom('staff_invitations').where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
  await trx
    .insertInto('staff_invitations')
    .values({
      token_hash: hashSecret(token),
      staff_id: staffId,
      created_at: now.toISOString(),
      expires_at: addMinutes(now, INVITATION_HOURS * 60).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The enabled account without an app that an unused, unexpired invitation is for. */
export function findInvitedStaff(db: Db, token: string, now: string) {
  return db
    .selectFrom('staff_invitations as i')
    .innerJoin('staff_users as u', 'u.id', 'i.staff_id')
    .selectAll('u')
    .where('i.token_hash', '=', hashSecret(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now)
    .where('u.disabled_at', 'is', null)
    .where('u.totp_secret', 'is', null)
    .executeTakeFirst();
}

/** Takes the account's invitation for its one use, in one statement; false when it is used, expired or another's. */
export async function takeInvitation(trx: Db, token: string, staffId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('staff_invitations')
    .set({ used_at: now })
    .where('token_hash', '=', hashSecret(token))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the account has an invitation still to use, for the team desk. */
export async function pendingInvitations(db: Db, now: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('staff_invitations')
    .select(['staff_id', 'expires_at'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return new Map(rows.map((row) => [row.staff_id, row.expires_at]));
}

/** The account an invitation is mailed to. */
type Invitee = Pick<StaffUserRow, 'id' | 'email' | 'name' | 'language'>;

/** Making invitations and mailing them to the account's address, in its language. */
export function createInviter({ db, clock, mail }: { db: Db; clock: Clock; mail: MailService }) {
  async function mailInvitation(ctx: RequestContext, invitee: Invitee, token: string) {
    await mail.sendAccountMail({
      site: ctx.site,
      to: invitee.email,
      locale: isLocale(invitee.language) ? invitee.language : ctx.locale,
      name: invitee.name,
      kind: 'staff_invitation',
      link: invitationLink(ctx.origin, token),
      params: { hours: INVITATION_HOURS },
    });
  }

  return {
    mailInvitation,

    /** A new invitation for the account, with the change it belongs to (`also`, e.g. its audit row), then mailed. */
    async invite(ctx: RequestContext, staffId: number, also?: InTransaction<Invitee>) {
      const { invitee, token } = await db.transaction().execute(async (trx) => {
        const invitee = await trx
          .selectFrom('staff_users')
          .select(['id', 'email', 'name', 'language'])
          .where('id', '=', staffId)
          .executeTakeFirstOrThrow();
        const token = await issueInvitation(trx, staffId, clock.now());
        if (also) await also(trx, invitee);
        return { invitee, token };
      });
      await mailInvitation(ctx, invitee, token);
    },
  };
}

export type Inviter = ReturnType<typeof createInviter>;
