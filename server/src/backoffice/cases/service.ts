/**
 * The case desk of the back office: moderators work reports and complaints to a decision with a
 * statement of reasons, and review the appeals against other staff members' decisions. A
 * suspension or a ban is taken on the member's account in the transaction of the decision, and
 * lifted in the transaction of an appeal that reverses it.
 */
import { type AppealOutcome, type AppealParty, type CaseKind, type CaseMeasure, REPORT_MEASURES } from '@amora/common';
import { permits, staffActor } from '../../access/authorize.js';
import type { ComplaintsService } from '../../complaints/service.js';
import type { AccountsService } from '../../identity/accounts/service.js';
import { type AuditLog, auditedAs } from '../../identity/staff/audit.js';
import type { StaffMember } from '../../identity/staff/member.js';
import { requireRight } from '../../identity/staff/policy.js';
import type { StaffService } from '../../identity/staff/service.js';
import type { MembersService } from '../../members/profiles/service.js';
import type { SafetyService } from '../../members/safety/service.js';
import type { Addressee, CaseRow, ModerationService } from '../../moderation/service.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/bus.js';

/** Cases a moderator sees at once; older (or newer, in the queue) ones page on. */
const CASES_PAGE = 30;

type ReportRow = Awaited<ReturnType<SafetyService['reportsByIds']>>[number];
type ComplaintRow = Awaited<ReturnType<ComplaintsService['byIds']>>[number];

export interface CaseDecisionInput {
  case: number;
  decision: 'actioned' | 'dismissed';
  measure?: CaseMeasure;
  explanation?: string;
}

