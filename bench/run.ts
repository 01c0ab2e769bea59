/**
 * `npm run bench`: the API budget of DESIGN.md (p99 under 25 ms at 500 requests/s) at 100,000
 * profiles, on SQLite and on PostgreSQL. For each engine: a fresh database, seeded in bulk like
 * `npm run seed`, the app built in this process (API only), the demo member logged in, then
 * autocannon (in a worker thread) at a fixed rate per scenario. Writes bench/results.md.
 *
 * Likes: each hosted profile likes 5 others, and the demo member has 200 received likes (20 new) and
 * 100 given, the lists GET /api/likes.php returns in full.
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
 * Options: --engines sqlite,postgres  --scenarios search,name,profile,likes,session,chats,chat
 * --profiles 100000 (0 leaves the usual part out)  --scale-profiles 1000000 (0 skips the scale part)  --scale-messages 10000000
 * --rate 500  --seconds 15  --chat-rates 100,500,1000  --chat-pairs 100 (0 skips the realtime part)  --sockets 10000
 * --out bench/results.md  --profile <folder> (a CPU profile of the server per scenario)
 * --dashboard-runs 5 (0 leaves the dashboard out)
 * --lighthouse /,/members,…  --lighthouse-runs 5 (the median run is shown)  --inp-runs 5 (0 for none)
 * --baseline <web dist folder> (another build measured beside this one, taking turns)
 * PostgreSQL: BENCH_POSTGRES_URL (an admin connection that may create databases), else
 * postgres://<PGUSER|postgres|root>@127.0.0.1:5432/postgres; skipped with a notice when unreachable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import { sql } from 'kysely';
import * as accountQueries from '../server/src/accounts/queries.js';
import { seedHostedProfilesInBulk, seedLikesInBulk } from '../server/src/demo/bulk-seed.js';
import { DEMO_MEMBER } from '../server/src/demo/seed.js';
import * as profileQueries from '../server/src/members/profiles/queries.js';
import { systemClock } from '../server/src/platform/clock.js';
import type { Db } from '../server/src/platform/db/index.js';
import { newKeysEnvironment } from '../server/src/platform/keys/deployment-keys.js';
import type { Site } from '../server/src/platform/site.js';
import { type ChatSeedOptions, conversationsOf, seedChatsInBulk } from './chat-seed.js';
import { benchDashboard, type DashboardRow, dashboardTable, seedAccountsInBulk } from './dashboard.js';
import { openDemoApp } from './demo-app.js';
import { postgresAdminUrl, throwAwayDatabase } from './postgres.js';
import { benchRealtime, type LatencyRow, type MemoryRow, reachable } from './realtime.js';
import { cpuMs, postgresPids, residentMb, type ServerProcess, startApp, startHelloWorld } from './server-process.js';
import { benchWeb, webBuilds } from './web.js';

type Engine = 'sqlite' | 'postgres';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    scenarios: { type: 'string', default: 'settings,session,search,name,profile,likes,chats,chat' },
    profiles: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '15' },
    /** The throughput table: as many requests as this many connections keep in flight, for this long. */
    connections: { type: 'string', default: '50' },
    'throughput-seconds': { type: 'string', default: '8' },
    /** Server processes on PostgreSQL joined by Redis, for the throughput of more than one. */
    processes: { type: 'string', default: '1,2' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results.md') },
    /** The realtime part: messages a second, pairs of members, sockets for the memory figure; 0 pairs skips it. */
    'chat-rates': { type: 'string', default: '100,500,1000' },
    'chat-pairs': { type: 'string', default: '100' },
    sockets: { type: 'string', default: '10000' },
    /** The scale part on PostgreSQL: profiles (0 skips it) and messages. */
    'scale-profiles': { type: 'string', default: '1000000' },
    'scale-messages': { type: 'string', default: '10000000' },
    /** Runs of each dashboard figure, of which the median is shown; 0 for none. */
    'dashboard-runs': { type: 'string', default: '5' },
    /** Writes a CPU profile of each server process to this folder (open in Chrome DevTools); pick the calls with --scenarios. */
    profile: { type: 'string' },
    /** Pages for Lighthouse's mobile audit, comma-separated; empty for none. */
    lighthouse: {
      type: 'string',
      default: '/,/members,/pages/terms,/landers/gallery,/landers/tinderswipe,/landers/video,/members/1/landing',
    },
    /** Lighthouse runs per page; the table shows the median. */
    'lighthouse-runs': { type: 'string', default: '5' },
    /** Visits whose taps measure INP (bench/inp.ts); 0 for none. */
    'inp-runs': { type: 'string', default: '5' },
    /** Another build's web/dist folder, measured beside this one's (first load, Lighthouse, INP). */
    baseline: { type: 'string' },
  },
});
/** `--engines none` runs the realtime part only. */
const engines = values.engines
  .split(',')
  .map((engine) => engine.trim())
  .filter((engine) => engine !== 'none') as Engine[];
