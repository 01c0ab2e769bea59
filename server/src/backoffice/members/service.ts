/**
 * The member desk of the back office: moderators find a member by id or name (admins by address
 * too), see their profile, photos, credits, payments, reports and sessions, and act: suspend or ban
 * them on the staff's own initiative (a decided case with a statement of reasons and an appeal, as
 * for a report), lift a suspension, or grant or take credits. Never a password or a payment card.
 */
import type { Locale, PaymentMethod, ReportReason } from '@amora/common';
import { permits, staffActor } from '../../access/authorize.js';
import type { AccountsService } from '../../identity/accounts/service.js';
import type { CredentialsService } from '../../identity/credentials/service.js';
import type { LifecycleService } from '../../identity/lifecycle/service.js';
import type { SessionsService } from '../../identity/sessions/service.js';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { PhotosService } from '../../members/photos/service.js';
import type { MembersService } from '../../members/profiles/service.js';
import type { SafetyService } from '../../members/safety/service.js';
import type { ModerationService } from '../../moderation/service.js';
import type { CreditsService } from '../../money/credits/service.js';
import type { PaymentsService } from '../../money/payments/service.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import { DomainError, fieldError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { SitesService } from '../../sites/service.js';

const FOUND_AT_MOST = 50;
const LEDGER_LINES = 50;
const PAYMENTS_SHOWN = 20;
const REPORTS_SHOWN = 50;

export interface MemberActionInput {
  member: number;
  action: 'suspend' | 'ban' | 'lift' | 'credits' | 'activation';
  reason?: ReportReason;
  amount?: number;
  explanation?: string;
}

