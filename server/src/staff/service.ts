/**
 * Staff: operators answer members who write to hosted profiles, as those profiles, from an inbox
 * (inbox.ts); moderators and admins run the rest of the back office, one desk per part. Staff
 * accounts sign in apart from members, and every action they take is logged. They never see a member's email, password or
 * payment details: only the public profile, the conversation and staff notes.
 */
import { randomBytes } from 'node:crypto';
import { type PaymentMethod, type PaymentStatus, type PhotoRejection, STAFF_ROLES, staffMay } from '@amora/common';
import type { ChatService } from '../chat/service.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { AccountsService } from '../identity/accounts/service.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../identity/credentials/passwords.js';
import type { CredentialsService } from '../identity/credentials/service.js';
import type { LifecycleService } from '../identity/lifecycle/service.js';
import { hashSecret, newSecret } from '../identity/secrets.js';
import type { SessionsService } from '../identity/sessions/service.js';
import type { PhotosService } from '../members/photos/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { SafetyService } from '../members/safety/service.js';
import type { ModerationService } from '../moderation/service.js';
import type { CreditsService } from '../money/credits/service.js';
import type { PaymentsService } from '../money/payments/service.js';
import { RefundRefused } from '../money/refunds/refunds.js';
import { addMinutes, type Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import type { StaffRole, StaffUserRow } from '../platform/db/schema.js';
import { DomainError, fieldError, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { Site } from '../platform/site.js';
import type { SitesService } from '../sites/service.js';
import { createBundleDesk } from './bundles.js';
import { createCaseDesk } from './cases.js';
import { createDashboardDesk } from './dashboard.js';
import { createDiscountDesk } from './discounts.js';
import { createHostedDesk } from './hosted.js';
import { createInboxDesk } from './inbox.js';
import { createMemberDesk } from './members.js';
import { requireRight, requireSignedIn } from './policy.js';
import * as queries from './queries.js';
import { createSiteDesk } from './sites.js';
import { codeStep, enrolment, newTotpSecret } from './two-step.js';

/** A staff session lasts a working day. */
const SESSION_HOURS = 12;
/** From the password to the code: time to open the authenticator app, or to set it up. */
const TWO_STEP_MINUTES = 10;
/** Audit log rows an admin sees at once; older ones page on. */
const AUDIT_PAGE = 100;
/** Payments an admin sees at once; older ones page on. */
const PAYMENTS_PAGE = 50;
/** Photos a moderator sees at once; the queue says how many more wait. */
const PHOTO_QUEUE_PAGE = 60;
/** Where staff fetch a photo file, whatever its status (members' /media/ shows only what they may see). */
export const STAFF_MEDIA_PREFIX = '/api/staff/media/';
const staffMediaUrl = (file: string) => `${STAFF_MEDIA_PREFIX}${file}`;
/** Chat photos as operators see them: under the staff media path, which knows who holds the conversation. */
const OPERATOR_MEDIA_PREFIX = STAFF_MEDIA_PREFIX.slice(0, -1);

/** Codes tried per password given. */
const CODE_ATTEMPTS = 5;

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** Signs in with a code from an authenticator app. */
  two_step: boolean;
  /** Conversations held at once, at most. */
  capacity: number;
  /** Takes no conversations now. */
  away: boolean;
}

function toMember(
  row: Pick<StaffUserRow, 'id' | 'name' | 'email' | 'role' | 'totp_secret' | 'capacity' | 'away'>,
): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    two_step: row.totp_secret !== null,
    capacity: row.capacity,
    away: row.away === 1,
  };
}

/** Moderators and admins always sign in in two steps; operators too, unless the site makes it their choice. */
function twoStepRequired(role: StaffRole, site: Site) {
  return role !== 'operator' || site.settings.operator_two_step !== 'optional';
}

export class StaffRefused extends Error {}

function toAccount(row: StaffUserRow) {
  return { ...toMember(row), disabled: row.disabled_at !== null, created_at: row.created_at };
}

/** What a staff action was about, for the audit log. */
export interface StaffSubject {
  conversation?: number;
  profile?: number;
  message?: number;
  site?: number;
  /** The record acted on, `<kind>:<id>`. */
  record?: string;
  /** The fields changed: before and after. */
  changes?: Record<string, [unknown, unknown]>;
  reason?: string;
}

