/**
 * Interaction to Next Paint, which Lighthouse's audit of a page load does not measure: a visitor's
 * taps on `/members` in Debian's Chromium (through Playwright), on a phone-sized screen with the
 * CPU slowed down four times as Lighthouse's mobile profile does, against the same server
 * (bench/lighthouse.ts). Each tap's duration is the browser's own Event Timing entry: from the tap
 * to the next frame painted after its handlers ran. A page's INP is its slowest interaction when
 * it has fewer than fifty; the row shows each interaction's median over the runs.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { startLighthouseServer, type WebBuild } from './lighthouse.js';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile profile: a Moto G Power's screen and a CPU four times slower than this one. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;

export interface InpRow {
  interaction: string;
  build: string;
  /** Milliseconds: the median run's, the lowest and the highest. */
  median: number;
  lowest: number;
  highest: number;
}

declare global {
  interface Window {
    amoraInteractions?: number[];
  }
}

/** Keeps the duration of each interaction the page sees, from before its first script runs. */
const OBSERVE_INTERACTIONS = () => {
  window.amoraInteractions = [];
  new PerformanceObserver((list) => {
    // interactionId: in Chromium's Event Timing, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (entry.interactionId) window.amoraInteractions?.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** The longest interaction since the last call: one tap is a pointer and a click event, with one id. */
async function lastInteraction(page: Page): Promise<number> {
  // Event Timing reports an interaction once its next frame is painted.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const durations = window.amoraInteractions ?? [];
    window.amoraInteractions = [];
    return Math.max(0, ...durations);
  });
}

/** The taps of one visit, each with what it waits for on the screen. */
async function oneVisit(page: Page, origin: string): Promise<Record<string, number>> {
  await page.goto(`${origin}/members`, { waitUntil: 'load' });
  const times: Record<string, number> = {};

  await page.locator('.entry-sheet .btn-primary').tap();
  await page.locator('.entry-sheet').waitFor({ state: 'detached' });
  times['closing the entry warning'] = await lastInteraction(page);

  await page.locator('.profile-card .stretched-link').first().tap();
  await page.waitForURL(/\/members\/\d+$/);
  await page.locator('.member-page h1').waitFor();
  times["opening a member's profile"] = await lastInteraction(page);

  await page.goBack();
  await page.locator('.filters-button').tap();
  await page.locator('[aria-labelledby="filters-title"] select').first().waitFor();
  times['opening the filters'] = await lastInteraction(page);
  return times;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A first visit's taps: no stored choices, no cache, the CPU slowed as on a phone. */
async function firstVisit(browser: Browser, origin: string): Promise<Record<string, number>> {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(OBSERVE_INTERACTIONS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return await oneVisit(page, origin);
  } finally {
    await context.close();
  }
}

function inpRows(build: string, visits: Record<string, number>[]): InpRow[] {
  return Object.keys(visits[0] ?? {}).map((interaction) => {
    const durations = visits.map((visit) => visit[interaction] ?? 0);
    return {
      interaction,
      build,
      median: median(durations),
      lowest: Math.min(...durations),
      highest: Math.max(...durations),
    };
  });
}

/** `runs` first visits of each build, the builds taking turns visit by visit. */
export async function benchInp(builds: readonly WebBuild[], runs = 5, port = 3710): Promise<InpRow[]> {
  const servers = await Promise.all(builds.map((build, index) => startLighthouseServer(port + index, build.dist)));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const visits: Record<string, number>[][] = builds.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [index, server] of servers.entries()) visits[index]?.push(await firstVisit(browser, server.origin));
    }
    return builds.flatMap((build, index) => inpRows(build.name, visits[index] ?? []));
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export function inpTable(rows: InpRow[]): string[] {
  return [
    '| interaction on `/members` | build | median ms | lowest–highest ms |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((row) => `| ${row.interaction} | ${row.build} | ${row.median} | ${row.lowest}–${row.highest} |`),
  ];
}