const scenarioNames = values.scenarios.split(',').map((name) => name.trim());
const profiles = Number(values.profiles);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const dashboardRuns = Number(values['dashboard-runs']);
const WARM_UP_SECONDS = 5;
/** The calls the scale part measures. */
const SCALE_SCENARIOS = ['search', 'name', 'profile', 'likes', 'chats', 'chat'];
/** The issue's bound on seeding the scale part's database. */
const SCALE_SEED_SECONDS = 300;
const CONNECTIONS = 100;
const BUDGET_P99_MS = 25;
const LIKES = { received: 200, unseen: 20, given: 100, perProfile: 5 };
type ChatsSize = Omit<ChatSeedOptions, 'siteId' | 'memberProfileId' | 'profileIds'>;
/** 1,000,000 messages: the demo member's 100 conversations of 1,000, and 9,000 others of 100. */
const CHATS: ChatsSize = {
  memberConversations: 100,
  memberMessages: 1000,
  otherConversations: 9000,
  otherMessages: 100,
  unread: 3,
};
/** The demo member's chats as in CHATS, and as many others of 100 as make `messages` in all. */
const chatsOf = (messages: number): ChatsSize => ({
  ...CHATS,
  otherConversations: Math.max(
    0,
    Math.round((messages - CHATS.memberConversations * CHATS.memberMessages) / CHATS.otherMessages),
  ),
});

interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  /** Responses whose latency counts (those after the load generator's ramp-up). */
  measured: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface Row extends LoadResult {
  /** The engine, and the size when it is not the run's usual one. */
  engine: string;
  scenario: string;
}

interface Load {
  paths: string[];
  headers: Record<string, string>;
  seconds: number;
  /** Requests a second spread evenly over `connections`; 0 for as many as the connections keep in flight. */
  rate: number;
  connections: number;
}

function runLoad(url: string, load: Load) {
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { url, ...load } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

// Requests

/** A rotating mix of searches: none, gender, gender+country, a narrow one with ages, page 3. */
async function searchPaths(db: Db, siteId: number): Promise<string[]> {
  const places = await db
    .selectFrom('profiles')
    .select(['country', 'region'])
    .where('site_id', '=', siteId)
    .where('hosted', '=', 1)
    .orderBy(sql`random()`)
    .limit(100)
    .execute();
  const paths: string[] = [];
  for (const [i, place] of places.entries()) {
    const gender = i % 3 === 0 ? 'male' : 'female';
    const minAge = 20 + (i % 20);
    paths.push(
      '/api/members.php',
      `/api/members.php?gender=${gender}`,
      `/api/members.php?gender=${gender}&country=${place.country}`,
      `/api/members.php?gender=${gender}&country=${place.country}&countryregion=${place.region}&min_age=${minAge}&max_age=${minAge + 15}`,
      '/api/members.php?page=3',
    );
  }
  return paths;
}

/** The top bar's search: the first three letters of random members' names. */
async function namePaths(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('name')
    .where('site_id', '=', siteId)
    .orderBy(sql`random()`)
    .limit(500)
    .execute();
  return rows.map((row) => `/api/members.php?q=${encodeURIComponent(row.name.slice(0, 3))}`);
}

async function memberPaths(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('site_id', '=', siteId)
    .where('hosted', '=', 1)
    .orderBy(sql`random()`)
    .limit(1000)
    .execute();
  return rows.map((row) => `/api/member.php?id=${row.id}`);
}

async function demoProfileId(db: Db, site: Site): Promise<number> {
  const user = await accountQueries.findUserByEmail(db, site.id, DEMO_MEMBER.email);
  const profile = user && (await profileQueries.findProfileByUser(db, user.id));
  if (!profile) throw new Error('the demo member was not seeded');
  return profile.id;
}

async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT },
    body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !session) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return session;
}

