/**
 * `npm run bench`: the API budget of DESIGN.md (p99 under 25 ms at 500 requests/s) at 100,000
 * profiles, on SQLite and on PostgreSQL. For each engine: a fresh database, seeded in bulk like
 * `npm run seed`, the app built in this process (API only), the demo member logged in, then
 * autocannon (in a worker thread) at a fixed rate per scenario. Writes bench/results.md.
 *
 * Likes: each hosted profile likes 5 others, and the demo member has 200 received likes (20 new) and
 * 100 given, of which GET /api/likes.php returns the first 30 of each list and counts up to 100.
 *
 * Chats: 1,000,000 messages, the demo member's 100 conversations of 1,000 and 9,000 others of 100
 * (bench/chat-seed.ts).
 *
 * Scale (benchScale): on PostgreSQL, a fresh database of 1,000,000 profiles and 10,000,000 messages,
 * its seed timed, then the member's calls at the same rate. Then the realtime part (bench/realtime.ts): send → recipient socket latency
 * on one instance and on two joined by Redis, beside a bare `ws` echo, and memory for 10,000 sockets.
 *
 * Dashboard (bench/dashboard.ts): each figure of the back office's dashboard timed on that database,
 * with 100,000 members and their payments seeded beside it.
 *
 * Web (bench/web.ts): the first load of the app and of a lander (Brotli, as sent), Lighthouse's mobile
 * scores of the home page, /members and landers (bench/lighthouse.ts; `--lighthouse ''` leaves it
 * out), and the INP of a visitor's taps on /members (bench/inp.ts), which Lighthouse's audit of a
 * load has none of; with `--baseline`, for another build beside this one.
 *
 * Options: `npm run bench -- --help` lists each with its default (bench/options.ts).
 * PostgreSQL: BENCH_POSTGRES_URL (an admin connection that may create databases), else
 * postgres://<PGUSER|postgres|root>@127.0.0.1:5432/postgres; skipped with a notice when unreachable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atTheRate, table } from './at-rate.js';
import { type DashboardRow, dashboardTable } from './dashboard.js';
import type { Row, ThroughputRow } from './load.js';
import {
  BUDGET_P99_MS,
  CONNECTIONS,
  dashboardRuns,
  type Engine,
  engines,
  LIKES,
  profilerOptions,
  profiles,
  rate,
  scenarioNames,
  seconds,
  values,
} from './options.js';
import { postgresAdminUrl } from './postgres.js';
import { benchRealtime } from './realtime.js';
import { realtimeReport } from './realtime-report.js';
import { benchScale, scaleReport } from './scale.js';
import { seededDatabase } from './seed.js';
import { productionEnv, startApp } from './server-process.js';
import {
  callsThroughput,
  helloWorldThroughput,
  processesThroughput,
  type StartupRow,
  startupFigures,
} from './throughput.js';
import { throughputReport } from './throughput-report.js';
import { benchWeb, webBuilds } from './web.js';

interface Measured {
  throughput: ThroughputRow[];
  rated: Row[];
  processes: ThroughputRow[];
  startup: StartupRow[];
  seedSeconds: number;
  dashboard: DashboardRow[];
}

async function benchEngine(engine: Engine): Promise<Measured | null> {
  const database = await seededDatabase(engine, {
    profiles,
    // The chat calls and the dashboard's message figures need the messages.
    messages: scenarioNames.some((name) => name.startsWith('chat')) || dashboardRuns > 0 ? 1_000_000 : 0,
    dashboard: dashboardRuns > 0,
  });
  if (!database) return null;
  const { dataDir, databaseUrl, scenarios, seedSeconds, dashboard, remove } = database;
  try {
    const startup = engine === 'sqlite' ? await startupFigures(productionEnv(dataDir, databaseUrl)) : [];
    const throughput = [await helloWorldThroughput(engine)];
    const app = await startApp(productionEnv(dataDir, databaseUrl), { nodeOptions: profilerOptions(engine) });
    let rated: Row[] = [];
    try {
      const { rows, headers } = await callsThroughput(app, scenarios, engine, { cpuOfDatabase: engine === 'postgres' });
      throughput.push(...rows);
      rated = await atTheRate(app, scenarios, headers, engine);
    } finally {
      await app.stop();
    }
    const processes = engine === 'postgres' ? await processesThroughput(dataDir, databaseUrl, scenarios) : [];
    return { throughput, rated, processes, startup, seedSeconds, dashboard };
  } finally {
    await remove();
  }
}

async function runRealtime() {
  const pairs = Number(values['chat-pairs']);
  const adminUrl = pairs > 0 ? await postgresAdminUrl() : null;
  if (!adminUrl) return null;
  return benchRealtime({
    adminUrl,
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    rates: values['chat-rates'].split(',').filter(Boolean).map(Number),
    seconds,
    pairs,
    sockets: Number(values.sockets),
    nodeOptions: profilerOptions,
  });
}

const started = performance.now();
const rows: Row[] = [];
const throughputRows: ThroughputRow[] = [];
const processRows: ThroughputRow[] = [];
const startupRows: StartupRow[] = [];
const seedTimes: string[] = [];
const dashboardRows: DashboardRow[] = [];
// --profiles 0 leaves the usual part out (the scale part alone, say).
for (const engine of profiles > 0 ? engines : []) {
  const result = await benchEngine(engine);
  if (!result) continue;
  rows.push(...result.rated);
  throughputRows.push(...result.throughput);
  processRows.push(...result.processes);
  startupRows.push(...result.startup);
  dashboardRows.push(...result.dashboard);
  seedTimes.push(`${engine} ${result.seedSeconds.toFixed(1)} s`);
}
const throughputLines = throughputReport(throughputRows, processRows, startupRows);
const scale = await benchScale();
const scaleLines = scaleReport(scale);
const realtime = await runRealtime();
const webLines = await benchWeb({
  builds: webBuilds(path.join(import.meta.dirname, '..'), values.baseline),
  lighthousePages: values.lighthouse.split(',').filter(Boolean),
  lighthouseRuns: Number(values['lighthouse-runs']),
  inpRuns: Number(values['inp-runs']),
});
const report = [
  '# API benchmark',
  '',
  `\`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${profiles.toLocaleString('en')} hosted profiles ` +
    `(each liking ${LIKES.perProfile} others), ` +
    `${rate} requests/s for ${seconds} s per scenario, spread evenly over ${CONNECTIONS} connections (latency measured ` +
    `after their 1.5 s ramp-up), from the demo member's browser (signed in, sending the cookies the site set and ` +
    `accepting gzip and Brotli); ` +
    `${os.cpus().length} cores, Node ${process.version}. Budget: p99 under ${BUDGET_P99_MS} ms.`,
  `Seeding took ${seedTimes.join(', ')}.`,
  '',
  ...throughputLines,
  '',
  '## At 500 requests/s',
  '',
  table(rows),
  '',
  ...scaleLines,
  '',
  realtime
    ? realtimeReport(realtime, { pairs: values['chat-pairs'], seconds })
    : 'Realtime: not measured (no PostgreSQL, or --chat-pairs 0).',
  '',
  '## The dashboard',
  '',
  dashboardRows.length > 0
    ? [
        `Each figure of the back office's dashboard, for all sites, through its domain's service (one SQL statement), ` +
          `${dashboardRuns} runs after one untimed: beside the messages above, ${profiles.toLocaleString('en')} ` +
          'members signed up over a year with their payments (bench/dashboard.ts). Budget: under 300 ms.',
        '',
        ...dashboardTable(dashboardRows),
      ].join('\n')
    : 'Not measured (--dashboard-runs 0).',
  '',
  ...webLines,
  '',
].join('\n');
fs.writeFileSync(values.out, report);
console.log(
  `\n${throughputLines.join('\n')}\n\n${table(rows)}\n\n${scaleLines.join('\n')}\n\n${webLines.join('\n')}\n\nWrote ${path.relative(process.cwd(), values.out)} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
);
