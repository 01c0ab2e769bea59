/**
 * Staff sign-in: a password, then mostly a code from an authenticator app; the sessions it opens,
 * where a staff member is signed in, and signing out.
 */
import { isLocale, LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES, normaliseEmail } from '@amora/common';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import type { StaffRole } from '../../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../../platform/errors.js';
import type { MailService } from '../../platform/mail/service.js';
import type { Site } from '../../platform/site.js';
import { verifyAgainstNothing, verifyPassword } from '../credentials/passwords.js';
import { hashSecret, newSecret } from '../secrets.js';
import { createCountedSignIn, type SignInReport } from '../sessions/counted-sign-in.js';
import * as sessionStore from '../sessions/queries.js';
import { type AuditLog, auditedAs } from './audit.js';
import { findInvitedStaff, type Inviter, takeInvitation } from './invitations.js';
import { type StaffMember, toMember } from './member.js';
import { requireSignedIn } from './policy.js';
import * as queries from './queries.js';
import { isRecoveryCode, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.js';
import { codeStep, enrolment, newTotpSecret } from './two-step.js';

/** A staff session lasts a working day. */
const SESSION_HOURS = 12;
/** From the password to the code: time to open the authenticator app, or to set it up. */
const TWO_STEP_MINUTES = 10;
/** Codes tried per password given. */
const CODE_ATTEMPTS = 5;

/** Moderators and admins always sign in in two steps; operators too, unless the site makes it their choice. */
function twoStepRequired(role: StaffRole, site: Site) {
  return role !== 'operator' || site.settings.operator_two_step !== 'optional';
}

const ownerOf = (staffId: number) => ({ kind: 'staff', staffId }) as const;

/** A staff session waiting for a code, with its account. */
type TwoStepSession = NonNullable<Awaited<ReturnType<typeof sessionStore.findTwoStepSession>>>;

export interface StaffSignInDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  signIns: SignInReport;
  inviter: Inviter;
  mail: MailService;
}

