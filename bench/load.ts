/** One load run of autocannon in a worker thread (bench/load-worker.mjs), its figures, and the signed-in headers the runs send. */
import { Worker } from 'node:worker_threads';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import { DEMO_MEMBER } from '../server/src/demo/seed.js';
import { values } from './options.js';

export interface LoadResult {
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

export interface Row extends LoadResult {
  /** The engine, and the size when it is not the run's usual one. */
  engine: string;
  scenario: string;
}

export interface Load {
  paths: string[];
  headers: Record<string, string>;
  seconds: number;
  /** Requests a second spread evenly over `connections`; 0 for as many as the connections keep in flight. */
  rate: number;
  connections: number;
}

export function runLoad(url: string, load: Load) {
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { url, ...load } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export interface ThroughputRow extends LoadResult {
  /** The engine, or how many processes. */
  setup: string;
  scenario: string;
  baseline: boolean;
  /** CPU per answered request, in ms: the app's process, and PostgreSQL's processes (0 on SQLite). */
  appCpuMs?: number;
  databaseCpuMs?: number;
}

export const throughputLoad = (paths: string[], headers: Record<string, string>): Load => ({
  paths,
  headers,
  rate: 0,
  connections: Number(values.connections),
  seconds: Number(values['throughput-seconds']),
});

export async function logIn(base: string): Promise<string> {
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

export const ms = (value: number) => value.toFixed(1);
