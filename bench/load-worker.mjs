// One load run in its own thread, so the load generator does not share the event loop of the
// server it measures. Input (workerData): { url, paths, headers, rate, seconds, connections }.
// Output (one message): the figures bench/run.ts reports.
//
// autocannon's overallRate gives each connection a quota per second that it sends back to back
// at the start of every second; one instance with 20 connections therefore fires all 500
// requests of a second at once and measures a queue, not a service at 500 requests/s. So the
// rate is spread over `connections` single-connection autocannon instances whose seconds start
// 1000/connections ms apart: a few requests every few milliseconds, close to an even stream.
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, paths, headers, rate, seconds, connections } = workerData;
let next = 0;

const optionsFor = (index) => ({
  url,
  connections: 1,
  overallRate: Math.floor(rate / connections) + (index < rate % connections ? 1 : 0),
  duration: seconds,
  headers,
  // Record measured latencies only: autocannon's correction assumes a 1 ms interval here.
  ignoreCoordinatedOmission: true,
  requests: [
    {
      setupRequest(request) {
        request.path = paths[next++ % paths.length];
        return request;
      },
    },
  ],
});

const runs = [];
for (let i = 0; i < connections; i++) {
  runs.push(autocannon(optionsFor(i)));
  await sleep(1000 / connections);
}
// Outside the main thread autocannon hands back raw results: aggregate their latencies here.
const raws = await Promise.all(runs);
const { latency } = autocannon.aggregateResult(raws, optionsFor(0));
const sum = (field) => raws.reduce((total, raw) => total + raw[field], 0);
const completed = sum('totalCompletedRequests');

parentPort?.postMessage({
  requests: completed,
  // Each connection runs for `seconds`, staggered: the overall rate is the sum of theirs.
  requestsPerSecond: completed / seconds,
  p50: latency.p50,
  p99: latency.p99,
  max: latency.max,
  errors: sum('errors'),
  timeouts: sum('timeouts'),
  non2xx: sum('non2xx'),
});
