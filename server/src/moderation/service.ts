/**
 * Moderation: each report and complaint is a case that moderators decide (open → in review →
 * actioned or dismissed), as the Digital Services Act's notice-and-action asks. A decision sends
 * each side told a statement of reasons with a link to appeal it; an appeal is reviewed by another
 * staff member than who decided. What a decision does to an account (a suspension, a ban) is the
 * caller's, in the transaction of the decision.
 */
import { APPEAL_DAYS, type AppealOutcome, type AppealParty, type CaseKind, type CaseMeasure } from '@amora/common';
import type { Selectable } from 'kysely';
import { hashSecret, newSecret } from '../identity/secrets.js';
import { addDays, type Clock } from '../platform/clock.js';
import type { Db, InTransaction } from '../platform/db/index.js';
import type { ModerationCasesTable } from '../platform/db/schema.js';
import { DomainError, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import type { CaseLetter } from '../platform/events/catalogue.js';
import * as queries from './queries.js';

export type CaseRow = Selectable<ModerationCasesTable>;

/** One side to be told of a decision, before its appeal link is made. */
export type Addressee = Omit<CaseLetter, 'token'>;

export interface Decision {
  status: 'actioned' | 'dismissed';
  measure: CaseMeasure | null;
  explanation: string | null;
}

/** What the statement of reasons says the notice was: its reason or category, when, and about whom. */
export interface Notice {
  reason: string;
  filedAt: string;
  subjectName: string | null;
}

export function createModerationService({ db, clock, events }: { db: Db; clock: Clock; events: EventBus }) {
  const nowIso = () => clock.now().toISOString();

  return {
    /** The case of a report or complaint just filed, in the transaction that filed it. */
    open(
      trx: Db,
      notice: {
        siteId: number;
        kind: CaseKind;
        sourceId: number | null;
        subjectProfileId: number | null;
        reason?: string;
      },
    ) {
      return queries.insertCase(trx, {
        site_id: notice.siteId,
        kind: notice.kind,
        source_id: notice.sourceId,
        subject_profile_id: notice.subjectProfileId,
        reason: notice.reason ?? null,
        status: 'open',
        created_at: nowIso(),
      });
    },

    findCase: (caseId: number) => queries.findCase(db, caseId),

    async cases(filter: Parameters<typeof queries.cases>[1]) {
      const rows = await queries.cases(db, filter);
      const [appeals, waiting] = await Promise.all([
        queries.appealsOf(
          db,
          rows.map((row) => row.id),
        ),
        queries.waitingCounts(db),
      ]);
      return { rows, appeals, waiting };
    },

    /** A moderator takes a waiting case in review (over from another, if need be); `audit` is written with it. */
    async review(caseId: number, staffId: number, audit?: InTransaction<CaseRow>) {
      const taken = await db.transaction().execute(async (trx) => {
        const row = await queries.takeCase(trx, caseId, staffId);
        if (row && audit) await audit(trx, row);
        return row;
      });
      if (taken) return taken;
      if (!(await queries.findCase(db, caseId))) throw notFound();
      throw new DomainError('already_decided');
    },

    /**
     * Decides a waiting case, in the caller's transaction, and records the statements of reasons
     * to send once it is committed, each with its side's appeal link. A case decided already
     * (another moderator was first) is refused with already_decided.
     */
    async decide(trx: Db, caseId: number, staffId: number, decision: Decision, notice: Notice, told: Addressee[]) {
      const decided = await queries.decideCase(trx, caseId, { ...decision, staffId, now: nowIso() });
      if (!decided) {
        if (!(await queries.findCase(trx, caseId))) throw notFound();
        throw new DomainError('already_decided');
      }
      const letters = told.map((addressee) => ({ ...addressee, token: newSecret() }));
      await queries.insertAppealRights(
        trx,
        letters.map((letter) => ({
          case_id: caseId,
          round: decided.round,
          party: letter.party,
          token_hash: hashSecret(letter.token),
          locale: letter.locale,
          decision: decision.measure ?? 'dismissed',
          open_until: addDays(clock.now(), APPEAL_DAYS).toISOString(),
        })),
      );
      await events.record(trx, {
        type: 'case.decided',
        siteId: decided.site_id,
        caseId,
        kind: decided.kind,
        measure: decision.measure,
        reason: notice.reason,
        filedAt: notice.filedAt,
        explanation: decision.explanation,
        subjectName: notice.subjectName,
        letters,
      });
      return decided;
    },

    /** An appeal link as its side sees it: what was decided, and whether and how they appealed. */
    async appealView(siteId: number, token: string) {
      const row = await queries.appealByToken(db, hashSecret(token));
      if (!row || row.site_id !== siteId) throw notFound();
      return {
        kind: row.kind,
        party: row.party as AppealParty,
        decision: row.decision,
        decided_at: row.case_decided_at ?? '',
        open_until: row.open_until,
        may_appeal: row.appealed_at === null && row.open_until > nowIso(),
        appealed_at: row.appealed_at,
        text: row.text,
        outcome: row.outcome,
        explanation: row.outcome ? row.explanation : null,
        reviewed_at: row.decided_at,
      };
    },

    /** Files a side's appeal, once, within its time. */
    async appeal(siteId: number, token: string, text: string) {
      const row = await queries.appealByToken(db, hashSecret(token));
      if (!row || row.site_id !== siteId) throw notFound();
      if (!(await queries.fileAppeal(db, row.id, text, nowIso()))) throw new DomainError('appeal_closed');
      return this.appealView(siteId, token);
    },

    /** An appeal made, with the case it is against. */
    async appealWithCase(appealId: number) {
      const appeal = await queries.findAppeal(db, appealId);
      const appealed = appeal && (await queries.findCase(db, appeal.case_id));
      if (!appeal || !appealed || appeal.appealed_at === null) throw notFound();
      return { appeal, case: appealed };
    },

    /**
     * Reviews an appeal, in the caller's transaction: never by whoever took the decision appealed.
     * Of two reviews at once the first stands (already_decided). Reversed on the reporter's appeal,
     * the case goes back to the queue; on the concerned member's, nothing stands against them.
     * `current`: the appeal is against the case's latest decision (only that one can be undone).
     */
    async decideAppeal(
      trx: Db,
      appealId: number,
      staffId: number,
      review: { outcome: AppealOutcome; explanation: string | null },
      addressee: Addressee,
    ) {
      const appeal = await queries.findAppeal(trx, appealId);
      const appealed = appeal && (await queries.findCase(trx, appeal.case_id));
      if (!appeal || !appealed || appeal.appealed_at === null) throw notFound();
      if (appealed.decided_by === staffId) throw new DomainError('appeal_own_decision');
      const reviewed = await queries.decideAppeal(trx, appealId, { ...review, staffId, now: nowIso() });
      if (!reviewed) throw new DomainError('already_decided');
      const current = reviewed.round === appealed.round;
      if (review.outcome === 'reversed' && current) {
        if (reviewed.party === 'reporter') await queries.reopenCase(trx, appealed.id);
        else await queries.withdrawMeasure(trx, appealed.id);
      }
      await events.record(trx, {
        type: 'appeal.decided',
        siteId: appealed.site_id,
        caseId: appealed.id,
        kind: appealed.kind,
        outcome: review.outcome,
        explanation: review.explanation,
        letter: addressee,
      });
      return { appeal: reviewed, case: appealed, current };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
