/**
 * A redis-server of a test's own, on a port of its own, that the test stops and starts again:
 * an outage without touching the shared Redis. With CI=true a missing redis-server fails the test file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server-process.js';

const candidates = process.env.REDIS_SERVER_PATH
  ? [process.env.REDIS_SERVER_PATH]
  : [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin'].map((dir) =>
      path.join(dir, 'redis-server'),
    );
const REDIS_SERVER = candidates.find((file) => fs.existsSync(file));

/** Null when redis-server can be started; otherwise why not. Throws with CI=true, where it must be there. */
export function redisServerProblem(): string | null {
  if (REDIS_SERVER) return null;
  const problem = 'redis-server is not installed (REDIS_SERVER_PATH names another)';
  if (process.env.CI === 'true')
    throw new Error(`with CI=true the redis tests need their own redis-server: ${problem}`);
  return problem;
}

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  /** Ends the server at once, without saving, as a crash or a restart would. */
  stop(): Promise<void>;
}

/** True once the server answers PING on `port`. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout', 'close']) socket.once(event, () => resolve(false));
  });
}

/** A redis-server on a free port, started; stop() and start() keep that port. */
export async function ownRedis(): Promise<OwnRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed');
  const server = REDIS_SERVER;
  const port = await freePort();
  let running: ChildProcess | null = null;

  async function start() {
    if (running) return;
    const child = spawn(server, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    running = child;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode}`);
      if (await answersPing(port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${port} did not answer`);
  }

  async function stop() {
    const child = running;
    if (!child) return;
    running = null;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
