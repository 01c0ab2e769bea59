/**
 * The realtime part of `npm run bench` (its budgets in realtime-report.ts). The app runs as real server processes
 * on a throw-away PostgreSQL database, like production: one instance, then two joined by Redis
 * (half the pairs sending through instance A to recipients' sockets on B, half the other way). Paying members in pairs
 * write to each other at a fixed total rate over HTTP (POST /api/chat.php); each recipient holds a
 * socket, and the time from the start of the send to the push arriving is measured. A send the
 * instance refuses as overloaded (503) is counted apart, and each accepted one is looked for in the
 * database afterwards (lost); the bench reports, it does not judge. A bare `ws` echo server, run the
 * same way in the same run, is the baseline. Last, 10,000 sockets are opened on one instance and
 * its resident memory is read before and after.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SESSION_COOKIE } from '@amora/common';
import pg from 'pg';
import WebSocket from 'ws';
import { hashSecret, newSecret } from '../server/src/identity/secrets.js';
import * as sessionQueries from '../server/src/identity/sessions/queries.js';
import { SOCKETS_PER_SESSION } from '../server/src/realtime/hub.js';
import { openDemoApp } from './demo-app.js';
import { throwAwayDatabase } from './postgres.js';
import {
  cpuDuring,
  type LatencyRow,
  type Member,
  openAppSocket,
  paced,
  post,
  SendRefused,
  summarise,
  undelivered,
} from './realtime-traffic.js';
import { measureRoundTrip, type RoundTrip } from './round-trip.js';
import { residentMb, type ServerProcess, startApp, statementsSent } from './server-process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DRAIN_MS = 3_000;
const SOCKET_BATCH = 250;
/** How long a refused opening send waits before it is tried again. */
const RETRY_MS = 200;

export interface RealtimeOptions {
  adminUrl: string;
  /** Joins the two instances; the two-instance run is skipped when it is not reachable. */
  redisUrl: string;
  /** Messages a second; each rate is one run. */
  rates: number[];
  seconds: number;
  pairs: number;
  sockets: number;
  /** Node's options for each instance, such as a CPU profile (by the instance's name). */
  nodeOptions?: (instance: string) => string[];
}

export const ONE_INSTANCE = 'one instance';
const TWO_INSTANCES = 'two instances joined by Redis (A → B and B → A, half each way)';

export interface RealtimeFigures {
  rows: LatencyRow[];
  echoes: LatencyRow[];
  /** A bare statement's round trip to the run's database: the floor under a send's statements. */
  roundTrip: RoundTrip;
  /** Null when no sockets were asked for. */
  memory: MemoryRow | null;
}

interface MemoryRow {
  sockets: number;
  beforeMb: number;
  afterMb: number;
  perSocketKb: number;
}

export function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Paying, activated members with `sessions` sessions each, seeded in this process and then let go. */
async function seedMembers(databaseUrl: string, dataDir: string, count: number, sessions: number): Promise<Member[]> {
  const { db, app, site, close } = await openDemoApp({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: '',
    DATABASE_URL: databaseUrl,
  });
  try {
    const members: Member[] = [];
    for (let i = 0; i < count; i++) {
      const user = await app.services.lifecycle.createReadyMember(site, {
        email: `bench-${i}@amora.test`,
        password: 'bench-password-2026',
        name: `Bench ${i}`,
        dateOfBirth: '1990-05-05',
        credits: 10_000_000,
        paid: true,
      });
      const cookies: string[] = [];
      for (let session = 0; session < sessions; session++) {
        const token = newSecret();
        await sessionQueries.insertSession(db, {
          id: hashSecret(token),
          kind: 'member',
          user_id: user.id,
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          last_seen_at: new Date().toISOString(),
        });
        cookies.push(`${SESSION_COOKIE}=${token}`);
      }
      members.push({
        profileId: await app.services.members.profileIdOf(user.id),
        cookie: cookies[0] as string,
        sessions: cookies,
      });
    }
    return members;
  } finally {
    await close();
  }
}

/** The app as a server process without a request log (NODE_ENV test) on the bench's database. */
function startInstance(
  name: string,
  options: RealtimeOptions,
  databaseUrl: string,
  dataDir: string,
  redisUrl?: string,
) {
  return startApp(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_SCALE: '1000',
      WEB_DIST: '',
      REDIS_URL: redisUrl ?? '',
    },
    { nodeOptions: options.nodeOptions?.(name) },
  );
}

