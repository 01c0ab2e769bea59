// One load run in its own thread, so the load generator does not share the event loop of the
// server it measures. Input (workerData): { url, paths, headers, rate, seconds, connections }.
// Output (one message): the figures bench/run.ts reports.
//
// Without a rate (0), as many requests as `connections` keep in flight: one autocannon instance,
// each connection sending its next request when the answer came — the most the server does.
//
// autocannon's overallRate gives each connection a quota per second that it sends back to back
// at the start of every second; one instance with 20 connections therefore fires all 500
// requests of a second at once and measures a queue, not a service at 500 requests/s. So the
// rate is spread over `connections` single-connection autocannon instances whose seconds start
// 1000/connections ms apart: a few requests every few milliseconds, close to an even stream.
// Latencies are taken from each response (sub-millisecond) once every connection has started,
// so that the set-up of the load generator itself is not measured.
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, paths, headers, rate, seconds, connections } = workerData;
/** After the last connection starts, let the generator settle this long before measuring. */
const SETTLE_MS = 500;
let next = 0;

const optionsFor = (index) => ({
  url,
  connections: 1,
  overallRate: Math.floor(rate / connections) + (index < rate % connections ? 1 : 0),
  duration: seconds,
  headers,
  requests: [
    {
      setupRequest(request) {
        request.path = paths[next++ % paths.length];
        return request;
      },
    },
  ],
});

/** Figures from response times and autocannon's raw results (in a worker thread it hands back raw ones). */
function figures(latencies, raws) {
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const sum = (field) => raws.reduce((total, raw) => total + raw[field], 0);
  const completed = sum('totalCompletedRequests');
  return {
    requests: completed,
    // With a rate, each connection runs for `seconds`, staggered: the overall rate is the sum of theirs.
    requestsPerSecond: completed / seconds,
    measured: latencies.length,
    p50: percentile(50),
    p99: percentile(99),
    max: latencies.at(-1) ?? 0,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
  };
}

/** The most the server answers, with every response's time. */
async function throughput() {
  const latencies = [];
  const run = autocannon({ ...optionsFor(0), connections, overallRate: undefined });
  run.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  return figures(latencies, [await run]);
}

/** `rate` requests a second, spread evenly (see above). */
async function evenRate() {
  const latencies = [];
  let measureFrom = Number.POSITIVE_INFINITY;
  const runs = [];
  for (let i = 0; i < connections; i++) {
    const run = autocannon(optionsFor(i));
    run.on('response', (_client, _status, _bytes, responseTime) => {
      if (performance.now() >= measureFrom) latencies.push(responseTime);
    });
    runs.push(run);
    await sleep(1000 / connections);
  }
  measureFrom = performance.now() + SETTLE_MS;
  return figures(latencies, await Promise.all(runs));
}

parentPort?.postMessage(rate ? await evenRate() : await throughput());
