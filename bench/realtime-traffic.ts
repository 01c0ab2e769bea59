/**
 * The realtime bench's traffic: members' sockets on the app, messages posted over a fixed pool of
 * connections at an even rate, and the latencies and CPU of a run summed up.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, type SendMessageResponse, type ServerPush } from '@amora/common';
import WebSocket from 'ws';
import { cpuMs, postgresPids } from './server-process.js';

const WARM_UP_MS = 2_000;
const TICK_MS = 5;
/** Connections the senders share per instance. */
const SENDER_CONNECTIONS = 64;

export interface LatencyRow {
  setup: string;
  rate: number;
  sent: number;
  /** Sends the server refused with 503 (overload), and the p99 of the time those answers took. */
  refused: number;
  refusedP99: number;
  delivered: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Sends the server accepted (200) whose message is not in the database afterwards. */
  lost: number;
  /** CPU time per delivered message, in ms: the app's processes and PostgreSQL's (the bench's own is not counted). */
  appCpuMs: number;
  databaseCpuMs: number;
  /** Statements the app's instances sent PostgreSQL per accepted send, all they did included (relays, jobs); none for the echo. */
  statements?: number;
}

export interface Member {
  profileId: number;
  cookie: string;
  /** More sessions of the member's (their own first): a session holds at most SOCKETS_PER_SESSION sockets. */
  sessions: string[];
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

export function openAppSocket(base: string, member: Member, onPush: (push: ServerPush) => void): Promise<WebSocket> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { cookie: member.cookie } });
  return new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const push = JSON.parse(String(data)) as ServerPush;
      if (push.type === 'ready') resolve(socket);
      onPush(push);
    });
    socket.once('error', reject);
  });
}

/**
 * Sends go over a fixed pool of keep-alive connections, as a load balancer would hold them: past
 * what the server manages, requests wait in the queue (and the wait counts in their latency)
 * instead of opening connections without end.
 */
const senderAgent = new http.Agent({ keepAlive: true, maxSockets: SENDER_CONNECTIONS });

/** A send the server refused with 503 (overloaded): it was never started, and nothing is kept of it. */
export class SendRefused extends Error {}

export function post(base: string, member: Member, body: object): Promise<SendMessageResponse> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/chat.php`,
      {
        method: 'POST',
        agent: senderAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: member.cookie,
          [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode === 200) resolve(JSON.parse(text) as SendMessageResponse);
          else if (response.statusCode === 503) reject(new SendRefused(text));
          else reject(new Error(`send: ${response.statusCode} ${text}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export interface PacedRun {
  sentAt: Map<number, number>;
  measuredFrom: number;
  errors: number;
  /** The sends refused with 503, with how long their answer took (ms). */
  refused: Map<number, number>;
}

/**
 * Sends `rate` messages a second, spread evenly over time and over the senders, for `seconds`
 * after a warm-up; `send(i)` starts message i and `arrived` is fed with when each one arrived.
 */
export async function paced(
  rate: number,
  seconds: number,
  send: (sequence: number) => Promise<void>,
): Promise<PacedRun> {
  const sentAt = new Map<number, number>();
  const refused = new Map<number, number>();
  let errors = 0;
  let sequence = 0;
  const started = performance.now();
  const measuredFrom = started + WARM_UP_MS;
  const end = measuredFrom + seconds * 1000;
  const inFlight: Promise<void>[] = [];
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sequence < due) {
      const current = sequence++;
      const at = performance.now();
      sentAt.set(current, at);
      inFlight.push(
        send(current).catch((error: unknown) => {
          if (error instanceof SendRefused) refused.set(current, performance.now() - at);
          else errors += 1;
        }),
      );
    }
    await sleep(TICK_MS);
  }
  await Promise.all(inFlight);
  return { sentAt, measuredFrom, errors, refused };
}

/** Accepted sends whose push did not arrive. */
export const undelivered = (row: LatencyRow) => row.sent - row.refused - row.delivered;

/** The run's figures; delivery latencies and "undelivered" count the accepted sends only. */
export function summarise(
  setup: string,
  rate: number,
  seconds: number,
  run: PacedRun,
  arrivedAt: Map<number, number>,
  cpu: { appMs: number; databaseMs: number },
): Omit<LatencyRow, 'lost'> {
  const latencies: number[] = [];
  const refusals: number[] = [];
  let sent = 0;
  let lastArrival = run.measuredFrom;
  for (const [sequence, at] of run.sentAt) {
    if (at < run.measuredFrom) continue;
    sent += 1;
    const refusedIn = run.refused.get(sequence);
    if (refusedIn !== undefined) {
      refusals.push(refusedIn);
      continue;
    }
    const arrived = arrivedAt.get(sequence);
    if (arrived === undefined) continue;
    latencies.push(arrived - at);
    lastArrival = Math.max(lastArrival, arrived);
  }
  // Throughput: what arrived over the time it took to arrive (longer than the window when the server falls behind).
  const took = Math.max(seconds, (lastArrival - run.measuredFrom) / 1000);
  latencies.sort((a, b) => a - b);
  refusals.sort((a, b) => a - b);
  return {
    setup,
    rate,
    sent,
    refused: refusals.length,
    refusedP99: percentile(refusals, 0.99),
    delivered: latencies.length,
    perSecond: latencies.length / took,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    errors: run.errors,
    appCpuMs: cpu.appMs / Math.max(latencies.length, 1),
    databaseCpuMs: cpu.databaseMs / Math.max(latencies.length, 1),
  };
}

/** CPU the processes (and PostgreSQL) use while `work` runs, in ms. */
export async function cpuDuring<T>(pids: number[], work: () => Promise<T>) {
  const databasePids = postgresPids();
  const before = { app: cpuMs(pids), database: cpuMs(databasePids) };
  const result = await work();
  const cpu = { appMs: cpuMs(pids) - before.app, databaseMs: cpuMs(databasePids) - before.database };
  return { result, cpu };
}