/** Where a pair's sender posts and where its recipient listens. */
interface Route {
  sendVia: ServerProcess;
  listenOn: ServerProcess;
}

/**
 * Send → recipient socket: pair i takes `routes[i % routes.length]` (one route on one instance; A → B
 * and B → A on two, so half the traffic goes each way). A send the server refuses (503, overloaded)
 * is counted apart; every send it accepted is looked for in the database afterwards.
 */
async function measureDelivery(
  setup: string,
  { members, databaseUrl }: { members: Member[]; databaseUrl: string },
  routes: Route[],
  rate: number,
  options: RealtimeOptions,
): Promise<LatencyRow> {
  const senders = members.slice(0, options.pairs);
  const recipients = members.slice(options.pairs, 2 * options.pairs);
  const routeOf = (pair: number) => routes[pair % routes.length] as Route;
  const arrivedAt = new Map<number, number>();
  const sockets = await Promise.all(
    recipients.map((recipient, pair) =>
      openAppSocket(routeOf(pair).listenOn.base, recipient, (push) => {
        if (push.type !== 'message' || push.message.from_me) return;
        const sequence = Number(push.message.text?.split(':')[1]);
        if (!arrivedAt.has(sequence)) arrivedAt.set(sequence, performance.now());
      }),
    ),
  );
  // The first message of each pair opens its conversation, one pair after another: a burst of them
  // all at once could be refused as overload.
  const conversations: number[] = [];
  for (const [pair, sender] of senders.entries()) {
    const opened = await postUntilAccepted(routeOf(pair).sendVia.base, sender, {
      profile_id: recipients[pair].profileId,
      client_id: randomUUID(),
      text: 'hi',
    });
    conversations.push(opened.conversation);
  }
  const accepted: number[] = [];
  const instances = [...new Set(routes.flatMap((route) => [route.sendVia, route.listenOn]))];
  const statementsBefore = await statementsSent(instances.map((instance) => instance.base));
  const { result: run, cpu } = await cpuDuring(
    instances.map((instance) => instance.pid),
    async () => {
      const sent = await paced(rate, options.seconds, async (sequence) => {
        const pair = sequence % senders.length;
        const answer = await post(routeOf(pair).sendVia.base, senders[pair], {
          conversation: conversations[pair],
          client_id: randomUUID(),
          text: `bench:${sequence}`,
        });
        accepted.push(answer.message.id);
      });
      await sleep(DRAIN_MS);
      return sent;
    },
  );
  const statements = (await statementsSent(instances.map((instance) => instance.base))) - statementsBefore;
  for (const socket of sockets) socket.close();
  return {
    ...summarise(setup, rate, options.seconds, run, arrivedAt, cpu),
    lost: await missingMessages(databaseUrl, accepted),
    statements: statements / Math.max(accepted.length, 1),
  };
}

/** A send tried again while the instance refuses it as overloaded, as the app does. */
async function postUntilAccepted(base: string, member: Member, body: object) {
  for (;;) {
    try {
      return await post(base, member, body);
    } catch (error) {
      if (!(error instanceof SendRefused)) throw error;
      await sleep(RETRY_MS);
    }
  }
}

/** How many of the messages the server accepted are not in the database: what an overload must never lose. */
async function missingMessages(databaseUrl: string, ids: number[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: number }>(
      'select count(*)::int as found from messages where id = any($1::bigint[])',
      [ids],
    );
    return ids.length - (rows[0]?.found ?? 0);
  } finally {
    await client.end();
  }
}