export function createStaffService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  chat: ChatService;
  members: MembersService;
  payments: PaymentsService;
  photos: PhotosService;
  sites: SitesService;
  accounts: AccountsService;
  sessions: SessionsService;
  credentials: CredentialsService;
  lifecycle: LifecycleService;
  credits: CreditsService;
  moderation: ModerationService;
  safety: SafetyService;
  complaints: ComplaintsService;
}) {
  const { db, clock, members, payments, photos, sites } = deps;
  const nowIso = () => clock.now().toISOString();

  /** Writes a row of the audit log; rows are only ever added. */
  async function log(staff: StaffMember, action: string, about: StaffSubject) {
    await queries.log(db, {
      staff_id: staff.id,
      action,
      conversation_id: about.conversation ?? null,
      profile_id: about.profile ?? null,
      message_id: about.message ?? null,
      site_id: about.site ?? null,
      record: about.record ?? null,
      changes: about.changes ? JSON.stringify(about.changes) : null,
      reason: about.reason ?? null,
      created_at: nowIso(),
    });
  }

  async function siteNamesOf(siteIds: number[]) {
    const found = await Promise.all([...new Set(siteIds)].map((id) => sites.findById(id)));
    return new Map(found.flatMap((site) => (site ? [[site.id, site.name] as const] : [])));
  }

  const caseDesk = createCaseDesk({ ...deps, log, siteNamesOf });
  const memberDesk = createMemberDesk({ ...deps, log, siteNamesOf, mediaUrl: staffMediaUrl });
  const discountDesk = createDiscountDesk({ ...deps, log, siteNamesOf });
  const siteDesk = createSiteDesk({ ...deps, log });
  const { personaSheet, savePersona, ...hostedDesk } = createHostedDesk({
    ...deps,
    log,
    siteNamesOf,
    mediaUrl: staffMediaUrl,
  });
  const inboxDesk = createInboxDesk({ ...deps, log, personaSheet, savePersona, mediaPrefix: OPERATOR_MEDIA_PREFIX });
  const bundleDesk = createBundleDesk({ ...deps, log });
  const dashboardDesk = createDashboardDesk(deps);

  return {
    ...inboxDesk,
    ...caseDesk,
    ...memberDesk,
    ...discountDesk,
    ...hostedDesk,
    ...siteDesk,
    ...bundleDesk,
    ...dashboardDesk,

    async addStaff(input: { email: string; name: string; password: string; role: StaffRole }): Promise<StaffMember> {
      const email = input.email.trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new StaffRefused(`"${input.email}" is not an email address`);
      if (!STAFF_ROLES.includes(input.role))
        throw new StaffRefused(`the role must be one of ${STAFF_ROLES.join(', ')}`);
      if (input.password.length < 12) throw new StaffRefused('a staff password has at least 12 characters');
      if (await queries.findStaffByEmail(db, email)) throw new StaffRefused(`${email} is staff already`);
      const row = await queries.insertStaffUser(db, {
        email,
        name: input.name,
        password_hash: await hashPassword(input.password),
        role: input.role,
        created_at: nowIso(),
        disabled_at: null,
      });
      return toMember(row);
    },

    listStaff: () => queries.listStaff(db),

    /** The staff accounts, for an admin. */
    async team(staff: StaffMember | null) {
      requireRight(staff, 'staff');
      return (await queries.listStaff(db)).map(toAccount);
    },

    /** An admin adds a staff account; its first password is returned once, for the admin to pass on. */
    async addByAdmin(staff: StaffMember | null, input: { email: string; name: string; role: StaffRole }) {
      const admin = requireRight(staff, 'staff');
      const email = input.email.toLowerCase();
      if (await queries.findStaffByEmail(db, email)) throw fieldError('email', 'email_taken');
      const password = randomBytes(12).toString('base64url');
      const added = await this.addStaff({ ...input, email, password });
      await log(admin, 'staff.add', { record: `staff:${added.id}`, changes: { role: [null, added.role] } });
      const row = await queries.findStaffById(db, added.id);
      if (!row) throw notFound();
      return { staff: toAccount(row), password };
    },

    /** An admin changes another account's role, or disables it (ending its sessions at once) or enables it. */
    async change(
      staff: StaffMember | null,
      input: { id: number; role?: StaffRole; disabled?: boolean; reset_two_step?: boolean; capacity?: number },
    ) {
      const admin = requireRight(staff, 'staff');
      if (input.id === admin.id) throw new DomainError('staff_self_change');
      const before = await queries.findStaffById(db, input.id);
      if (!before) throw notFound();
      const changes: Record<string, [unknown, unknown]> = {};
      if (input.role !== undefined && input.role !== before.role) changes.role = [before.role, input.role];
      const wasDisabled = before.disabled_at !== null;
      if (input.disabled !== undefined && input.disabled !== wasDisabled)
        changes.disabled = [wasDisabled, input.disabled];
      if (input.reset_two_step && before.totp_secret !== null) changes.two_step = [true, false];
      if (input.capacity !== undefined && input.capacity !== before.capacity)
        changes.capacity = [before.capacity, input.capacity];
      if (Object.keys(changes).length > 0) {
        await db.transaction().execute(async (trx) => {
          await queries.updateStaff(trx, input.id, {
            ...(changes.role && { role: input.role }),
            ...(changes.disabled && { disabled_at: input.disabled ? nowIso() : null }),
            ...(changes.two_step && { totp_secret: null, totp_last_step: null }),
            ...(changes.capacity && { capacity: input.capacity }),
          });
          // A lost phone or a disabled account: wherever it is signed in, it is not any more.
          if (input.disabled || changes.two_step) await queries.deleteSessionsOf(trx, input.id);
        });
        await log(admin, 'staff.change', { record: `staff:${input.id}`, changes });
      }
      const after = await queries.findStaffById(db, input.id);
      if (!after) throw notFound();
      return { staff: toAccount(after) };
    },

    /** From a shell: forgets the account's app and ends its sessions (logged as the account's own). */
    async resetTwoStepByCommand(email: string): Promise<boolean> {
      const row = await queries.findStaffByEmail(db, email.trim().toLowerCase());
      if (!row) return false;
      await db.transaction().execute(async (trx) => {
        await queries.updateStaff(trx, row.id, { totp_secret: null, totp_last_step: null });
        await queries.deleteSessionsOf(trx, row.id);
      });
      await log(toMember(row), 'two_step.reset_by_command', {
        record: `staff:${row.id}`,
        changes: { two_step: [row.totp_secret !== null, false] },
      });
      return true;
    },

    /** Where the staff member is signed in; `token` is this browser's. */
    async sessions(staff: StaffMember | null, token: string | undefined) {
      const member = requireSignedIn(staff);
      const current = token ? hashSecret(token) : null;
      return (await queries.sessionsOf(db, member.id, nowIso())).map((row) => ({
        ...row,
        current: row.id === current,
      }));
    },

    async endSession(staff: StaffMember | null, sessionId: string) {
      const member = requireSignedIn(staff);
      if (!(await queries.deleteOwnSession(db, member.id, sessionId))) throw notFound();
      await log(member, 'session.end', { record: `staff:${member.id}` });
    },

    /**
     * The password step of signing in; unknown addresses take as long as wrong passwords. The
     * session it starts is signed in at once only where no code is needed; else it waits for the
     * code of the account's authenticator app, or for the first code of a secret set up now.
     */
    async login(site: Site, email: string, password: string) {
      const row = await queries.findStaffByEmail(db, email.trim().toLowerCase());
      const valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstNothing(password);
      if (!row || !valid || row.disabled_at) throw new DomainError('login_failed');
      const staff = toMember(row);
      const token = newSecret();
      const session = { id: hashSecret(token), staffId: row.id, now: nowIso() };
      if (!staff.two_step && !twoStepRequired(staff.role, site)) {
        const expires = addMinutes(clock.now(), SESSION_HOURS * 60);
        await queries.insertSession(db, { ...session, expires: expires.toISOString(), stage: 'signed_in' });
        await log(staff, 'login', {});
        return { session: { token, expires }, outcome: { staff } };
      }
      const expires = addMinutes(clock.now(), TWO_STEP_MINUTES);
      if (staff.two_step) {
        await queries.insertSession(db, { ...session, expires: expires.toISOString(), stage: 'code' });
        return { session: { token, expires }, outcome: { two_step: 'code' as const } };
      }
      const secret = newTotpSecret();
      await queries.insertSession(db, {
        ...session,
        expires: expires.toISOString(),
        stage: 'enrol',
        pendingSecret: secret,
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
      const session = await queries.findTwoStepSession(db, sessionId, nowIso());
      if (!session || session.disabled_at) throw new DomainError('staff_login_required');
      if (!(await queries.takeCodeAttempt(db, sessionId, CODE_ATTEMPTS))) {
        await queries.deleteSession(db, sessionId);
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
      await queries.completeSession(db, sessionId, expires?.toISOString() ?? null);
      const staff = toMember({ ...session, totp_secret: secret });
      if (session.pending_secret) await log(staff, 'two_step.enrol', { record: `staff:${staff.id}` });
      if (session.stage !== 'signed_in') await log(staff, 'login', {});
      return { staff, expires };
    },

    /** A signed-in operator who may choose sets up two-step sign-in: the secret waits for its first code. */
    async startTwoStepSetup(site: Site, staff: StaffMember | null, token: string | undefined) {
      const member = requireSignedIn(staff);
      if (member.two_step || !token) throw new DomainError('two_step_on_already');
      const secret = newTotpSecret();
      await queries.setPendingSecret(db, hashSecret(token), secret);
      return enrolment(secret, `${site.name} staff`, member.email);
    },

    async bySession(token: string): Promise<StaffMember | null> {
      const row = await queries.findSessionStaff(db, hashSecret(token), nowIso());
      if (!row || row.disabled_at) return null;
      return toMember(row);
    },

    /** An active staff account by its address: for the commands, which act as one. */
    async byEmail(email: string): Promise<StaffMember | null> {
      const row = await queries.findStaffByEmail(db, email.trim().toLowerCase());
      if (!row || row.disabled_at) return null;
      return toMember(row);
    },

    async logout(token: string) {
      await queries.deleteSession(db, hashSecret(token));
    },

    /**
     * Refunds a purchase in full (an admin's call, within the site's refund_days), taking back the
     * credits left of it; logged with the reason given.
     */
    async refund(staff: StaffMember | null, paymentId: number, reason: string) {
      const admin = requireRight(staff, 'money');
      try {
        const { transaction, creditsTaken, siteId } = await payments.refund(paymentId);
        await log(admin, 'payment.refund', {
          site: siteId,
          record: `payment:${paymentId}`,
          changes: { status: ['paid', transaction.status], refunded_credits: [0, creditsTaken] },
          reason,
        });
        return { transaction, creditsTaken };
      } catch (error) {
        if (error instanceof RefundRefused) throw new DomainError('refund_refused', { reason: error.message });
        throw error;
      }
    },

    /** The photo queue, oldest first, across sites or on one; for staff who moderate photos. */
    async photoQueue(staff: StaffMember | null, siteId: number | undefined) {
      requireRight(staff, 'photos');
      const { photos: waiting, waiting: count } = await photos.moderationQueue({ limit: PHOTO_QUEUE_PAGE, siteId });
      const siteNames = await siteNamesOf(waiting.map((photo) => photo.site_id));
      return {
        photos: waiting.map((photo) => ({
          id: photo.id,
          site: { id: photo.site_id, name: siteNames.get(photo.site_id) ?? '' },
          profile: { id: photo.profile_id, name: photo.name, hosted: photo.hosted === 1 },
          url: staffMediaUrl(photo.filename),
          thumb_url: staffMediaUrl(photo.thumb_filename),
          width: photo.width,
          height: photo.height,
          uploaded_at: photo.created_at,
        })),
        waiting: count,
        refreshed_at: nowIso(),
      };
    },

    /** Available or away: away, an operator claims nothing (what they hold stays theirs until it idles out). */
    async setAway(staff: StaffMember | null, away: boolean) {
      const member = requireSignedIn(staff);
      if (member.away !== away) {
        await queries.updateStaff(db, member.id, { away: away ? 1 : 0 });
        await log(member, away ? 'status.away' : 'status.available', {
          record: `staff:${member.id}`,
          changes: { away: [member.away, away] },
        });
      }
      return { staff: { ...member, away } };
    },

    /** The sites of this deployment, for filters. */
    async siteList(staff: StaffMember | null) {
      requireSignedIn(staff);
      return (await sites.listSites()).map((site) => ({
        id: site.id,
        name: site.name,
        domain: site.domain,
        domain_language: site.domainLanguage,
      }));
    },

    /** Payments across sites, newest first, filtered; for admins (the money right). */
    async paymentList(
      staff: StaffMember | null,
      filter: { site?: number; status?: PaymentStatus; method?: PaymentMethod; member?: number; before?: number },
    ) {
      requireRight(staff, 'money');
      let userId: number | undefined;
      if (filter.member !== undefined) {
        const [profile] = await members.namesOf([filter.member]);
        if (!profile?.user_id) return { payments: [], next_before: null };
        userId = profile.user_id;
      }
      const found = await payments.forStaff({
        siteId: filter.site,
        status: filter.status,
        method: filter.method,
        userId,
        before: filter.before,
        limit: PAYMENTS_PAGE,
      });
      const rows = found.map((each) => each.row);
      const [profiles, siteNames] = await Promise.all([
        members.profilesOfUsers([...new Set(rows.map((row) => row.user_id))]),
        siteNamesOf(rows.map((row) => row.site_id)),
      ]);
      const profileOf = new Map(profiles.map((profile) => [profile.user_id, profile]));
      return {
        payments: found.map(({ row, refundRefusal }) => {
          const profile = profileOf.get(row.user_id);
          return {
            id: row.id,
            site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
            member: profile ? { id: profile.id, name: profile.name } : null,
            status: row.status,
            method: row.method as PaymentMethod,
            amount: row.amount,
            currency: row.currency,
            credits: row.credits,
            refunded_credits: row.refunded_credits,
            refusal: row.refusal,
            created_at: row.created_at,
            paid_at: row.paid_at,
            refund_refusal: refundRefusal,
          };
        }),
        next_before: rows.length === PAYMENTS_PAGE ? (rows.at(-1)?.id ?? null) : null,
      };
    },

    /** Approves or rejects photos; each decided one is in the audit log, with the reason for a rejection. */
    async decidePhotos(
      staff: StaffMember | null,
      input: { photos: number[]; decision: 'approve' | 'reject'; rejection?: PhotoRejection },
    ) {
      const moderator = requireRight(staff, 'photos');
      const { rows, approved, rejected, alreadyDecided } = await photos.decide(
        input.photos,
        input.decision === 'approve'
          ? { status: 'active' }
          : { status: 'rejected', rejection: input.rejection as PhotoRejection },
      );
      for (const row of rows) {
        await log(moderator, `photo.${input.decision}`, {
          site: row.site_id,
          profile: row.profile_id,
          record: `photo:${row.id}`,
          changes: { status: ['pending', row.status] },
          ...(row.rejection && { reason: row.rejection }),
        });
      }
      return { approved, rejected, already_decided: alreadyDecided };
    },

    /**
     * A photo file for staff: a chat photo to the operator holding its conversation; any stored
     * photo to those who moderate photos; an approved one of this site's profiles to operators.
     */
    async mediaObject(site: Site, staff: StaffMember | null, file: string) {
      const member = requireSignedIn(staff);
      if (file.startsWith('c/')) {
        requireRight(staff, 'inbox');
        return inboxDesk.chatPhotoObject(site, member, file);
      }
      if (staffMay(member.role, 'photos')) return photos.object(await photos.fileForModerator(file));
      requireRight(staff, 'inbox');
      return photos.object(await photos.fileForOperator(site, file));
    },

    /** The audit log for admins: who did what to which record, the values before and after, and why. */
    async auditLog(
      staff: StaffMember | null,
      filter: { staff?: number; record?: string; action?: string; before?: number },
    ) {
      requireRight(staff, 'staff');
      const rows = await queries.auditLog(db, {
        staffId: filter.staff,
        record: filter.record,
        action: filter.action,
        before: filter.before,
        limit: AUDIT_PAGE,
      });
      return {
        entries: rows.map((row) => ({
          ...row,
          changes: row.changes === null ? null : (JSON.parse(row.changes) as Record<string, [unknown, unknown]>),
        })),
        next_before: rows.length === AUDIT_PAGE ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
