/**
 * The end of `npm run bench` (alone: `--engines none --chat-pairs 0`): Lighthouse's mobile audit of the
 * home page, /members and the landers (DESIGN.md: performance and accessibility at least 95), with
 * Debian's Chromium driven through chrome-launcher, against the real server (the compiled
 * `server/dist/main.js` with a fresh demo data folder, serving a built web app: web/dist, and
 * with --baseline another build beside it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from './server-process.js';

/** A built web app (a web/dist folder) the web part of the bench measures. */
export interface WebBuild {
  name: string;
  dist: string;
}

export interface LighthouseRow {
  page: string;
  build: string;
  /** The median run's scores and timings; the lowest and highest performance of all runs. */
  performance: number;
  lowest: number;
  highest: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface RunResult {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The demo server serving `dist` on `port` with its own data folder; it seeds the demo site at start. */
export async function startLighthouseServer(port: number, dist: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-lighthouse-'));
  const origin = `http://localhost:${port}`;
  const server = await startApp(
    {
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      REDIS_URL: '',
      DATABASE_URL: '',
    },
    { port },
  );
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

async function auditOnce(url: string, port: number): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result?.lhr;
  return {
    performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr?.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? 0),
    cls: lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0,
  };
}

/** The median run (by performance) of `results`, with the lowest and highest performance beside it. */
function medianRow(page: string, build: string, results: RunResult[]): LighthouseRow {
  const ordered = results.toSorted((a, b) => a.performance - b.performance);
  const median = ordered[Math.floor(ordered.length / 2)] as RunResult;
  return {
    page,
    build,
    ...median,
    lowest: ordered[0]?.performance ?? 0,
    highest: ordered.at(-1)?.performance ?? 0,
  };
}

/**
 * Lighthouse's default mobile audit of each path, `runs` times for each build: a single run on a
 * shared 2-core machine swings by ten points, so the row is the median run (as Lighthouse's own
 * advice has it), with the lowest and highest performance beside it. The builds take turns run by
 * run, so that the machine's changing speed falls on each alike.
 */
export async function benchLighthouse(
  paths: string[],
  builds: readonly WebBuild[],
  runs = 5,
  port = 3700,
): Promise<LighthouseRow[]> {
  const servers = await Promise.all(builds.map((build, index) => startLighthouseServer(port + index, build.dist)));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of paths) {
      const results: RunResult[][] = builds.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [index, server] of servers.entries()) {
          results[index]?.push(await auditOnce(`${server.origin}${page}`, chrome.port));
        }
      }
      rows.push(...builds.map((build, index) => medianRow(page, build.name, results[index] ?? [])));
    }
    return rows;
  } finally {
    chrome.kill();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export function lighthouseTable(rows: LighthouseRow[]): string[] {
  return [
    '| page | build | performance (median) | lowest–highest | accessibility | LCP | TBT | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.build} | ${row.performance} | ${row.lowest}–${row.highest} | ${row.accessibility} | ` +
        `${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms | ${row.cls.toFixed(3)} |`,
    ),
  ];
}
