/** One load run of autocannon in a worker thread (bench/load-worker.mjs), its figures, and the signed-in headers the runs send. */
import { Worker } from 'node:worker_threads';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import { accountRoutes, siteRoutes } from '@amora/common/routes';
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

/** A browser's name=value pairs of the cookies an answer set. */
const cookiesSet = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');

/**
 * The headers of the demo member's browser once the site is open and the member signed in: the
 * cookies the site set (the language from settings.php, then the session and the device), and the
 * encodings Chromium accepts.
 */
export async function signedInBrowser(base: string): Promise<Record<string, string>> {
  const opened = await fetch(`${base}${siteRoutes.settings.path}`);
  const signedIn = await fetch(`${base}${accountRoutes.user.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT },
    body: JSON.stringify({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
  });
  const cookies = [...cookiesSet(opened), ...cookiesSet(signedIn)];
  if (!signedIn.ok || !cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)))
    throw new Error(`login failed: ${signedIn.status} ${await signedIn.text()}`);
  return { cookie: cookies.join('; '), 'accept-encoding': 'gzip, deflate, br, zstd' };
}

export const ms = (value: number) => value.toFixed(1);
