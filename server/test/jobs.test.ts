/**
 * The job queue of a deployment without Redis, on SQLite and PostgreSQL: jobs run once, later
 * when asked, again after a failure, and again once after their worker process was killed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.js';
import { createDbQueue } from '../src/platform/jobs/db-queue.js';
import { JOB_ATTEMPTS, type JobQueue } from '../src/platform/jobs/queue.js';
import { useTestApp } from './helpers.js';
import { counter, crashWhileRunning, RESTART_LEASE_MS } from './jobs.js';

const t = useTestApp();
const opened: JobQueue[] = [];
const quiet = () => {};

function queue(options: { clock?: typeof systemClock; leaseMs?: number } = {}) {
  const created = createDbQueue({ db: t.db, clock: options.clock ?? t.clock, onError: quiet, ...options });
  opened.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
  await t.db.deleteFrom('jobs').execute();
});

const jobsLeft = async () => t.db.selectFrom('jobs').selectAll().execute();

describe('the database job queue', () => {
  it('runs a job once and forgets it', async () => {
    const jobs = queue();
    const { runs, handler } = counter();
    jobs.handle('test.job', handler);
    jobs.start();
    await jobs.add('test.job', { label: 'a' });
    await jobs.idle();
    expect(runs).toEqual(['a']);
    expect(await jobsLeft()).toEqual([]);
  });

  it('runs a delayed job only when its time has come', async () => {
    const jobs = queue();
    const { runs, handler } = counter();
    jobs.handle('test.job', handler);
    jobs.start();
    await jobs.add('test.job', { label: 'later' }, { delayMs: 10 * 60_000 });
    await jobs.idle();
    expect(runs).toEqual([]);
    t.clock.advance({ minutes: 11 });
    await jobs.idle();
    expect(runs).toEqual(['later']);
  });

  it('adds a job with a key only once while the first waits', async () => {
    const jobs = queue();
    const { runs, handler } = counter();
    jobs.handle('test.job', handler);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => jobs.add('test.job', { label: `n${i}` }, { key: 'bundle-1' })),
    );
    jobs.start();
    await jobs.idle();
    expect(runs).toHaveLength(1);
    await jobs.add('test.job', { label: 'after' }, { key: 'bundle-1' });
    await jobs.idle();
    expect(runs).toHaveLength(2);
  });

  it('tries a failing job again later and keeps it, with the error, once it is out of attempts', async () => {
    const jobs = queue();
    let tries = 0;
    jobs.handle('test.job', async () => {
      tries++;
      throw new Error('SMTP server is away');
    });
    jobs.start();
    await jobs.add('test.job', { label: 'x' }, { key: 'failing' });
    await jobs.idle();
    expect(tries).toBe(1);
    for (let attempt = 2; attempt <= JOB_ATTEMPTS; attempt++) {
      t.clock.advance({ hours: 3 });
      await jobs.idle();
      expect(tries).toBe(attempt);
    }
    t.clock.advance({ days: 1 });
    await jobs.idle();
    expect(tries).toBe(JOB_ATTEMPTS);
    const [kept] = await jobsLeft();
    expect(kept).toMatchObject({ attempts: JOB_ATTEMPTS, key: null, last_error: 'SMTP server is away' });
    expect(kept.failed_at).not.toBeNull();
  });

  it('gives each of 40 jobs to exactly one of two workers', async () => {
    const first = counter();
    const second = counter();
    const [a, b] = [queue(), queue()];
    a.handle('test.job', first.handler);
    b.handle('test.job', second.handler);
    await Promise.all(Array.from({ length: 40 }, (_, i) => a.add('test.job', { label: String(i) })));
    a.start();
    b.start();
    await Promise.all([a.idle(), b.idle()]);
    const all = [...first.runs, ...second.runs].map(Number).sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('runs a job again, once, after the process running it was killed', async () => {
    const adder = queue({ clock: systemClock });
    await adder.add('test.job', { label: 'interrupted' });
    expect(await crashWhileRunning(['db', JSON.stringify(t.database)])).toBe('interrupted');

    const next = queue({ clock: systemClock, leaseMs: RESTART_LEASE_MS });
    const { runs, handler } = counter();
    next.handle('test.job', handler);
    next.start();
    await expect.poll(() => runs, { timeout: 10_000 }).toEqual(['interrupted']);
    await new Promise((resolve) => setTimeout(resolve, 2 * RESTART_LEASE_MS));
    await next.idle();
    expect(runs).toEqual(['interrupted']);
    expect(await jobsLeft()).toEqual([]);
  });
});