export function createCaseDesk(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  moderation: ModerationService;
  safety: SafetyService;
  complaints: ComplaintsService;
  accounts: AccountsService;
  members: MembersService;
  log: AuditLog;
  staffAccounts: StaffService;
  siteNamesOf: (siteIds: number[]) => Promise<Map<number, string>>;
}) {
  const { db, events, moderation, safety, complaints, accounts, members, log, siteNamesOf } = deps;

  /** The notice behind each case: its report or complaint (a staff initiative has none). */
  async function noticesOf(rows: { kind: CaseKind; source_id: number | null }[]) {
    const idsOf = (kind: CaseKind) =>
      rows.flatMap((row) => (row.kind === kind && row.source_id !== null ? [row.source_id] : []));
    const [reports, filed] = await Promise.all([
      safety.reportsByIds(idsOf('report')),
      complaints.byIds(idsOf('complaint')),
    ]);
    const reportOf = new Map<number, ReportRow>(reports.map((row) => [row.id, row]));
    const complaintOf = new Map<number, ComplaintRow>(filed.map((row) => [row.id, row]));
    return (row: { kind: CaseKind; source_id: number | null }) => ({
      report: row.kind === 'report' && row.source_id !== null ? reportOf.get(row.source_id) : undefined,
      complaint: row.kind === 'complaint' && row.source_id !== null ? complaintOf.get(row.source_id) : undefined,
    });
  }

  /** A member's account and language, to write to them; null when the account is gone. */
  async function memberAddressee(party: AppealParty, userId: number | null): Promise<Addressee | null> {
    if (userId === null) return null;
    const language = (await accounts.languagesOf([userId])).get(userId);
    return language ? { party, userId, email: null, locale: language } : null;
  }

  /** Who reported or complained: a member's account, or a complaint's address. */
  function reporterAddressee(report: ReportRow | undefined, complaint: ComplaintRow | undefined) {
    if (complaint) {
      return Promise.resolve<Addressee>({
        party: 'reporter',
        userId: null,
        email: complaint.email,
        locale: complaint.locale as Addressee['locale'],
      });
    }
    return memberAddressee('reporter', report?.reporter_user_id ?? null);
  }

  function checkMeasure(kind: CaseKind, input: CaseDecisionInput, subjectHosted: boolean) {
    if (input.decision === 'dismissed') {
      if (input.measure !== undefined) throw fieldError('measure', 'invalid_choice');
      return null;
    }
    if (input.measure === undefined) throw fieldError('measure', 'required');
    const allowed: readonly CaseMeasure[] = kind === 'report' ? REPORT_MEASURES : ['resolved'];
    // A hosted profile has no account to suspend: the company retires it instead.
    if (!allowed.includes(input.measure) || (subjectHosted && input.measure !== 'warning')) {
      throw fieldError('measure', 'invalid_choice');
    }
    return input.measure;
  }

  return {
    /** A page of cases with their notices, decisions and appeals; complainants' addresses for admins only. */
    async cases(
      staff: StaffMember | null,
      filter: { view: 'waiting' | 'decided' | 'appealed'; kind?: CaseKind; site?: number; before?: number },
    ) {
      const moderator = requireRight(staff, 'reports');
      const { rows, appeals, waiting } = await moderation.cases({
        view: filter.view,
        kind: filter.kind,
        siteId: filter.site,
        before: filter.before,
        limit: CASES_PAGE,
      });
      const noticeOf = await noticesOf(rows);
      const profileIds = rows.flatMap((row) => (row.subject_profile_id === null ? [] : [row.subject_profile_id]));
      const staffIds = [
        ...rows.flatMap((row) => [row.reviewer_id, row.decided_by]),
        ...appeals.map((appeal) => appeal.decided_by),
      ].filter((value): value is number => value !== null);
      const [subjects, staffNames, siteNames] = await Promise.all([
        members.namesOf([...new Set(profileIds)]),
        deps.staffAccounts.names([...new Set(staffIds)]),
        siteNamesOf(rows.map((row) => row.site_id)),
      ]);
      const subjectOf = new Map(subjects.map((row) => [row.id, row]));
      const nameOf = (staffId: number | null) =>
        staffId === null ? null : (staffNames.find((row) => row.id === staffId)?.name ?? '');
      const seesAddresses = permits(staffActor(moderator), 'staff:staff');
      return {
        cases: rows.map((row) => {
          const { report, complaint } = noticeOf(row);
          const subject = row.subject_profile_id === null ? undefined : subjectOf.get(row.subject_profile_id);
          return {
            id: row.id,
            kind: row.kind,
            status: row.status,
            site: { id: row.site_id, name: siteNames.get(row.site_id) ?? '' },
            created_at: row.created_at,
            reason: report?.reason ?? complaint?.category ?? row.reason ?? '',
            text: report?.comment ?? complaint?.message ?? null,
            reference: complaint?.reference ?? null,
            reporter: report
              ? {
                  profile: { id: report.reporter_id, name: report.reporter_name },
                  name: report.reporter_name,
                  email: null,
                }
              : complaint
                ? { profile: null, name: complaint.name, email: seesAddresses ? complaint.email : null }
                : null,
            subject: subject
              ? {
                  id: subject.id,
                  name: subject.name,
                  hosted: subject.hosted === 1,
                  suspended: subject.status === 'suspended',
                }
              : null,
            reviewer: nameOf(row.reviewer_id),
            reviewing_by_me: row.reviewer_id === moderator.id,
            decision:
              row.decided_at === null || row.status === 'open' || row.status === 'in_review'
                ? null
                : {
                    measure: row.measure,
                    explanation: row.explanation,
                    decided_by: nameOf(row.decided_by) ?? '',
                    decided_at: row.decided_at,
                    by_me: row.decided_by === moderator.id,
                  },
            appeals: appeals
              .filter((appeal) => appeal.case_id === row.id)
              .map((appeal) => ({
                id: appeal.id,
                party: appeal.party,
                text: appeal.text ?? '',
                appealed_at: appeal.appealed_at ?? '',
                outcome: appeal.outcome,
                explanation: appeal.explanation,
                decided_by: nameOf(appeal.decided_by),
                decided_at: appeal.decided_at,
              })),
          };
        }),
        waiting: waiting.cases,
        appeals_waiting: waiting.appeals,
        next_before: rows.length === CASES_PAGE ? (rows.at(-1)?.id ?? null) : null,
        refreshed_at: deps.clock.now().toISOString(),
      };
    },

    /** A moderator takes a waiting case in review, so colleagues see it is being looked at. */
    async reviewCase(staff: StaffMember | null, caseId: number) {
      const moderator = requireRight(staff, 'reports');
      const audit = auditedAs(log, moderator, 'case.review', (taken: CaseRow) => ({
        site: taken.site_id,
        record: `case:${caseId}`,
        changes: { status: ['open', 'in_review'] },
      }));
      await moderation.review(caseId, moderator.id, audit);
      return { ok: true as const };
    },

    /**
     * Decides a case: a statement of reasons goes to who reported it and, when a measure is taken
     * against them, to the member it concerns; a suspension or a ban takes effect, and the audit
     * row is written, in the same transaction as the decision.
     */
    async decideCase(staff: StaffMember | null, input: CaseDecisionInput) {
      const moderator = requireRight(staff, 'reports');
      const before = await moderation.findCase(input.case);
      if (!before) throw notFound();
      const [noticeOf, [subject]] = await Promise.all([
        noticesOf([before]),
        members.namesOf(before.subject_profile_id === null ? [] : [before.subject_profile_id]),
      ]);
      const { report, complaint } = noticeOf(before);
      const measure = checkMeasure(before.kind, input, subject?.hosted === 1);
      const explanation = input.explanation?.trim() || null;
      const told = [await reporterAddressee(report, complaint)];
      const subjectUserId = subject?.user_id ?? null;
      if (measure !== null && before.kind === 'report') told.push(await memberAddressee('subject', subjectUserId));
      await db.transaction().execute(async (trx) => {
        const row = await moderation.decide(
          trx,
          before.id,
          moderator.id,
          { status: input.decision, measure, explanation },
          {
            reason: report?.reason ?? complaint?.category ?? before.reason ?? '',
            filedAt: report?.created_at ?? complaint?.created_at ?? before.created_at,
            subjectName: subject?.name ?? null,
          },
          told.filter((addressee): addressee is Addressee => addressee !== null),
        );
        if ((measure === 'suspension' || measure === 'ban') && subjectUserId !== null) {
          await accounts.suspend(trx, subjectUserId, measure);
        }
        await log(
          moderator,
          'case.decide',
          {
            site: row.site_id,
            profile: before.subject_profile_id ?? undefined,
            record: `case:${before.id}`,
            changes: { status: [before.status, row.status], measure: [null, measure] },
            ...(explanation && { reason: explanation }),
          },
          trx,
        );
      });
      await events.relay();
      return { ok: true as const };
    },

    /**
     * Reviews an appeal (never one against one's own decision). Reversed, a suspension or a ban of
     * the member who appealed is lifted in the same transaction (as the audit row is written); a
     * reporter's case is reopened.
     */
    async decideAppeal(
      staff: StaffMember | null,
      input: { appeal: number; outcome: AppealOutcome; explanation?: string },
    ) {
      const reviewer = requireRight(staff, 'reports');
      const explanation = input.explanation?.trim() || null;
      const { appeal, case: appealed } = await moderation.appealWithCase(input.appeal);
      const [noticeOf, [subject]] = await Promise.all([
        noticesOf([appealed]),
        members.namesOf(appealed.subject_profile_id === null ? [] : [appealed.subject_profile_id]),
      ]);
      const { report, complaint } = noticeOf(appealed);
      const addressee = (appeal.party === 'reporter'
        ? await reporterAddressee(report, complaint)
        : await memberAddressee('subject', subject?.user_id ?? null)) ?? {
        // The account is gone: the mail finds no one, the review still stands.
        party: appeal.party,
        userId: null,
        email: null,
        locale: appeal.locale as Addressee['locale'],
      };
      await db.transaction().execute(async (trx) => {
        const outcome = await moderation.decideAppeal(
          trx,
          appeal.id,
          reviewer.id,
          { outcome: input.outcome, explanation },
          addressee,
        );
        const suspendedUser =
          outcome.current &&
          input.outcome === 'reversed' &&
          appeal.party === 'subject' &&
          (outcome.case.measure === 'suspension' || outcome.case.measure === 'ban')
            ? (subject?.user_id ?? null)
            : null;
        if (suspendedUser !== null) await accounts.lift(trx, suspendedUser);
        await log(
          reviewer,
          'appeal.decide',
          {
            site: outcome.case.site_id,
            profile: outcome.case.subject_profile_id ?? undefined,
            record: `case:${outcome.case.id}`,
            changes: {
              appeal: [null, input.outcome],
              ...(suspendedUser !== null && { suspension: [outcome.case.measure, null] }),
            },
            ...(explanation && { reason: explanation }),
          },
          trx,
        );
      });
      await events.relay();
      return { ok: true as const };
    },
  };
}
