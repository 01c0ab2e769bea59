/**
 * The back office's dashboard at scale: each figure's SQL (one aggregate each, through the service
 * of the domain that owns it) timed on the bench's database, beside the 1,000,000 messages of
 * bench/chat-seed.ts, with members and payments seeded here in bulk: 100,000 signups over a year
 * (two in three activated), a purchase by one in four and a second by one in eight, one in forty
 * refunded and one in a hundred charged back.
 */
import { sql } from 'kysely';
import type { Engine } from '../server/src/platform/db/columns.js';
import type { FigurePeriod } from '../server/src/platform/db/figures.js';
import type { Db } from '../server/src/platform/db/index.js';
import { updatePlannerStatistics } from '../server/src/platform/db/statistics.js';
import type { Services } from '../server/src/services.js';

const FIRST_SIGNUP = '2025-01-01';
/** Minutes between two signups: 100,000 of them span 347 days. */
const SIGNUP_EVERY_MINUTES = 5;
/** Under the issue's budget: each figure under 300 ms. */
const DASHBOARD_BUDGET_MS = 300;

export interface DashboardRow {
  engine: Engine;
  period: string;
  figure: string;
  /** The median of the runs, and the slowest. */
  medianMs: number;
  maxMs: number;
}

/** Rows 1 … count, as each engine makes them. */
const numbers = (engine: Engine, count: number) =>
  engine === 'postgres'
    ? sql`generate_series(1, ${sql.lit(count)}) as n(n)`
    : sql`(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(count)}) select n from s) as n`;

/** An ISO timestamp `minutes` (an SQL expression) after a day, as each engine writes it. */
const minutesAfter = (engine: Engine, day: string, minutes: ReturnType<typeof sql>) =>
  engine === 'postgres'
    ? sql`to_char(timestamp ${sql.lit(day)} + ${minutes} * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(day)}, '+' || (${minutes}) || ' minutes')`;

/** Days after an ISO timestamp column. */
const daysAfter = (engine: Engine, column: string, days: number) =>
  engine === 'postgres'
    ? sql`to_char(${sql.ref(column)}::timestamp + interval '${sql.raw(String(days))} days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.ref(column)}, ${sql.lit(`+${days} days`)})`;

/** Members and their payments in bulk, in SQL on the database itself; returns how many payments there are. */
export async function seedAccountsInBulk(db: Db, engine: Engine, siteId: number, members: number): Promise<number> {
  const signup = minutesAfter(engine, FIRST_SIGNUP, sql`n.n * ${sql.lit(SIGNUP_EVERY_MINUTES)}`);
  await sql`
    insert into users (site_id, email, email_key, password_hash, language, status, signup_date)
    select ${siteId}, 'bench-' || n.n || '@amora.test', 'bench-' || n.n || '@amora.test', 'x', 'en',
      case when n.n % 3 = 0 then 'not_confirmed' else 'confirmed' end, ${signup}
    from ${numbers(engine, members)}`.execute(db);
  const bundle = await db
    .selectFrom('credit_bundles')
    .select(['id', 'country', 'credits', 'price', 'currency'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .executeTakeFirst();
  if (bundle) await seedPayments(db, engine, siteId, bundle);
  await updatePlannerStatistics(db, ['users', 'payments']);
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number | string>().as('payments'))
    .executeTakeFirstOrThrow();
  return Number(row.payments);
}

interface Bundle {
  id: number;
  country: string;
  credits: number;
  price: number;
  currency: string;
}

/** A purchase by one in four of the bench's members, a second by one in eight. */
async function seedPayments(db: Db, engine: Engine, siteId: number, bundle: Bundle): Promise<void> {
  for (const [every, days, client] of [
    [4, 1, 'first'],
    [8, 10, 'second'],
  ] as const) {
    await sql`
      insert into payments (site_id, user_id, client_id, bundle_id, country, credits, currency, list_price, amount,
        vat_rate, vat_amount, method, provider, status, created_at, updated_at, paid_at)
      select ${siteId}, u.id, ${client}, ${bundle.id}, ${bundle.country}, ${bundle.credits}, ${bundle.currency},
        ${bundle.price}, ${bundle.price}, 21, 0, 'ideal', 'sandbox',
        case when u.id % 100 = 0 then 'charged_back' when u.id % 40 = 0 then 'refunded' else 'paid' end,
        u.signup_date, u.signup_date, ${daysAfter(engine, 'u.signup_date', days)}
      from users u where u.site_id = ${siteId} and u.email like 'bench-%' and u.id % ${sql.lit(every)} = 0`.execute(db);
  }
}

/** The figures GET /api/staff/dashboard.php asks for, each its own statement. */
function figuresOf(services: Services, period: FigurePeriod): [string, () => Promise<unknown>][] {
  const { accounts, payments, chat } = services;
  return [
    ['signups and activations', () => accounts.signupFigures(period)],
    ['first purchases and paying members', () => payments.purchaseFigures(period)],
    ['revenue per currency', () => payments.revenueFigures(period)],
    ['messages to hosted profiles', () => chat.messagesToHosted(period)],
    ['conversations waiting', () => chat.conversationsWaiting(period.siteId)],
    ['time to first answer (median, p90)', () => chat.firstAnswerTimes(period)],
    ['signups per day', () => accounts.signupsByDay(period)],
    ['revenue per day', () => payments.revenueByDay(period)],
    ['messages per day', () => chat.messagesToHostedByDay(period)],
  ];
}

/**
 * Each figure `runs` times (after one untimed run) over the last 30 days of the messages and over
 * the whole year of signups, for all sites.
 */
export async function benchDashboard(services: Services, engine: Engine, runs: number): Promise<DashboardRow[]> {
  const periods: [string, FigurePeriod][] = [
    ['30 days', { from: '2025-12-04T00:00:00.000Z', to: '2026-01-03T00:00:00.000Z' }],
    ['366 days', { from: '2025-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' }],
  ];
  const rows: DashboardRow[] = [];
  for (const [period, range] of periods) {
    for (const [figure, run] of figuresOf(services, range)) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const row = {
        engine,
        period,
        figure,
        medianMs: times[Math.floor(times.length / 2)] ?? 0,
        maxMs: times.at(-1) ?? 0,
      };
      rows.push(row);
      console.log(
        `${engine} | dashboard, ${period} | ${figure}: ${row.medianMs.toFixed(1)} ms (max ${row.maxMs.toFixed(1)})`,
      );
    }
  }
  return rows;
}

export function dashboardTable(rows: DashboardRow[]): string[] {
  return [
    '| engine | period | figure | median ms | max ms | budget |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.engine} | ${row.period} | ${row.figure} | ${row.medianMs.toFixed(1)} | ${row.maxMs.toFixed(1)} | ` +
        `${row.maxMs < DASHBOARD_BUDGET_MS ? 'met' : 'missed'} |`,
    ),
  ];
}
