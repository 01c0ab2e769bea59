/**
 * Staff accounts: they sign in apart from members (sign-in.ts), keep their own sessions, and every
 * action they take is logged. They never see a member's email, password or payment details.
 */
import { randomBytes } from 'node:crypto';
import { type Locale, normaliseEmail, STAFF_ROLES, type StaffAccount } from '@amora/common';
import type { Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import type { Db, InTransaction } from '../../platform/db/index.js';
import type { StaffRole, StaffUserRow } from '../../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../../platform/errors.js';
import type { MailService } from '../../platform/mail/service.js';
import { hashPassword } from '../credentials/passwords.js';
import type { SignInReport } from '../sessions/counted-sign-in.js';
import * as sessionStore from '../sessions/queries.js';
import * as signInQueries from '../sessions/sign-in-queries.js';
import { type AuditLog, auditedAs } from './audit.js';
import { createInviter, issueInvitation, pendingInvitations } from './invitations.js';
import { DEFAULT_STAFF_LANGUAGE, type StaffMember, toAccount, toMember } from './member.js';
import { requireSignedIn } from './policy.js';
import * as queries from './queries.js';
import { dropRecoveryCodes } from './recovery-codes.js';
import { createStaffSignIn } from './sign-in.js';

const ownerOf = (staffId: number) => ({ kind: 'staff', staffId }) as const;

export class StaffRefused extends Error {}

export interface StaffAccountChange {
  id: number;
  role?: StaffRole;
  disabled?: boolean;
  reset_two_step?: boolean;
  capacity?: number;
  unlock?: boolean;
}

export function createStaffService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  signIns: SignInReport;
  mail: MailService;
}) {
  const { db, clock, audit } = deps;
  const inviter = createInviter(deps);
  const nowIso = () => clock.now().toISOString();

  async function addStaff(
    input: { email: string; name: string; password: string; role: StaffRole; language?: Locale },
    audit?: InTransaction<StaffMember>,
  ): Promise<StaffMember> {
    const email = normaliseEmail(input.email);
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new StaffRefused(`"${input.email}" is not an email address`);
    if (!STAFF_ROLES.includes(input.role)) throw new StaffRefused(`the role must be one of ${STAFF_ROLES.join(', ')}`);
    if (input.password.length < 12) throw new StaffRefused('a staff password has at least 12 characters');
    if (await queries.findStaffByEmail(db, email)) throw new StaffRefused(`${email} is staff already`);
    const passwordHash = await hashPassword(input.password);
    return db.transaction().execute(async (trx) => {
      const added = toMember(
        await queries.insertStaffUser(trx, {
          email,
          name: input.name,
          password_hash: passwordHash,
          role: input.role,
          language: input.language ?? DEFAULT_STAFF_LANGUAGE,
          created_at: nowIso(),
          disabled_at: null,
        }),
      );
      if (audit) await audit(trx, added);
      return added;
    });
  }

  /** The accounts as the team desk shows them: with the invitation still to use, and a block in force. */
  async function accountsOf(rows: StaffUserRow[]) {
    const invitations = await pendingInvitations(db, nowIso());
    const blocks = await signInQueries.blockedStaff(db, nowIso());
    return rows.map((row) =>
      toAccount(row, { invitation: invitations.get(row.id) ?? null, locked: blocks.get(row.email) ?? null }),
    );
  }
  const accountOf = async (row: StaffUserRow) => (await accountsOf([row]))[0] as StaffAccount;

  /** An admin lifts the block wrong passwords put on an account; a row in the log when there was one. */
  async function unlock(admin: StaffMember, account: StaffUserRow) {
    await db.transaction().execute(async (trx) => {
      const key = { kind: 'staff', siteId: 0, emailKey: account.email } as const;
      if (!(await signInQueries.liftBlock(trx, key, nowIso()))) return;
      await audit(admin, 'staff.unlock', { record: `staff:${account.id}`, changes: { locked: [true, false] } }, trx);
    });
  }

  return {
    ...createStaffSignIn({ ...deps, inviter }),

    addStaff,

    listStaff: () => queries.listStaff(db),

    /** The names of these staff accounts. */
    names: (ids: number[]) => queries.staffNames(db, ids),

    /** The staff accounts, as an admin sees them. */
    async accounts() {
      return accountsOf(await queries.listStaff(db));
    },

    /**
     * An admin adds a staff account: its first password is returned once, for the admin to pass on,
     * and its invitation to set up the authenticator app is mailed to its address.
     */
    async addByAdmin(
      ctx: RequestContext,
      admin: StaffMember,
      input: { email: string; name: string; role: StaffRole; language: Locale },
    ) {
      const email = normaliseEmail(input.email);
      if (await queries.findStaffByEmail(db, email)) throw fieldError('email', 'email_taken');
      const password = randomBytes(12).toString('base64url');
      let invitation = '';
      const added = await addStaff({ ...input, email, password }, async (trx, row) => {
        await auditedAs(audit, admin, 'staff.add', () => ({
          record: `staff:${row.id}`,
          changes: { role: [null, row.role], language: [null, input.language] },
        }))(trx, row);
        invitation = await issueInvitation(trx, row.id, clock.now());
      });
      const row = await queries.findStaffById(db, added.id);
      if (!row) throw notFound();
      await inviter.mailInvitation(ctx, row, invitation);
      return { staff: await accountOf(row), password };
    },

    /** An admin changes another account's role, or disables it (ending its sessions at once) or enables it. */
    async changeByAdmin(ctx: RequestContext, admin: StaffMember, input: StaffAccountChange) {
      if (input.id === admin.id) throw new DomainError('staff_self_change');
      const before = await queries.findStaffById(db, input.id);
      if (!before) throw notFound();
      const changes: Record<string, [unknown, unknown]> = {};
      if (input.role !== undefined && input.role !== before.role) changes.role = [before.role, input.role];
      const wasDisabled = before.disabled_at !== null;
      if (input.disabled !== undefined && input.disabled !== wasDisabled)
        changes.disabled = [wasDisabled, input.disabled];
      // A reset forgets the app, if there is one, and mails a new invitation to set one up.
      if (input.reset_two_step) changes.two_step = [before.totp_secret !== null, false];
      if (input.capacity !== undefined && input.capacity !== before.capacity)
        changes.capacity = [before.capacity, input.capacity];
      let invitation: string | null = null;
      if (Object.keys(changes).length > 0) {
        await db.transaction().execute(async (trx) => {
          await queries.updateStaff(trx, input.id, {
            ...(changes.role && { role: input.role }),
            ...(changes.disabled && { disabled_at: input.disabled ? nowIso() : null }),
            ...(changes.two_step && { totp_secret: null, totp_last_step: null }),
            ...(changes.capacity && { capacity: input.capacity }),
          });
          // A lost phone or a disabled account: wherever it is signed in, it is not any more.
          if (input.disabled || changes.two_step) await sessionStore.deleteSessionsOf(trx, ownerOf(input.id));
          if (changes.two_step) {
            await dropRecoveryCodes(trx, input.id);
            invitation = await issueInvitation(trx, input.id, clock.now());
          }
          await audit(admin, 'staff.change', { record: `staff:${input.id}`, changes }, trx);
        });
      }
      if (input.unlock) await unlock(admin, before);
      const after = await queries.findStaffById(db, input.id);
      if (!after) throw notFound();
      if (invitation) await inviter.mailInvitation(ctx, after, invitation);
      return { staff: await accountOf(after) };
    },

    /**
     * From a shell: forgets the account's app and recovery codes, ends its sessions and answers a new
     * invitation's token to pass on (logged as the account's own). Null: no such account.
     */
    async resetTwoStepByCommand(email: string): Promise<string | null> {
      const row = await queries.findStaffByEmail(db, normaliseEmail(email));
      if (!row) return null;
      return db.transaction().execute(async (trx) => {
        await queries.updateStaff(trx, row.id, { totp_secret: null, totp_last_step: null });
        await sessionStore.deleteSessionsOf(trx, ownerOf(row.id));
        await dropRecoveryCodes(trx, row.id);
        await audit(
          toMember(row),
          'two_step.reset_by_command',
          { record: `staff:${row.id}`, changes: { two_step: [row.totp_secret !== null, false] } },
          trx,
        );
        return issueInvitation(trx, row.id, clock.now());
      });
    },

    /** A new invitation mailed to the account (logged as the account's own): the demo's staff get theirs so. */
    async inviteByMail(ctx: RequestContext, staffId: number) {
      await inviter.invite(ctx, staffId, async (trx, invitee) => {
        const row = await queries.findStaffById(trx, invitee.id);
        if (row) await audit(toMember(row), 'staff.invite', { record: `staff:${row.id}` }, trx);
      });
    },

    /** From a shell: a new invitation's token for the account to set up its app with (logged as the account's own). */
    async inviteByCommand(staffId: number): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const row = await queries.findStaffById(trx, staffId);
        if (!row) throw notFound();
        await audit(toMember(row), 'staff.invite', { record: `staff:${row.id}` }, trx);
        return issueInvitation(trx, row.id, clock.now());
      });
    },

    /** Available or away: away, an operator claims nothing (what they hold stays theirs until it idles out). */
    async setAway(staff: StaffMember | null, away: boolean) {
      const member = requireSignedIn(staff);
      if (member.away !== away) {
        await db.transaction().execute(async (trx) => {
          await queries.updateStaff(trx, member.id, { away: away ? 1 : 0 });
          await audit(
            member,
            away ? 'status.away' : 'status.available',
            { record: `staff:${member.id}`, changes: { away: [member.away, away] } },
            trx,
          );
        });
      }
      return { staff: { ...member, away } };
    },

    /** The staff member's own language: their back office's words, dates and numbers, and their mails. */
    async setLanguage(staff: StaffMember | null, language: Locale) {
      const member = requireSignedIn(staff);
      if (member.language !== language) await queries.updateStaff(db, member.id, { language });
      return { staff: { ...member, language } };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