export function createMemberDesk(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  accounts: AccountsService;
  sessions: SessionsService;
  credentials: CredentialsService;
  lifecycle: LifecycleService;
  members: MembersService;
  photos: PhotosService;
  credits: CreditsService;
  payments: PaymentsService;
  safety: SafetyService;
  moderation: ModerationService;
  sites: SitesService;
  log: AuditLog;
  siteNamesOf: (siteIds: number[]) => Promise<Map<number, string>>;
  mediaUrl: (file: string) => string;
}) {
  const {
    db,
    clock,
    events,
    accounts,
    credentials,
    lifecycle,
    members,
    photos,
    credits,
    payments,
    safety,
    moderation,
    sites,
    log,
  } = deps;

  /** A member's profile and account, or 404 (hosted profiles are not members). */
  async function memberOf(profileId: number) {
    const profile = await members.profileForStaff(profileId);
    if (!profile || profile.user_id === null) throw notFound();
    const [account] = await accounts.accountsForStaff([profile.user_id]);
    if (!account) throw notFound();
    return { profile, account, userId: profile.user_id };
  }

  return {
    /** Members by id or by the start of their name; by address only for admins. */
    async findMembers(staff: StaffMember | null, query: { q: string; site?: number }) {
      const moderator = requireRight(staff, 'members');
      const q = query.q.trim();
      const seesAddresses = permits(staffActor(moderator), 'staff:staff');
      const byAddress = q.includes('@');
      if (byAddress && !seesAddresses) throw new DomainError('forbidden');
      const rows = await members.membersForStaff({
        siteId: query.site,
        limit: FOUND_AT_MOST,
        ...(/^\d{1,9}$/.test(q)
          ? { profileId: Number(q) }
          : byAddress
            ? { userIds: await accounts.userIdsByEmail(q) }
            : { nameStart: q }),
      });
      const [accountRows, siteNames] = await Promise.all([
        accounts.accountsForStaff(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]))),
        deps.siteNamesOf(rows.map((row) => row.site_id)),
      ]);
      const accountOf = new Map(accountRows.map((row) => [row.id, row]));
      return {
        members: rows.map((row) => {
          const account = row.user_id === null ? undefined : accountOf.get(row.user_id);
          return {
            id: row.id,
            name: row.name,
            site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
            status: row.status,
            email: seesAddresses ? (account?.email ?? null) : null,
            signup_date: account?.signup_date ?? row.created_at,
            paid: account?.paid_user === 1,
          };
        }),
      };
    },

    /** All staff may know of a member: profile, photos, credits, payments, reports and sessions. */
    async memberDetail(staff: StaffMember | null, profileId: number) {
      const moderator = requireRight(staff, 'members');
      const { profile, account, userId } = await memberOf(profileId);
      const [photoRows, balance, ledger, paid, reports, sessions, siteNames] = await Promise.all([
        photos.allOf(profileId),
        credits.balance(userId),
        credits.ledger(userId, LEDGER_LINES),
        payments.forStaff({ userId, limit: PAYMENTS_SHOWN }),
        safety.reportsInvolving(profileId, REPORTS_SHOWN),
        deps.sessions.list(userId),
        deps.siteNamesOf([profile.site_id]),
      ]);
      return {
        member: {
          id: profile.id,
          name: profile.name,
          site: { id: profile.site_id, name: siteNames.get(profile.site_id) ?? '' },
          status: profile.status,
          date_of_birth: profile.date_of_birth,
          country: profile.country,
          city: profile.city,
          about: profile.about,
          email: permits(staffActor(moderator), 'staff:staff') ? account.email : null,
          language: account.language as Locale,
          confirmed: account.status === 'confirmed',
          paid: account.paid_user === 1,
          signup_date: account.signup_date,
          deleted_at: account.deleted_at,
          suspended_at: account.suspended_at,
          suspension: account.suspension,
        },
        photos: photoRows.map((photo) => ({
          id: photo.id,
          url: deps.mediaUrl(photo.filename),
          thumb_url: deps.mediaUrl(photo.thumb_filename),
          status: photo.status,
          rejection: photo.rejection,
        })),
        credits: { balance, ledger },
        payments: paid.map(({ row }) => ({
          id: row.id,
          status: row.status,
          method: row.method as PaymentMethod,
          amount: row.amount,
          currency: row.currency,
          credits: row.credits,
          created_at: row.created_at,
        })),
        reports: reports.map((report) => {
          const made = report.reporter_id === profileId;
          return {
            id: report.id,
            reason: report.reason,
            comment: report.comment,
            created_at: report.created_at,
            direction: made ? ('made' as const) : ('received' as const),
            other: made
              ? { id: report.reported_id, name: report.reported_name }
              : { id: report.reporter_id, name: report.reporter_name },
          };
        }),
        sessions,
      };
    },

    /**
     * Acts on a member. A suspension or a ban is a decision like one on a report: a statement of
     * reasons with an appeal link goes to the member, in their language, and it takes effect in
     * the decision's transaction. Credits are adjusted in one transaction with the ledger line.
     * Each action's audit row is written in the transaction of its change.
     */
    async actOnMember(staff: StaffMember | null, input: MemberActionInput) {
      const moderator = requireRight(staff, 'members');
      const { profile, account, userId } = await memberOf(input.member);
      const explanation = input.explanation?.trim() || null;
      const about = { site: profile.site_id, profile: profile.id, record: `user:${userId}` };

      if (input.action === 'suspend' || input.action === 'ban') {
        if (!input.reason) throw fieldError('reason', 'required');
        const measure = input.action === 'ban' ? 'ban' : 'suspension';
        const reason = input.reason;
        const language = (await accounts.languagesOf([userId])).get(userId) ?? 'en';
        await db.transaction().execute(async (trx) => {
          // The account first: of two staff members acting at once, one takes (and tells) the measure.
          if (!(await accounts.suspend(trx, userId, measure))) throw fieldError('action', 'invalid_choice');
          const caseId = await moderation.open(trx, {
            siteId: profile.site_id,
            kind: 'initiative',
            sourceId: null,
            subjectProfileId: profile.id,
            reason,
          });
          await moderation.decide(
            trx,
            caseId,
            moderator.id,
            { status: 'actioned', measure, explanation },
            { reason, filedAt: clock.now().toISOString(), subjectName: profile.name },
            [{ party: 'subject', userId, email: null, locale: language }],
          );
          await log(
            moderator,
            `member.${input.action}`,
            { ...about, changes: { suspension: [account.suspension, measure] }, reason: explanation ?? reason },
            trx,
          );
        });
        await events.relay();
      } else if (input.action === 'lift') {
        const lifted = await db.transaction().execute(async (trx) => {
          if (!(await accounts.lift(trx, userId))) return false;
          await log(
            moderator,
            'member.lift',
            {
              ...about,
              changes: { suspension: [account.suspension, null] },
              ...(explanation && { reason: explanation }),
            },
            trx,
          );
          return true;
        });
        if (!lifted) throw fieldError('action', 'invalid_choice');
        await events.relay();
      } else if (input.action === 'activation') {
        const site = await sites.findById(profile.site_id);
        if (!site) throw notFound();
        const locale = (await accounts.languagesOf([userId])).get(userId) ?? 'en';
        const audit = auditedAs(log, moderator, 'member.activation', () => about);
        await credentials.resendActivation({ site, locale, origin: await sites.mailOrigin(site) }, userId, audit);
      } else {
        if (!input.amount) throw fieldError('amount', 'required');
        if (!explanation) throw fieldError('explanation', 'required');
        const amount = input.amount;
        const after = await db.transaction().execute(async (trx) => {
          const balance = await credits.adjust(userId, amount, `staff:${moderator.id}`, trx);
          if (balance !== null) {
            await events.record(trx, { type: 'credits.changed', siteId: profile.site_id, profileId: profile.id });
            await log(
              moderator,
              'member.credits',
              { ...about, changes: { credits: [balance - amount, balance] }, reason: explanation },
              trx,
            );
          }
          return balance;
        });
        if (after === null) throw fieldError('amount', 'too_many');
        await events.relay();
      }
      return this.memberDetail(staff, input.member);
    },

    /** Erases a member's account at once (admins only): as their own deletion, without the grace period. */
    async eraseMember(staff: StaffMember | null, input: { member: number; explanation: string }) {
      const admin = requireRight(staff, 'erasure');
      const { profile, userId } = await memberOf(input.member);
      const audit = auditedAs(log, admin, 'member.erase', () => ({
        site: profile.site_id,
        record: `user:${userId}`,
        changes: { profile: [profile.id, null] },
        reason: input.explanation.trim(),
      }));
      if (!(await lifecycle.erase(userId, audit))) throw notFound();
    },
  };
}