// One engine

/** The deployment's keys, one set for the whole run, as every instance of a deployment shares them. */
const BENCH_KEYS = newKeysEnvironment();

/** The environment of a production server process on the bench's database (it sends no mail and takes no payment). */
function productionEnv(dataDir: string, databaseUrl: string, redisUrl = ''): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // Production refuses to start without SMTP; the bench sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    // Nor without a real payment provider; the bench pays nothing.
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: 'test_bench',
    // Nor without the keys every instance shares.
    ...BENCH_KEYS,
    DATA_DIR: dataDir,
    WEB_DIST: '',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // The bench is one client at thousands of requests a second; production's limits per address would refuse it.
    RATE_LIMIT_SCALE: '100000',
    // Nothing balances the bench's load: a stopping process need not wait for a balancer to notice.
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
}

interface Scenario {
  name: string;
  title: string;
  paths: string[];
  headers?: Record<string, string>;
}

/** The calls to measure, on the seeded database. */
async function scenariosOf(db: Db, siteId: number, memberProfileId: number): Promise<Scenario[]> {
  const conversations = await conversationsOf(db, memberProfileId);
  const all: Record<string, () => Promise<Omit<Scenario, 'name'>>> = {
    settings: async () => ({ title: 'settings: GET /api/settings.php', paths: ['/api/settings.php'] }),
    session: async () => ({ title: 'session: GET /api/user.php (signed in)', paths: ['/api/user.php'] }),
    search: async () => ({
      title: 'search: GET /api/members.php (mixed filters)',
      paths: await searchPaths(db, siteId),
    }),
    name: async () => ({ title: 'name: GET /api/members.php?q=… (3 letters)', paths: await namePaths(db, siteId) }),
    profile: async () => ({ title: 'profile: GET /api/member.php?id=…', paths: await memberPaths(db, siteId) }),
    likes: async () => ({
      title: `likes: GET /api/likes.php (${LIKES.received} received, ${LIKES.given} given)`,
      paths: ['/api/likes.php'],
    }),
    chats: async () => ({
      title: `chats: GET /api/chats.php (${CHATS.memberConversations} conversations)`,
      paths: ['/api/chats.php'],
    }),
    chat: async () => ({
      title: `chat: GET /api/chat.php?conversation=… (newest page of ${CHATS.memberMessages}, read by the app)`,
      paths: conversations.map((id) => `/api/chat.php?conversation=${id}`),
      headers: { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT },
    }),
  };
  const scenarios: Scenario[] = [];
  for (const name of scenarioNames) {
    const scenario = all[name];
    if (!scenario) throw new Error(`unknown scenario ${name}: choose from ${Object.keys(all).join(', ')}`);
    scenarios.push({ name, ...(await scenario()) });
  }
  return scenarios;
}

interface DatabaseSize {
  profiles: number;
  /** Messages, or 0 for none. */
  messages: number;
  /** Members and payments for the dashboard's figures. */
  dashboard: boolean;
}

/** Seconds since it was made or last called. */
function lapTimer() {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const seconds = (now - last) / 1000;
    last = now;
    return seconds;
  };
}