/** The baseline: a message to a bare `ws` echo server and back, at the same rate over as many sockets. */
async function measureEcho(rate: number, options: RealtimeOptions): Promise<LatencyRow> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'echo-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve) => child.stdout?.once('data', (data) => resolve(Number(data))));
    const arrivedAt = new Map<number, number>();
    const sockets = await Promise.all(
      Array.from(
        { length: options.pairs },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${port}`);
            socket.on('message', (data) => {
              const sequence = Number(String(data).split(':')[1]);
              if (!arrivedAt.has(sequence)) arrivedAt.set(sequence, performance.now());
            });
            socket.once('open', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const { result: run, cpu } = await cpuDuring([child.pid as number], async () => {
      const sent = await paced(rate, options.seconds, async (sequence) => {
        sockets[sequence % sockets.length].send(`echo:${sequence}`);
      });
      await sleep(500);
      return sent;
    });
    for (const socket of sockets) socket.close();
    return { ...summarise('bare ws echo (baseline)', rate, options.seconds, run, arrivedAt, cpu), lost: 0 };
  } finally {
    child.kill();
  }
}

/** Resident memory of one instance before and after `count` sockets are open on it. */
async function measureSocketMemory(instance: ServerProcess, members: Member[], count: number): Promise<MemoryRow> {
  const pid = instance.pid;
  await sleep(1000);
  const beforeMb = residentMb(pid);
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < count; opened += SOCKET_BATCH) {
    const batch = Array.from({ length: Math.min(SOCKET_BATCH, count - opened) }, (_, i) => {
      const member = members[(opened + i) % members.length] as Member;
      const session = member.sessions[Math.floor((opened + i) / members.length) % member.sessions.length] as string;
      return openAppSocket(instance.base, { ...member, cookie: session }, () => undefined);
    });
    sockets.push(...(await Promise.all(batch)));
  }
  await sleep(3000);
  const afterMb = residentMb(pid);
  for (const socket of sockets) socket.terminate();
  return { sockets: count, beforeMb, afterMb, perSocketKb: ((afterMb - beforeMb) * 1024) / count };
}

export async function benchRealtime(options: RealtimeOptions): Promise<RealtimeFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-realtime-'));
  const database = await throwAwayDatabase(options.adminUrl);
  const running: ServerProcess[] = [];
  try {
    const members = await seedMembers(
      database.url,
      dataDir,
      2 * options.pairs,
      Math.max(1, Math.ceil(options.sockets / (2 * options.pairs) / SOCKETS_PER_SESSION)),
    );
    const seeded = { members, databaseUrl: database.url };
    const rows: LatencyRow[] = [];
    const echoes: LatencyRow[] = [];
    for (const rate of options.rates) echoes.push(await measureEcho(rate, options));
    const roundTrip = await measureRoundTrip(database.url);

    const single = await startInstance('realtime-single', options, database.url, dataDir);
    running.push(single);
    for (const rate of options.rates) {
      rows.push(await measureDelivery(ONE_INSTANCE, seeded, [{ sendVia: single, listenOn: single }], rate, options));
    }
    const memory = options.sockets > 0 ? await measureSocketMemory(single, members, options.sockets) : null;
    await single.stop();

    if (await reachable(options.redisUrl)) {
      const a = await startInstance('realtime-a', options, database.url, dataDir, options.redisUrl);
      running.push(a);
      const b = await startInstance('realtime-b', options, database.url, dataDir, options.redisUrl);
      running.push(b);
      for (const rate of options.rates) {
        const eachWay = [
          { sendVia: a, listenOn: b },
          { sendVia: b, listenOn: a },
        ];
        rows.push(await measureDelivery(TWO_INSTANCES, seeded, eachWay, rate, options));
      }
    } else {
      console.warn(`Skipping the two-instance run: Redis is not reachable at ${options.redisUrl}.`);
    }
    for (const row of [...echoes, ...rows]) {
      console.log(
        `realtime | ${row.setup} at ${row.rate}/s: ${row.perSecond.toFixed(0)} delivered/s, p50 ${row.p50.toFixed(1)} ms, ` +
          `p99 ${row.p99.toFixed(1)} ms (accepted sends), ${row.refused} refused with 503 (p99 ${row.refusedP99.toFixed(1)} ms), ` +
          `${undelivered(row)} undelivered, ${row.lost} lost, ${row.errors} errors, CPU a message: app ${row.appCpuMs.toFixed(2)} ms, ` +
          `PostgreSQL ${row.databaseCpuMs.toFixed(2)} ms` +
          (row.statements === undefined ? '' : `, statements a message ${row.statements.toFixed(1)}`),
      );
    }
    console.log(
      `realtime | a bare PostgreSQL round trip: ${roundTrip.clientUs.toFixed(0)} µs of the client's CPU, ` +
        `${roundTrip.databaseUs.toFixed(0)} µs of PostgreSQL's`,
    );
    if (memory) {
      console.log(
        `realtime | ${memory.sockets} sockets: ${memory.beforeMb.toFixed(0)} MB → ${memory.afterMb.toFixed(0)} MB ` +
          `(${memory.perSocketKb.toFixed(1)} KB a socket)`,
      );
    }
    return { rows, echoes, roundTrip, memory };
  } finally {
    for (const instance of running) await instance.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
