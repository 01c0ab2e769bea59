/**
 * A rolling restart of two instances behind a load balancer loses no request: two server
 * processes on one database, a balancer in front (test/balancer.ts), members signed in sending a
 * steady stream of reads and chat messages through it, while instance A and then instance B are
 * stopped with SIGTERM and started again. A WebSocket on an instance that stops is told to
 * reconnect (close code 1012) and can, to the other.
 *
 * On PostgreSQL only: instances share a PostgreSQL database (docs/operations.md). Two processes writing one
 * SQLite file refuse each other's write transactions (SQLITE_BUSY_SNAPSHOT). The instances need no
 * Redis for what is checked here: each answers its own requests and closes its own sockets.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBalancer, type Upstream } from './balancer.js';
import { buildMember, loggedIn, makePremium, NO_OVERLOAD_LIMITS, useTestApp } from './helpers.js';
import { buildServer, type Exit, freePort, type ServerProcess, startServer } from './server-process.js';

const MEMBERS = 4;
/** Each member's requests: enough to span both restarts, bounded all the same. */
const MAX_REQUESTS_PER_MEMBER = 1_500;
/** Answers to wait for before the first restart and after the last, so traffic surrounds both. */
const ANSWERS_AROUND = 40;
/** A member's pause between requests, which keeps the load to what two cores carry beside two restarts. */
const PACE_MS = 10;

interface Member {
  profileId: number;
  cookie: string;
  partner: number;
}

interface Answer {
  call: string;
  status: number;
  servedBy: string;
  /** What went wrong, for a failure's message; a right answer's body is not kept. */
  body?: string;
}

interface Instance {
  upstream: Upstream;
  process: ServerProcess;
  generation: number;
}

const t = useTestApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-rolling-'));
const agent = new http.Agent({ keepAlive: true });

beforeAll(() => {
  buildServer();
});

afterAll(() => {
  agent.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function serverEnv(drainSeconds: string): Record<string, string> {
  if (!t.databaseUrl) throw new Error('the instances share a PostgreSQL database');
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: t.databaseUrl,
    WEB_DIST: '',
    REDIS_URL: '',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000',
    SHUTDOWN_DRAIN_SECONDS: drainSeconds,
    ...NO_OVERLOAD_LIMITS,
  };
}

/** Two instances and the balancer in front of them; `stop` leaves nothing running. */
async function startCluster(drainSeconds: string) {
  const env = serverEnv(drainSeconds);
  const instances: Instance[] = [];
  try {
    for (const name of ['A', 'B']) {
      const port = await freePort();
      const server = await startServer({ port, env });
      instances.push({ upstream: { port, label: `${name}#1` }, process: server, generation: 1 });
    }
  } catch (error) {
    for (const instance of instances) instance.process.kill();
    throw error;
  }
  const balancer = await startBalancer(instances.map((instance) => instance.upstream));

  /** SIGTERM, wait for the process to end, start a new one on the same port; resolves with the old one's exit. */
  async function restart(instance: Instance): Promise<Exit> {
    const exit = await instance.process.stop();
    instance.process = await startServer({ port: instance.upstream.port, env });
    instance.generation += 1;
    instance.upstream.label = instance.upstream.label.replace(/#\d+$/, `#${instance.generation}`);
    return exit;
  }

  async function stop() {
    await balancer.close();
    for (const instance of instances) instance.process.kill();
  }

  return { instances: instances as [Instance, Instance], balancer, restart, stop };
}

/** Paying members in pairs, each with a session made by logging in; every one writes to the other of its pair. */
async function seedMembers(): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const built = await buildMember(t.services, { credits: 1_000_000 });
    await makePremium(t, built);
    const visitor = await loggedIn(t.app, built);
    members.push({
      profileId: built.profileId,
      cookie: `${SESSION_COOKIE}=${visitor.cookie(SESSION_COOKIE)}`,
      partner: 0,
    });
  }
  for (const [i, member] of members.entries()) member.partner = (members[i ^ 1] as Member).profileId;
  return members;
}