/** A fresh database of the engine, seeded in this process; the app then runs as its own server processes. */
async function seededDatabase(engine: Engine, size: DatabaseSize) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-'));
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  if (engine === 'postgres') {
    const adminUrl = await postgresAdminUrl();
    if (!adminUrl) {
      console.warn('Skipping PostgreSQL: not reachable at 127.0.0.1:5432 (set BENCH_POSTGRES_URL).');
      fs.rmSync(dataDir, { recursive: true, force: true });
      return null;
    }
    const database = await throwAwayDatabase(adminUrl);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const remove = async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const { db, engine: opened, app, site, close } = await openDemoApp(productionEnv(dataDir, databaseUrl));
  try {
    const seedStart = performance.now();
    const lap = lapTimer();
    const seeded = await seedHostedProfilesInBulk(db, app.services, site, systemClock, { count: size.profiles });
    const profilesSeconds = lap();
    const memberProfileId = await demoProfileId(db, site);
    const likes = await seedLikesInBulk(db, app.services, site, systemClock, { memberProfileId, ...LIKES });
    const likesSeconds = lap();
    const messages =
      size.messages > 0
        ? await seedChatsInBulk(db, opened, {
            siteId: site.id,
            memberProfileId,
            profileIds: await profileQueries.hostedProfileIds(db, site.id),
            ...chatsOf(size.messages),
          })
        : 0;
    const messagesSeconds = lap();
    const payments = size.dashboard ? await seedAccountsInBulk(db, opened, site.id, size.profiles) : 0;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const seconds = (value: number) => `${value.toFixed(1)} s`;
    console.log(
      `${engine}: seeded ${seeded.profiles.toLocaleString('en')} profiles and ${seeded.photos.toLocaleString('en')} ` +
        `photos (${seconds(profilesSeconds)}), ${likes.toLocaleString('en')} likes (${seconds(likesSeconds)}), ` +
        `${messages.toLocaleString('en')} messages (${seconds(messagesSeconds)}), ` +
        `${payments.toLocaleString('en')} payments: ${seconds(seedSeconds)} in all`,
    );
    // The planner's statistics are the seed's own (as an operator's database has them after
    // `npm run seed`); only the written pages are checkpointed, so their flushing is not measured.
    if (engine === 'postgres') {
      await sql`checkpoint`.execute(db);
    } else {
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
    }
    const dashboard = size.dashboard ? await benchDashboard(app.services, engine, dashboardRuns) : [];
    const scenarios = await scenariosOf(db, site.id, memberProfileId);
    const seedParts = { profilesSeconds, likesSeconds, messagesSeconds };
    return { dataDir, databaseUrl, scenarios, seedSeconds, seedParts, dashboard, remove };
  } catch (error) {
    await remove();
    throw error;
  } finally {
    await close();
  }
}

interface ThroughputRow extends LoadResult {
  /** The engine, or how many processes. */
  setup: string;
  scenario: string;
  baseline: boolean;
  /** CPU per answered request, in ms: the app's process, and PostgreSQL's processes (0 on SQLite). */
  appCpuMs?: number;
  databaseCpuMs?: number;
}

interface Measured {
  throughput: ThroughputRow[];
  rated: Row[];
  processes: ThroughputRow[];
  startup: StartupRow[];
  seedSeconds: number;
  dashboard: DashboardRow[];
}

const throughputLoad = (paths: string[], headers: Record<string, string>): Load => ({
  paths,
  headers,
  rate: 0,
  connections: Number(values.connections),
  seconds: Number(values['throughput-seconds']),
});

async function helloWorldThroughput(setup: string): Promise<ThroughputRow> {
  const hello = await startHelloWorld();
  try {
    await runLoad(hello.base, { ...throughputLoad(['/'], {}), seconds: WARM_UP_SECONDS });
    const result = await runLoad(hello.base, throughputLoad(['/'], {}));
    console.log(`${setup} | hello world: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(result.p99)} ms`);
    return { setup, scenario: 'hello world', baseline: true, ...result };
  } finally {
    await hello.stop();
  }
}

