/**
 * What one process carries: each call's requests/s with as many requests as the connections keep in
 * flight, beside a bare hello world; the same over 1, 2, … processes joined by Redis; and start-up.
 */

import { ms, runLoad, signedInBrowser, type ThroughputRow, throughputLoad } from './load.js';
import { values, WARM_UP_SECONDS } from './options.js';
import { reachable } from './realtime.js';
import type { Scenario } from './seed.js';
import {
  cpuMs,
  postgresPids,
  productionEnv,
  residentMb,
  type ServerProcess,
  startApp,
  startHelloWorld,
} from './server-process.js';

export async function helloWorldThroughput(setup: string): Promise<ThroughputRow> {
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

export const STARTS = 3;

export interface StartupRow {
  how: string;
  /** Medians of STARTS starts: spawn to the first answer of /healthz, and resident memory then. */
  startupMs: number;
  residentMb: number;
}

/** How long the app takes to start and what it holds once ready, run from its sources (tsx) and compiled. */
export async function startupFigures(env: Record<string, string>): Promise<StartupRow[]> {
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

/**
 * Logs in as the demo member, warms the app up, then measures each call's throughput; with
 * `cpuOfDatabase` (or SQLite) also the CPU per request of the app's one process and of PostgreSQL.
 */
export async function callsThroughput(
  app: ServerProcess,
  scenarios: Scenario[],
  setup: string,
  cpu?: { cpuOfDatabase: boolean },
): Promise<{ rows: ThroughputRow[]; headers: Record<string, string> }> {
  const headers = await signedInBrowser(app.base);
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
export async function processesThroughput(dataDir: string, databaseUrl: string, scenarios: Scenario[]) {
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
