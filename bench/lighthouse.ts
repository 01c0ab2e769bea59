/**
 * The end of `npm run bench` (alone: `--engines none --chat-pairs 0`): Lighthouse's mobile audit of the
 * home page, /members and the landers (DESIGN.md: performance and accessibility at least 95), with
 * Debian's Chromium driven through chrome-launcher, against the real server (the compiled
 * `server/dist/main.js` with a fresh demo data folder and the built web/dist).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from './server-process.js';

export interface LighthouseRow {
  page: string;
  /** The median run's scores and timings; the lowest and highest performance of all runs. */
  performance: number;
  lowest: number;
  highest: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

interface RunResult {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The demo server on `port` with its own data folder; it seeds the demo site at start. */
export async function startLighthouseServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-lighthouse-'));
  const origin = `http://localhost:${port}`;
  const server = await startApp(
    {
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST: 'web/dist',
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
  };
}

/**
 * Lighthouse's default mobile audit of each path, `runs` times: a single run on a shared 2-core
 * machine swings by ten points, so the row is the median run (as Lighthouse's own advice has it),
 * with the lowest and highest performance beside it.
 */
export async function benchLighthouse(paths: string[], runs = 5, port = 3700): Promise<LighthouseRow[]> {
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('no web/dist: run `npm run build` first');
  const { origin, stop } = await startLighthouseServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of paths) {
      const results: RunResult[] = [];
      for (let run = 0; run < runs; run++) results.push(await auditOnce(`${origin}${page}`, chrome.port));
      const ordered = results.toSorted((a, b) => a.performance - b.performance);
      const median = ordered[Math.floor(ordered.length / 2)] as RunResult;
      rows.push({
        page,
        ...median,
        lowest: ordered[0]?.performance ?? 0,
        highest: ordered.at(-1)?.performance ?? 0,
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await stop();
  }
}

export function lighthouseTable(rows: LighthouseRow[]): string[] {
  return [
    '| page | performance (median) | lowest–highest | accessibility | LCP | TBT |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.performance} | ${row.lowest}–${row.highest} | ${row.accessibility} | ` +
        `${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms |`,
    ),
  ];
}
