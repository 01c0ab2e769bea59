import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, JobsTable } from '../db/schema.js';
import type { JobCounts } from './queue.js';

export type JobRow = Selectable<JobsTable>;

/** Adds a job, true when it was; one whose key is held by a waiting or running job is dropped. */
export async function insertJob(db: Db, job: Insertable<JobsTable>): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values(job)
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Due, not held, and of a name the worker knows: jobs of another version of the app are left to it. */
const claimable = (now: string, names: string[]) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([
    eb('name', 'in', names),
    eb('failed_at', 'is', null),
    eb('run_at', '<=', now),
    eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
  ]);

/**
 * Takes up to `limit` due jobs that nobody holds, the longest due first, in one statement: two
 * workers asking at once never get the same job (PostgreSQL re-checks the condition on a row the
 * other one just updated, and leaves it out).
 */
export async function claimDueJobs(
  db: Db,
  names: string[],
  now: string,
  lockedUntil: string,
  limit: number,
): Promise<JobRow[]> {
  return db
    .updateTable('jobs')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb.selectFrom('jobs').select('id').where(claimable(now, names)).orderBy('run_at').orderBy('id').limit(limit),
    )
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returningAll()
    .execute();
}

export async function countDueJobs(db: Db, names: string[], now: string): Promise<number> {
  if (names.length === 0) return 0;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(claimable(now, names))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The holder of a job is the one that made its last attempt; only it may renew, finish or release it. */
const heldBy = (job: Pick<JobRow, 'id' | 'attempts'>) => ({ id: job.id, attempts: job.attempts });

export async function renewLease(db: Db, job: JobRow, lockedUntil: string): Promise<void> {
  const { id, attempts } = heldBy(job);
  await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .execute();
}

export async function deleteJob(db: Db, job: JobRow): Promise<void> {
  const { id, attempts } = heldBy(job);
  await db.deleteFrom('jobs').where('id', '=', id).where('attempts', '=', attempts).execute();
}

export async function retryJobLater(db: Db, job: JobRow, runAt: string, error: string): Promise<void> {
  const { id, attempts } = heldBy(job);
  await db
    .updateTable('jobs')
    .set({ run_at: runAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .execute();
}

/** A job out of attempts stays, for someone to look at; its key is freed for new jobs. */
export async function failJob(db: Db, job: JobRow, failedAt: string, error: string): Promise<void> {
  const { id, attempts } = heldBy(job);
  await db
    .updateTable('jobs')
    .set({ failed_at: failedAt, locked_until: null, key: null, last_error: error })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .execute();
}

/** The jobs in each state at `now`, in one grouped count. */
export async function countByState(db: Db, now: string): Promise<JobCounts> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb
        .case()
        .when('failed_at', 'is not', null)
        .then('failed')
        .when('locked_until', '>=', now)
        .then('active')
        .when('run_at', '>', now)
        .then('delayed')
        .else('waiting')
        .end()
        .as('state'),
      eb.fn.countAll().as('n'),
    ])
    .groupBy('state')
    .execute();
  const counts: JobCounts = { waiting: 0, delayed: 0, active: 0, failed: 0 };
  for (const row of rows) counts[row.state as keyof JobCounts] = Number(row.n);
  return counts;
}
