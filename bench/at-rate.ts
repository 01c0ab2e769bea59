/** The budget of DESIGN.md: each call at `--rate` requests a second, its p50 and p99 beside the budget. */

import { ms, type Row, runLoad } from './load.js';
import { BUDGET_P99_MS, CONNECTIONS, rate, seconds } from './options.js';
import type { Scenario } from './seed.js';
import type { ServerProcess } from './server-process.js';

/** Each scenario at `--rate` requests a second, spread evenly over the connections. */
export async function atTheRate(
  app: ServerProcess,
  scenarios: Scenario[],
  headers: Record<string, string>,
  setup: string,
) {
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

export function table(rows: Row[]): string {
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
