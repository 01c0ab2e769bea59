/** Moderation cases and their appeals. */
import type { CaseKind, CaseMeasure } from '@amora/common';
import type { Insertable } from 'kysely';
import type { Db } from '../platform/db/index.js';
import type { ModerationAppealsTable, ModerationCasesTable } from '../platform/db/schema.js';

const WAITING = ['open', 'in_review'] as const;

export async function insertCase(db: Db, row: Insertable<ModerationCasesTable>): Promise<number> {
  const inserted = await db.insertInto('moderation_cases').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findCase(db: Db, caseId: number) {
  return db.selectFrom('moderation_cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

/**
 * A page of cases: those waiting oldest first (the queue), those decided newest first; those with
 * an appeal waiting, oldest appeal first.
 */
export function cases(
  db: Db,
  filter: {
    view: 'waiting' | 'decided' | 'appealed';
    kind?: CaseKind;
    siteId?: number;
    before?: number;
    limit: number;
  },
) {
  let query = db.selectFrom('moderation_cases').selectAll('moderation_cases');
  if (filter.kind) query = query.where('moderation_cases.kind', '=', filter.kind);
  if (filter.siteId !== undefined) query = query.where('moderation_cases.site_id', '=', filter.siteId);
  if (filter.view === 'appealed') {
    return query
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('moderation_appeals')
            .select('moderation_appeals.id')
            .whereRef('moderation_appeals.case_id', '=', 'moderation_cases.id')
            .where('moderation_appeals.appealed_at', 'is not', null)
            .where('moderation_appeals.outcome', 'is', null),
        ),
      )
      .orderBy('moderation_cases.id')
      .limit(filter.limit)
      .execute();
  }
  if (filter.view === 'waiting') {
    if (filter.before !== undefined) query = query.where('moderation_cases.id', '>', filter.before);
    return query
      .where('moderation_cases.status', 'in', WAITING)
      .orderBy('moderation_cases.id')
      .limit(filter.limit)
      .execute();
  }
  if (filter.before !== undefined) query = query.where('moderation_cases.id', '<', filter.before);
  return query
    .where('moderation_cases.status', 'not in', WAITING)
    .orderBy('moderation_cases.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** How many cases wait for a decision, and how many appeals for a review. */
export async function waitingCounts(db: Db): Promise<{ cases: number; appeals: number }> {
  const [cases, appeals] = await Promise.all([
    db
      .selectFrom('moderation_cases')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('status', 'in', WAITING)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('moderation_appeals')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('appealed_at', 'is not', null)
      .where('outcome', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { cases: Number(cases.count), appeals: Number(appeals.count) };
}

/** Marks a waiting case as in review by a moderator (taking it over from another); undefined once decided. */
export function takeCase(db: Db, caseId: number, staffId: number) {
  return db
    .updateTable('moderation_cases')
    .set({ status: 'in_review', reviewer_id: staffId })
    .where('id', '=', caseId)
    .where('status', 'in', WAITING)
    .returningAll()
    .executeTakeFirst();
}

/** The decision, taken only while the case waits: of two moderators deciding at once, the first. */
export function decideCase(
  db: Db,
  caseId: number,
  decision: {
    status: 'actioned' | 'dismissed';
    measure: CaseMeasure | null;
    explanation: string | null;
    staffId: number;
    now: string;
  },
) {
  return db
    .updateTable('moderation_cases')
    .set((eb) => ({
      status: decision.status,
      measure: decision.measure,
      explanation: decision.explanation,
      decided_by: decision.staffId,
      decided_at: decision.now,
      reviewer_id: null,
      round: eb('round', '+', 1),
    }))
    .where('id', '=', caseId)
    .where('status', 'in', WAITING)
    .returningAll()
    .executeTakeFirst();
}

/** Back to the queue for a new decision (a reporter's appeal reversed the decision). */
export async function reopenCase(db: Db, caseId: number): Promise<void> {
  await db
    .updateTable('moderation_cases')
    .set({ status: 'open', reviewer_id: null, measure: null, explanation: null })
    .where('id', '=', caseId)
    .execute();
}

/** The decision withdrawn (the member it concerned won their appeal): nothing stands against them. */
export async function withdrawMeasure(db: Db, caseId: number): Promise<void> {
  await db
    .updateTable('moderation_cases')
    .set({ status: 'dismissed', measure: null })
    .where('id', '=', caseId)
    .execute();
}

export async function insertAppealRights(db: Db, rows: Insertable<ModerationAppealsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('moderation_appeals').values(rows).execute();
}

export function appealsOf(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moderation_appeals')
    .selectAll()
    .where('case_id', 'in', caseIds)
    .where('appealed_at', 'is not', null)
    .orderBy('id')
    .execute();
}

export function appealByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('moderation_appeals')
    .innerJoin('moderation_cases', 'moderation_cases.id', 'moderation_appeals.case_id')
    .selectAll('moderation_appeals')
    .select([
      'moderation_cases.site_id',
      'moderation_cases.kind',
      'moderation_cases.round as case_round',
      'moderation_cases.status as case_status',
      'moderation_cases.decided_at as case_decided_at',
    ])
    .where('moderation_appeals.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Files the appeal once, while it may be made; false when it was made already or its time is over. */
export async function fileAppeal(db: Db, appealId: number, text: string, now: string): Promise<boolean> {
  const filed = await db
    .updateTable('moderation_appeals')
    .set({ text, appealed_at: now })
    .where('id', '=', appealId)
    .where('appealed_at', 'is', null)
    .where('open_until', '>', now)
    .returning('id')
    .executeTakeFirst();
  return filed !== undefined;
}

export function findAppeal(db: Db, appealId: number) {
  return db.selectFrom('moderation_appeals').selectAll().where('id', '=', appealId).executeTakeFirst();
}

/** The review of an appeal, taken once: of two staff members deciding at once, the first. */
export function decideAppeal(
  db: Db,
  appealId: number,
  review: { outcome: 'upheld' | 'reversed'; explanation: string | null; staffId: number; now: string },
) {
  return db
    .updateTable('moderation_appeals')
    .set({
      outcome: review.outcome,
      explanation: review.explanation,
      decided_by: review.staffId,
      decided_at: review.now,
    })
    .where('id', '=', appealId)
    .where('appealed_at', 'is not', null)
    .where('outcome', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
