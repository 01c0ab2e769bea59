/**
 * `npm run bench -- --lighthouse-only` (and the end of a full run): Lighthouse's mobile audit of the
 * home page, /members and the landers (DESIGN.md: performance and accessibility at least 95), with
 * Debian's Chromium driven through chrome-launcher, against the real server (`server/src/main.ts`
 * with a fresh demo data folder and the built web/dist).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function waitUntilUp(url: string, server: ChildProcess) {
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

/** The demo server on `port` with its own data folder; it seeds the demo site at start. */
async function startServer(port: number): Promise<{ server: ChildProcess; origin: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-lighthouse-'));
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST: 'web/dist',
      REDIS_URL: '',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  await waitUntilUp(`${origin}/api/settings.php`, server);
  return { server, origin, dataDir };
}

/** Scores (0–100) of Lighthouse's default mobile run for each path. */
export async function benchLighthouse(paths: string[], port = 3700): Promise<LighthouseRow[]> {
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('no web/dist: run `npm run build` first');
  const { server, origin, dataDir } = await startServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of paths) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const categories = result?.lhr.categories;
      rows.push({
        page,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      });
    }
    return rows;
  } finally {
    chrome.kill();
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function lighthouseTable(rows: LighthouseRow[]): string[] {
  return [
    '| page | performance | accessibility |',
    '| --- | ---: | ---: |',
    ...rows.map((row) => `| \`${row.page}\` | ${row.performance} | ${row.accessibility} |`),
  ];
}
