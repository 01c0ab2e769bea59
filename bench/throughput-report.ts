/** The tables of what one process carries: requests/s and shares of the hello world, CPU per request, processes, start-up. */
import { ms, type ThroughputRow } from './load.js';
import { type Engine, values, WARM_UP_SECONDS } from './options.js';
import { STARTS, type StartupRow } from './throughput.js';

/** The issue's goals for each call, as shares of the hello world: [SQLite, PostgreSQL]. */
const SHARE_GOALS: Record<string, [number, number]> = {
  settings: [60, 60],
  session: [60, 40],
  search: [15, 10],
  name: [15, 10],
  profile: [30, 25],
  likes: [30, 25],
  chats: [30, 25],
};

const share = (row: ThroughputRow, baseline: ThroughputRow | undefined) =>
  baseline ? (100 * row.requestsPerSecond) / baseline.requestsPerSecond : 0;

/** Requests/s, p99 and share of the hello world per call, SQLite beside PostgreSQL, with the goal met or missed. */
function throughputTable(rows: ThroughputRow[]): string[] {
  const setups = [...new Set(rows.map((row) => row.setup))];
  const calls = [...new Set(rows.map((row) => row.scenario))];
  const cell = (setup: string, call: string) => {
    const row = rows.find((candidate) => candidate.setup === setup && candidate.scenario === call);
    if (!row) return ' | | |';
    const baseline = rows.find((candidate) => candidate.setup === setup && candidate.baseline);
    const errors = row.errors + row.timeouts + row.non2xx;
    const goal = SHARE_GOALS[call.split(':')[0] ?? '']?.[setup === 'postgres' ? 1 : 0];
    const verdict =
      row.baseline || goal === undefined
        ? ''
        : share(row, baseline) >= goal
          ? ` (goal ${goal}%: met)`
          : ` (goal ${goal}%: missed)`;
    return (
      ` ${row.requestsPerSecond.toFixed(0)}${errors > 0 ? ` (${errors} errors)` : ''} | ${ms(row.p99)} | ` +
      `${share(row, baseline).toFixed(1)}%${verdict} |`
    );
  };
  return [
    `| call | ${setups.map((setup) => `${setup} req/s | p99 ms | share of hello world`).join(' | ')} |`,
    `| --- |${setups.map(() => ' ---: | ---: | ---: |').join('')}`,
    ...calls.map((call) => `| ${call} |${setups.map((setup) => cell(setup, call)).join('')}`),
  ];
}

/** The issue's table: each call's share of the hello world per engine, beside the goals. */
function sharesTable(rows: ThroughputRow[]): string[] {
  const shareOf = (setup: Engine, call: string) => {
    const row = rows.find((candidate) => candidate.setup === setup && candidate.scenario === call);
    const baseline = rows.find((candidate) => candidate.setup === setup && candidate.baseline);
    return row ? `${share(row, baseline).toFixed(1)}%` : '—';
  };
  const calls = [...new Set(rows.filter((row) => !row.baseline).map((row) => row.scenario))];
  return [
    '| call | SQLite | PostgreSQL | goal SQLite | goal PostgreSQL |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...calls.map((call) => {
      const goals = SHARE_GOALS[call.split(':')[0] ?? ''];
      const goal = (i: 0 | 1) => (goals ? `≥ ${goals[i]}%` : '—');
      return `| ${call} | ${shareOf('sqlite', call)} | ${shareOf('postgres', call)} | ${goal(0)} | ${goal(1)} |`;
    }),
  ];
}

/** Where a request's CPU goes: the app's process and, on PostgreSQL, the database's processes. */
function cpuTable(rows: ThroughputRow[]): string[] {
  const measured = rows.filter((row) => row.appCpuMs !== undefined);
  const calls = [...new Set(measured.map((row) => row.scenario))];
  const setups = [...new Set(measured.map((row) => row.setup))];
  const cell = (setup: string, call: string) => {
    const row = measured.find((candidate) => candidate.setup === setup && candidate.scenario === call);
    if (!row) return ' | |';
    return ` ${row.appCpuMs?.toFixed(2)} | ${setup === 'postgres' ? row.databaseCpuMs?.toFixed(2) : '—'} |`;
  };
  return [
    `| call |${setups.map((setup) => ` ${setup}: app ms | ${setup}: database ms |`).join('')}`,
    `| --- |${setups.map(() => ' ---: | ---: |').join('')}`,
    ...calls.map((call) => `| ${call} |${setups.map((setup) => cell(setup, call)).join('')}`),
  ];
}

/** Requests/s of each call by the number of processes, and what the most processes carry over one. */
function processesTable(rows: ThroughputRow[]): string[] {
  const setups = [...new Set(rows.map((row) => row.setup))];
  const calls = [...new Set(rows.map((row) => row.scenario))];
  const perSecond = (setup: string, call: string) =>
    rows.find((row) => row.setup === setup && row.scenario === call)?.requestsPerSecond ?? 0;
  const first = setups[0] ?? '';
  const last = setups.at(-1) ?? '';
  return [
    `| call | ${setups.map((setup) => `${setup} req/s`).join(' | ')} | ${last} ÷ ${first} |`,
    `| --- |${setups.map(() => ' ---: |').join('')} ---: |`,
    ...calls.map(
      (call) =>
        `| ${call} | ${setups.map((setup) => perSecond(setup, call).toFixed(0)).join(' | ')} | ` +
        `${(perSecond(last, call) / Math.max(perSecond(first, call), 1)).toFixed(2)}× |`,
    ),
  ];
}

/** The section "What one process carries" of the report. */
export function throughputReport(
  throughputRows: ThroughputRow[],
  processRows: ThroughputRow[],
  startupRows: StartupRow[],
) {
  return [
    '## What one process carries',
    '',
    `As many requests as ${values.connections} connections keep in flight, for ${values['throughput-seconds']} s per call ` +
      `(after a ${WARM_UP_SECONDS} s warm-up), against the compiled server in production mode with its request log, ` +
      'beside a bare Fastify hello world with its logger started the same way in the same run. The share of the hello ' +
      'world is the figure compared across runs; the goals are those of issues 16 and 37. The planner statistics are ' +
      "the seed's own (no ANALYZE of the bench's).",
    '',
    ...throughputTable(throughputRows),
    '',
    'Shares of the hello world, this run, beside the goals:',
    '',
    ...sharesTable(throughputRows),
    '',
    "CPU per answered request during those runs (from /proc): the app's process, and PostgreSQL's processes; " +
      "SQLite's work is inside the app's process.",
    '',
    ...cpuTable(throughputRows),
    ...(processRows.length > 0
      ? [
          '',
          'PostgreSQL with Redis (events and rate limits), one instance of 1 and of 2 processes (`PROCESSES`):',
          '',
          ...processesTable(processRows),
        ]
      : []),
    ...(startupRows.length > 0
      ? [
          '',
          `Start-up on the SQLite database above, in production mode (median of ${STARTS}): from spawn to the first answer ` +
            'of /healthz, and resident memory then.',
          '',
          '| server | start-up ms | resident MB |',
          '| --- | ---: | ---: |',
          ...startupRows.map((row) => `| ${row.how} | ${row.startupMs.toFixed(0)} | ${row.residentMb.toFixed(0)} |`),
        ]
      : []),
  ];
}
