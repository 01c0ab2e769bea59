/**
 * The web part of `npm run bench`: the first load of the app and of a lander (Brotli, as sent),
 * Lighthouse's mobile scores (bench/lighthouse.ts) and the INP of a visitor's taps (bench/inp.ts),
 * for the build in web/dist and, with `--baseline <folder>`, another build measured beside it in the
 * same run, each build taking turns, since this machine's speed changes by the hour.
 */
import path from 'node:path';
import { measureFirstLoad } from './first-load.js';
import { benchInp, inpTable } from './inp.js';
import { benchLighthouse, lighthouseTable, type WebBuild } from './lighthouse.js';

export interface WebBenchOptions {
  /** Built web apps: web/dist first, then any baseline. */
  builds: WebBuild[];
  lighthousePages: string[];
  lighthouseRuns: number;
  inpRuns: number;
}

/** The builds of a run: this checkout's web/dist and, where given, a baseline build's folder. */
export function webBuilds(root: string, baseline: string | undefined): WebBuild[] {
  const current = { name: 'this build', dist: path.join(root, 'web/dist') };
  return baseline ? [current, { name: `baseline (${baseline})`, dist: path.resolve(baseline) }] : [current];
}

function firstLoadLine({ name, dist }: WebBuild): string {
  const app = measureFirstLoad(dist);
  if (!app) return `Web app first load of ${name}: not measured (no ${dist}; run \`npm run build\` first).`;
  const lander = measureFirstLoad(dist, 'landers.html');
  return (
    `Web app first load of ${name} (Brotli as sent): ${app.javascriptKb.toFixed(1)} KB of JavaScript and ` +
    `${app.cssKb.toFixed(1)} KB of CSS, ${(app.javascriptKb + app.cssKb).toFixed(1)} KB together` +
    (lander
      ? `; a lander: ${lander.javascriptKb.toFixed(1)} KB of JavaScript and ${lander.cssKb.toFixed(1)} KB of CSS` +
        ' (before its language and profiles).'
      : '.')
  );
}

/** The web part's report lines. */
export async function benchWeb({ builds, lighthousePages, lighthouseRuns, inpRuns }: WebBenchOptions) {
  const measurable = builds.filter((build) => measureFirstLoad(build.dist));
  const lines = [...builds.map(firstLoadLine), ''];
  const lighthouseRows =
    measurable.length > 0 && lighthousePages.length > 0
      ? await benchLighthouse(lighthousePages, measurable, lighthouseRuns)
      : [];
  lines.push(
    ...(lighthouseRows.length > 0
      ? [
          `Lighthouse (mobile: simulated slow 4G and a 4× slower CPU, on this machine; median of ${lighthouseRuns} runs):`,
          '',
          ...lighthouseTable(lighthouseRows),
        ]
      : ['Lighthouse: not run.']),
    '',
  );
  const inpRows = measurable.length > 0 && inpRuns > 0 ? await benchInp(measurable, inpRuns) : [];
  lines.push(
    ...(inpRows.length > 0
      ? [
          `Interactions (INP; a phone-sized Chromium with a 4× slower CPU, a first visit; median of ${inpRuns} visits):`,
          '',
          ...inpTable(inpRows),
        ]
      : ['INP: not measured.']),
  );
  return lines;
}