export function createStaffSignIn(deps: StaffSignInDeps) {
  const { db, clock, audit, signIns, inviter, mail } = deps;
  const nowIso = () => clock.now().toISOString();
  const counted = createCountedSignIn({ db, clock, signIns });

  /**
   * A staff sign-in at an address, counted as members' are, across sites. A blocked account answers
   * as a wrong password does, so no answer tells whether it exists; its owner is mailed the block.
   */
  function countedSignIn<T>(ctx: RequestContext, emailKey: string, check: () => Promise<T | null>): Promise<T> {
    const refused = () => new DomainError('login_failed');
    return counted({ kind: 'staff', siteId: 0, emailKey }, check, {
      failure: refused,
      blocked: refused,
      onBlocked: () => mailBlock(ctx, emailKey),
    });
  }

  /** "Five wrong passwords: your account is locked for 15 minutes", to the owner in their language. */
  async function mailBlock(ctx: RequestContext, emailKey: string) {
    const owner = await queries.findStaffByEmail(db, emailKey);
    if (!owner || owner.disabled_at) return;
    await mail.sendAccountMail({
      site: ctx.site,
      to: owner.email,
      locale: isLocale(owner.language) ? owner.language : ctx.locale,
      name: owner.name,
      kind: 'staff_locked',
      link: `${ctx.origin}/staff`,
      params: { minutes: LOGIN_BLOCK_MINUTES, failures: LOGIN_MAX_FAILURES },
    });
  }

  /** The app's code, later than the last one used, or an unused recovery code: taken for good. */
  async function takeCode(trx: Db, account: TwoStepSession, code: string) {
    if (isRecoveryCode(code)) return useRecoveryCode(trx, account.id, code, nowIso());
    if (account.totp_secret === null) return false;
    const step = await codeStep(account.totp_secret, code, clock.now(), account.totp_last_step);
    return step !== null && (await queries.useTimeStep(trx, account.id, account.totp_secret, step));
  }

  /**
   * The first code of the invitation's new app: in one transaction the invitation is taken, the app
   * kept, ten recovery codes made (shown this once) and the session signed in.
   */
  async function enrol(
    sessionId: string,
    session: TwoStepSession & { pending_secret: string },
    code: string,
    invitation: string,
    expires: Date,
  ) {
    const step = await codeStep(session.pending_secret, code, clock.now(), null);
    if (step === null) throw fieldError('code', 'two_step_code_wrong');
    const staff = toMember({ ...session, totp_secret: session.pending_secret });
    const recoveryCodes = await db.transaction().execute(async (trx) => {
      if (!(await takeInvitation(trx, invitation, session.id, nowIso()))) return null;
      if (!(await queries.setTotpSecret(trx, session.id, session.pending_secret, step))) return null;
      const codes = await replaceRecoveryCodes(trx, session.id);
      await sessionStore.completeSession(trx, sessionId, expires.toISOString());
      await audit(staff, 'two_step.enrol', { record: `staff:${staff.id}` }, trx);
      await audit(staff, 'login', {}, trx);
      return codes;
    });
    if (!recoveryCodes) throw new DomainError('invitation_invalid');
    return { staff, expires, recovery_codes: recoveryCodes };
  }

  return {
    /** Where the staff member is signed in; `token` is this browser's. */
    async sessions(staff: StaffMember | null, token: string | undefined) {
      const member = requireSignedIn(staff);
      const current = token ? hashSecret(token) : null;
      return (await sessionStore.staffSessionsOf(db, member.id, nowIso())).map((row) => ({
        ...row,
        current: row.id === current,
      }));
    },

    async endSession(staff: StaffMember | null, sessionId: string) {
      const member = requireSignedIn(staff);
      const ended = await db.transaction().execute(async (trx) => {
        if (!(await sessionStore.deleteSessionOf(trx, ownerOf(member.id), sessionId))) return false;
        await audit(member, 'session.end', { record: `staff:${member.id}` }, trx);
        return true;
      });
      if (!ended) throw notFound();
    },

    /**
     * The password step of signing in; unknown addresses take as long as wrong passwords. The
     * session it starts is signed in at once only where no code is needed; else it waits for the
     * code of the account's authenticator app. An account that must use an app and has none sets it
     * up through its invitation, never here: the password alone links no app.
     */
    async login(ctx: RequestContext, email: string, password: string) {
      const { site } = ctx;
      const emailKey = normaliseEmail(email);
      const row = await countedSignIn(ctx, emailKey, async () => {
        const row = await queries.findStaffByEmail(db, emailKey);
        const valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstNothing(password);
        return row && valid && !row.disabled_at ? row : null;
      });
      const staff = toMember(row);
      if (!staff.two_step && twoStepRequired(staff.role, site)) throw new DomainError('two_step_setup_required');
      const token = newSecret();
      const session = { id: hashSecret(token), kind: 'staff', staff_id: row.id, created_at: nowIso() } as const;
      if (!staff.two_step) {
        const expires = addMinutes(clock.now(), SESSION_HOURS * 60);
        await db.transaction().execute(async (trx) => {
          await sessionStore.insertSession(trx, { ...session, expires_at: expires.toISOString(), stage: 'signed_in' });
          await audit(staff, 'login', {}, trx);
        });
        return { session: { token, expires }, outcome: { staff } };
      }
      const expires = addMinutes(clock.now(), TWO_STEP_MINUTES);
      await sessionStore.insertSession(db, { ...session, expires_at: expires.toISOString(), stage: 'code' });
      return { session: { token, expires }, outcome: { two_step: 'code' as const } };
    },

    /** The language of the account an invitation's link is for, while the link may still be used. */
    async invitationLanguage(invitation: string) {
      const invited = await findInvitedStaff(db, invitation, nowIso());
      if (!invited) throw new DomainError('invitation_invalid');
      return { language: toMember(invited).language };
    },

    /**
     * The first step of an invitation: its link and the account's password start a session that
     * waits for the first code of a new app; the invitation itself is taken only with that code.
     */
    async startInvitation(ctx: RequestContext, invitation: string, password: string) {
      const { site } = ctx;
      const invited = await findInvitedStaff(db, invitation, nowIso());
      if (!invited) throw new DomainError('invitation_invalid');
      // The invitation's password counts against the account as a sign-in's does.
      const row = await countedSignIn(ctx, invited.email, async () =>
        (await verifyPassword(invited.password_hash, password)) ? invited : null,
      );
      const token = newSecret();
      const expires = addMinutes(clock.now(), TWO_STEP_MINUTES);
      const secret = newTotpSecret();
      await sessionStore.insertSession(db, {
        id: hashSecret(token),
        kind: 'staff',
        staff_id: row.id,
        created_at: nowIso(),
        expires_at: expires.toISOString(),
        stage: 'enrol',
        pending_secret: secret,
      });
      const setup = await enrolment(secret, `${site.name} staff`, row.email);
      return { session: { token, expires }, outcome: { ...setup, email: row.email } };
    },

    /**
     * The second step: the code of the account's app or one of its recovery codes, or the first code
     * of an app being set up through an invitation. Each code works once; a session gets
     * CODE_ATTEMPTS tries, then the password must be given again.
     */
    async confirmTwoStep(token: string, code: string, invitation?: string) {
      const sessionId = hashSecret(token);
      const session = await sessionStore.findTwoStepSession(db, sessionId, nowIso());
      if (!session || session.disabled_at) throw new DomainError('staff_login_required');
      if (!(await sessionStore.takeCodeAttempt(db, sessionId, CODE_ATTEMPTS))) {
        await sessionStore.deleteSession(db, 'staff', sessionId);
        throw new DomainError('staff_login_required');
      }
      const expires = addMinutes(clock.now(), SESSION_HOURS * 60);
      if (session.pending_secret !== null) {
        if (!invitation) throw new DomainError('invitation_invalid');
        return enrol(sessionId, { ...session, pending_secret: session.pending_secret }, code, invitation, expires);
      }
      const staff = toMember(session);
      const signedIn = await db.transaction().execute(async (trx) => {
        if (!(await takeCode(trx, session, code))) return false;
        await sessionStore.completeSession(trx, sessionId, expires.toISOString());
        await audit(staff, 'login', isRecoveryCode(code) ? { changes: { recovery_code: [null, 'used'] } } : {}, trx);
        return true;
      });
      if (!signedIn) throw fieldError('code', 'two_step_code_wrong');
      return { staff, expires };
    },

    /**
     * A signed-in operator who may choose asks to set up an authenticator app: like everyone, they
     * do it through an invitation, mailed to their own address.
     */
    async mailSetupLink(ctx: RequestContext, staff: StaffMember | null) {
      const member = requireSignedIn(staff);
      if (member.two_step) throw new DomainError('two_step_on_already');
      await inviter.invite(
        ctx,
        member.id,
        auditedAs(audit, member, 'staff.invite', () => ({ record: `staff:${member.id}` })),
      );
      return { mailed_to: member.email };
    },

    async bySession(token: string): Promise<StaffMember | null> {
      const row = await sessionStore.findSessionStaff(db, hashSecret(token), nowIso());
      if (!row || row.disabled_at) return null;
      return toMember(row);
    },

    /** An active staff account by its address: for the commands, which act as one. */
    async byEmail(email: string): Promise<StaffMember | null> {
      const row = await queries.findStaffByEmail(db, normaliseEmail(email));
      if (!row || row.disabled_at) return null;
      return toMember(row);
    },

    async logout(token: string) {
      await sessionStore.deleteSession(db, 'staff', hashSecret(token));
    },
  };
}