/** Node's options for a server process: a CPU profile of it with --profile. */
const profilerOptions = (name: string) =>
  values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`, `--cpu-prof-name=${name}.cpuprofile`] : [];

const STARTS = 3;

interface StartupRow {
  how: string;
  /** Medians of STARTS starts: spawn to the first answer of /healthz, and resident memory then. */
  startupMs: number;
  residentMb: number;
}

/** How long the app takes to start and what it holds once ready, run from its sources (tsx) and compiled. */
async function startupFigures(env: Record<string, string>): Promise<StartupRow[]> {
  const rows: StartupRow[] = [];
  for (const [how, fromSources] of [
    ['TypeScript sources through tsx', true],
    ['compiled (npm run build)', false],
  ] as const) {
    const starts: { startupMs: number; residentMb: number }[] = [];
    for (let i = 0; i < STARTS; i++) {
      const app = await startApp(env, { fromSources });
      starts.push({ startupMs: app.startupMs, residentMb: residentMb(app.pid) });
      await app.stop();
    }
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    rows.push({
      how,
      startupMs: median(starts.map((start) => start.startupMs)),
      residentMb: median(starts.map((start) => start.residentMb)),
    });
    console.log(`start-up, ${how}: ${rows.at(-1)?.startupMs.toFixed(0)} ms, ${rows.at(-1)?.residentMb.toFixed(0)} MB`);
  }
  return rows;
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

/** Each scenario at `--rate` requests a second, spread evenly over the connections. */
async function atTheRate(app: ServerProcess, scenarios: Scenario[], headers: Record<string, string>, setup: string) {
  const rated: Row[] = [];
  for (const scenario of scenarios) {
    const result = await runLoad(app.base, {
      paths: scenario.paths,
      headers: { ...headers, ...scenario.headers },
      rate,
      seconds,
      connections: CONNECTIONS,
    });
    rated.push({ engine: setup, scenario: scenario.title, ...result });
    console.log(
      `${setup} | ${scenario.title}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(result.p50)} ms, ` +
        `p99 ${ms(result.p99)} ms, errors ${result.errors + result.timeouts + result.non2xx}`,
    );
  }
  return rated;
}

/**
 * The scale part: `--scale-profiles` profiles and `--scale-messages` messages on a fresh PostgreSQL
 * database, seeded as above (timed), then the member's calls at the rate.
 */
async function benchScale() {
  const size = { profiles: Number(values['scale-profiles']), messages: Number(values['scale-messages']) };
  if (size.profiles <= 0 || !engines.includes('postgres')) return null;
  const database = await seededDatabase('postgres', { ...size, dashboard: false });
  if (!database) return null;
  const { dataDir, databaseUrl, scenarios, seedSeconds, seedParts, remove } = database;
  try {
    const app = await startApp(productionEnv(dataDir, databaseUrl));
    try {
      const measured = scenarios.filter((scenario) => SCALE_SCENARIOS.includes(scenario.name));
      const headers = { cookie: await logIn(app.base) };
      const warmUp = measured.flatMap((scenario) => scenario.paths.slice(0, 50));
      await runLoad(app.base, { ...throughputLoad(warmUp, headers), seconds: WARM_UP_SECONDS });
      const setup = `postgres, ${size.profiles.toLocaleString('en')} profiles`;
      return { size, seedSeconds, seedParts, rows: await atTheRate(app, measured, headers, setup) };
    } finally {
      await app.stop();
    }
  } finally {
    await remove();
  }
}

/**
 * Logs in as the demo member, warms the app up, then measures each call's throughput; with
 * `cpuOfDatabase` (or SQLite) also the CPU per request of the app's one process and of PostgreSQL.
 */
async function callsThroughput(
  app: ServerProcess,
  scenarios: Scenario[],
  setup: string,
  cpu?: { cpuOfDatabase: boolean },
): Promise<{ rows: ThroughputRow[]; headers: Record<string, string> }> {
  const headers = { cookie: await logIn(app.base) };
  const warmUp = scenarios.flatMap((scenario) => scenario.paths.slice(0, 50));
  await runLoad(app.base, { ...throughputLoad(warmUp, headers), seconds: WARM_UP_SECONDS });
  const rows: ThroughputRow[] = [];
  for (const scenario of scenarios) {
    const databasePids = cpu?.cpuOfDatabase ? postgresPids() : [];
    const before = { app: cpuMs([app.pid]), database: cpuMs(databasePids) };
    const result = await runLoad(app.base, throughputLoad(scenario.paths, { ...headers, ...scenario.headers }));
    const requests = Math.max(result.requests, 1);
    rows.push({
      setup,
      scenario: scenario.title,
      baseline: false,
      ...result,
      ...(cpu && {
        appCpuMs: (cpuMs([app.pid]) - before.app) / requests,
        databaseCpuMs: (cpuMs(databasePids) - before.database) / requests,
      }),
    });
    console.log(
      `${setup} | ${scenario.title}: ${result.requestsPerSecond.toFixed(0)} req/s at most, p99 ${ms(result.p99)} ms`,
    );
  }
  return { rows, headers };
}

/**
 * The same calls on PostgreSQL with the instances joined by Redis (events and rate limits), served by
 * 1, 2, … processes of one instance (`PROCESSES`): how far more processes carry on this machine.
 */
async function processesThroughput(dataDir: string, databaseUrl: string, scenarios: Scenario[]) {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const counts = values.processes.split(',').filter(Boolean).map(Number);
  if (counts.length === 0) return [];
  if (!(await reachable(redisUrl))) {
    console.warn(`Skipping the processes comparison: Redis is not reachable at ${redisUrl}.`);
    return [];
  }
  const rows: ThroughputRow[] = [];
  for (const count of counts) {
    const setup = `${count} process${count === 1 ? '' : 'es'}`;
    const app = await startApp({ ...productionEnv(dataDir, databaseUrl, redisUrl), PROCESSES: String(count) });
    try {
      rows.push(...(await callsThroughput(app, scenarios, setup)).rows);
    } finally {
      await app.stop();
    }
  }
  return rows;
}

// Report

const ms = (value: number) => value.toFixed(1);

function table(rows: Row[]): string {
  const lines = [
    '| engine | scenario | requests/s | p50 ms | p99 ms | errors | p99 budget |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const errors = row.errors + row.timeouts + row.non2xx;
    const verdict = row.p99 < BUDGET_P99_MS && errors === 0 ? 'met' : 'missed';
    lines.push(
      `| ${row.engine} | ${row.scenario} | ${row.requestsPerSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${errors} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

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

const REALTIME_P99_MS = 50;
const ECHO_FACTOR = 5;
const SOCKETS_MB = 1024;

function realtimeReport({ rows, echoes, memory }: { rows: LatencyRow[]; echoes: LatencyRow[]; memory: MemoryRow }) {
  const echoAt = (rate: number) => echoes.find((echo) => echo.rate === rate)?.p99 ?? 0;
  const line = (row: LatencyRow, verdict: string) =>
    `| ${row.setup} | ${row.rate} | ${row.perSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ` +
    `${row.sent - row.delivered} | ${row.errors} | ${row.appCpuMs.toFixed(2)} | ${row.databaseCpuMs.toFixed(2)} | ${verdict} |`;
  const within = (row: LatencyRow) =>
    row.p99 < REALTIME_P99_MS && row.p99 <= ECHO_FACTOR * Math.max(echoAt(row.rate), 1);
  return [
    '## Realtime: message send → recipient socket',
    '',
    `${values['chat-pairs']} pairs of paying members on PostgreSQL; each message is a POST /api/chat.php, measured ` +
      `from the start of the request to the push on the recipient's socket, for ${seconds} s after a 2 s warm-up. ` +
      `The app runs as server processes without a request log. Budget: p99 under ${REALTIME_P99_MS} ms and within ` +
      `${ECHO_FACTOR}× the echo's p99 (a floor of 1 ms). CPU a message: what the app's processes (the echo server's, ` +
      `in its rows) and PostgreSQL's used per delivered message, from /proc; the load generator's own is not counted.`,
    '',
    '| setup | sent/s | delivered/s | p50 ms | p99 ms | max ms | undelivered | errors | CPU a message: app ms | PostgreSQL ms | budget |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...echoes.map((echo) => line(echo, 'baseline')),
    ...rows.map((row) => line(row, within(row) && row.sent === row.delivered ? 'met' : 'missed')),
    '',
    `${memory.sockets.toLocaleString('en')} open sockets on one instance: ${memory.beforeMb.toFixed(0)} MB resident ` +
      `before, ${memory.afterMb.toFixed(0)} MB after (${memory.perSocketKb.toFixed(1)} KB a socket); budget under ` +
      `${SOCKETS_MB} MB: ${memory.afterMb < SOCKETS_MB ? 'met' : 'missed'}.`,
  ].join('\n');
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
const throughputLines = [
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
const scale = await benchScale();
const scaleLines = scale
  ? [
      `## At scale: ${scale.size.profiles.toLocaleString('en')} profiles, ${scale.size.messages.toLocaleString('en')} messages`,
      '',
      `A fresh PostgreSQL database seeded as above: the profiles and their photo rows in ` +
        `${scale.seedParts.profilesSeconds.toFixed(0)} s, ${LIKES.perProfile} likes a profile in ` +
        `${scale.seedParts.likesSeconds.toFixed(0)} s, the messages in ${scale.seedParts.messagesSeconds.toFixed(0)} s: ` +
        `${scale.seedSeconds.toFixed(0)} s in all ` +
        `(goal under ${SCALE_SEED_SECONDS} s: ${scale.seedSeconds < SCALE_SEED_SECONDS ? 'met' : 'missed'}); ` +
        `then each call at ${rate} requests/s for ${seconds} s, one process, as above.`,
      '',
      table(scale.rows),
    ]
  : ['## At scale', '', 'Not measured (no PostgreSQL, or --scale-profiles 0).'];
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
    `after their 1.5 s ramp-up), logged in as the demo member; ` +
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
  realtime ? realtimeReport(realtime) : 'Realtime: not measured (no PostgreSQL, or --chat-pairs 0).',
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
