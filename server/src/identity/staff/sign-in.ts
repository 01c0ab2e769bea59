/**
 * Staff sign-in: a password, then mostly a code from an authenticator app; the sessions it opens,
 * where a staff member is signed in, and signing out.
 */
import { normaliseEmail } from '@amora/common';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { StaffRole } from '../../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../../platform/errors.js';
import type { Site } from '../../platform/site.js';
import { verifyAgainstNothing, verifyPassword } from '../credentials/passwords.js';
import { hashSecret, newSecret } from '../secrets.js';
import * as sessionStore from '../sessions/queries.js';
import type { SignInReport } from '../sessions/service.js';
import type { AuditLog } from './audit.js';
import { type StaffMember, toMember } from './member.js';
import { requireSignedIn } from './policy.js';
import * as queries from './queries.js';
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

export function createStaffSignIn(deps: { db: Db; clock: Clock; audit: AuditLog; signIns: SignInReport }) {
  const { db, clock, audit, signIns } = deps;
  const nowIso = () => clock.now().toISOString();

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
     * code of the account's authenticator app, or for the first code of a secret set up now.
     */
    async login(site: Site, email: string, password: string) {
      const row = await queries.findStaffByEmail(db, normaliseEmail(email));
      const valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstNothing(password);
      if (!row || !valid || row.disabled_at) {
        signIns.refused('wrong_secret');
        throw new DomainError('login_failed');
      }
      const staff = toMember(row);
      const token = newSecret();
      const session = { id: hashSecret(token), kind: 'staff', staff_id: row.id, created_at: nowIso() } as const;
      if (!staff.two_step && !twoStepRequired(staff.role, site)) {
        const expires = addMinutes(clock.now(), SESSION_HOURS * 60);
        await sessionStore.insertSession(db, { ...session, expires_at: expires.toISOString(), stage: 'signed_in' });
        await audit(staff, 'login', {});
        return { session: { token, expires }, outcome: { staff } };
      }
      const expires = addMinutes(clock.now(), TWO_STEP_MINUTES);
      if (staff.two_step) {
        await sessionStore.insertSession(db, { ...session, expires_at: expires.toISOString(), stage: 'code' });
        return { session: { token, expires }, outcome: { two_step: 'code' as const } };
      }
      const secret = newTotpSecret();
      await sessionStore.insertSession(db, {
        ...session,
        expires_at: expires.toISOString(),
        stage: 'enrol',
        pending_secret: secret,
      });
      const setup = await enrolment(secret, `${site.name} staff`, staff.email);
      return { session: { token, expires }, outcome: { two_step: 'enrol' as const, ...setup } };
    },

    /**
     * The second step: the code of the account's app, or the first code of a secret being set up
     * (which the account keeps from then on). Each code works once; a session gets CODE_ATTEMPTS
     * tries, then the password must be given again.
     */
    async confirmTwoStep(token: string, code: string) {
      const sessionId = hashSecret(token);
      const session = await sessionStore.findTwoStepSession(db, sessionId, nowIso());
      if (!session || session.disabled_at) throw new DomainError('staff_login_required');
      if (!(await sessionStore.takeCodeAttempt(db, sessionId, CODE_ATTEMPTS))) {
        await sessionStore.deleteSession(db, 'staff', sessionId);
        throw new DomainError('staff_login_required');
      }
      const secret = session.pending_secret ?? session.totp_secret;
      if (secret === null) throw new DomainError('staff_login_required');
      const step = await codeStep(secret, code, clock.now(), session.pending_secret ? null : session.totp_last_step);
      const taken =
        step !== null &&
        (session.pending_secret
          ? await queries.setTotpSecret(db, session.id, secret, step)
          : await queries.useTimeStep(db, session.id, secret, step));
      if (!taken) throw fieldError('code', 'two_step_code_wrong');
      // A sign-in now lasts the working day; a setup while signed in keeps its session's end.
      const expires = session.stage === 'signed_in' ? null : addMinutes(clock.now(), SESSION_HOURS * 60);
      await sessionStore.completeSession(db, sessionId, expires?.toISOString() ?? null);
      const staff = toMember({ ...session, totp_secret: secret });
      if (session.pending_secret) await audit(staff, 'two_step.enrol', { record: `staff:${staff.id}` });
      if (session.stage !== 'signed_in') await audit(staff, 'login', {});
      return { staff, expires };
    },

    /** A signed-in operator who may choose sets up two-step sign-in: the secret waits for its first code. */
    async startTwoStepSetup(site: Site, staff: StaffMember | null, token: string | undefined) {
      const member = requireSignedIn(staff);
      if (member.two_step || !token) throw new DomainError('two_step_on_already');
      const secret = newTotpSecret();
      await sessionStore.setPendingSecret(db, hashSecret(token), secret);
      return enrolment(secret, `${site.name} staff`, member.email);
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