/** One call through the balancer at `port`, as the web app makes it; never rejects: a failure is an answer too. */
function send(port: number, member: Member, method: 'GET' | 'POST', url: string, body?: object): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { host: 'localhost', cookie: member.cookie };
  if (payload !== undefined) {
    Object.assign(headers, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT,
    });
  }
  const call = `${method} ${url}`;
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => {
        const status = response.statusCode ?? 0;
        const servedBy = String(response.headers['x-served-by']);
        if (status >= 200 && status <= 299) return resolve({ call, status, servedBy });
        resolve({ call, status, servedBy, body: Buffer.concat(chunks).toString().slice(0, 200) });
      });
      response.once('error', (error) => resolve({ call, status: 0, servedBy: 'none', body: error.message }));
    });
    request.once('error', (error) => resolve({ call, status: 0, servedBy: 'none', body: error.message }));
    request.end(payload);
  });
}

/** One member's stream: settings, their account, a message to their partner; again, until told to stop. */
async function drive(port: number, member: Member, answers: Answer[], clientIds: string[], stopped: () => boolean) {
  for (let i = 0; i < MAX_REQUESTS_PER_MEMBER && !stopped(); i++) {
    if (i % 3 === 0) answers.push(await send(port, member, 'GET', '/api/settings.php'));
    else if (i % 3 === 1) answers.push(await send(port, member, 'GET', '/api/user.php'));
    else {
      const clientId = randomUUID();
      clientIds.push(clientId);
      const message = { client_id: clientId, profile_id: member.partner, text: `message ${clientIds.length}` };
      answers.push(await send(port, member, 'POST', '/api/chat.php', message));
    }
    await sleep(PACE_MS);
  }
}

async function untilAnswered(answers: Answer[], count: number) {
  while (answers.length < count) await sleep(PACE_MS);
}

/** A live socket on one instance, open once the server says it is ready; `closed` is how it ended. */
async function openLiveSocket(port: number, member: Member) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
    headers: { host: 'localhost', cookie: member.cookie },
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'ready') resolve();
    });
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
  return { socket, closed };
}

async function storedClientIds(members: Member[]): Promise<string[]> {
  const senders = members.map((member) => member.profileId);
  const rows = await t.db
    .selectFrom('messages')
    .select('client_id')
    .where('sender_profile_id', 'in', senders)
    .execute();
  return rows.map((row) => String(row.client_id));
}

const restartSocket = { code: 1012, reason: 'service restart' };
const cleanExit: Exit = { code: 0, signal: null };

describe('a rolling restart of two instances behind a load balancer', () => {
  const cases = [
    { drainSeconds: '1', how: 'draining first, as in production' },
    // Then the balancer still sends as an instance closes: refused or reset connections go to the other.
    { drainSeconds: '0', how: 'without a drain' },
  ];
  for (const { drainSeconds, how } of cases) {
    it(`answers every request, stores every message once and tells sockets to reconnect, ${how}`, {
      timeout: 90_000,
    }, async ({ onTestFinished }) => {
      const cluster = await startCluster(drainSeconds);
      let done = false;
      onTestFinished(() => {
        done = true;
        return cluster.stop();
      });
      const [a, b] = cluster.instances;
      const members = await seedMembers();
      const first = members[0] as Member;
      const answers: Answer[] = [];
      const clientIds: string[] = [];
      const port = cluster.balancer.port;
      const traffic = Promise.all(members.map((member) => drive(port, member, answers, clientIds, () => done)));

      const onA = await openLiveSocket(a.upstream.port, first);
      await untilAnswered(answers, ANSWERS_AROUND);
      const exits = [await cluster.restart(a)];
      const onB = await openLiveSocket(b.upstream.port, first);
      exits.push(await cluster.restart(b));
      await untilAnswered(answers, answers.length + ANSWERS_AROUND);
      done = true;
      await traffic;

      expect(exits).toEqual([cleanExit, cleanExit]);
      expect([await onA.closed, await onB.closed]).toEqual([restartSocket, restartSocket]);
      expect(answers.filter((answer) => answer.status < 200 || answer.status > 299)).toEqual([]);
      // The old and the new process of each instance answered: the traffic went on through both restarts.
      expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(['A#1', 'A#2', 'B#1', 'B#2']));
      const stored = await storedClientIds(members);
      expect(stored.sort()).toEqual([...clientIds].sort());
      console.info(
        `rolling restart (drain ${drainSeconds} s): ${answers.length} requests answered, ` +
          `${stored.length} messages stored once each, ${cluster.balancer.retries} sent again to the other instance`,
      );
    });
  }
});
