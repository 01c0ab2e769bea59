/**
 * Server processes started and stopped as production does it: the compiled server
 * (`node --enable-source-maps server/dist/main.js`, stopped with SIGTERM), or another Node script
 * the same way. For tests of what only a whole process shows, such as its shutdown, and for the
 * bench (bench/server-process.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_LIMIT_MS = 120_000;
/** The tail of a process's output kept for the message when it fails. */
const OUTPUT_KEPT = 4_000;

/** `node scripts/build-server.mjs`: server/dist as production runs it, from the sources as they are now. */
export function buildServer() {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server did not build: ${result.error ?? result.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number;
  /** From spawn to the first 200 of the readiness path. */
  startupMs: number;
  /** Sends SIGTERM, as a process manager does, and resolves with how the process ended. */
  stop(): Promise<Exit>;
  /** SIGKILL, for clean-up after a failure. */
  kill(): void;
}

export interface StartOptions {
  env: Record<string, string>;
  /** A free one when not given. */
  port?: number;
  /** The script and its arguments, after Node's options: the compiled server unless given. */
  args?: string[];
  /** Node's own options, such as --cpu-prof. */
  nodeOptions?: string[];
  /** Answers 200 once the process is ready. */
  readyPath?: string;
}

function exited(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function waitUntilReady(child: ChildProcess, url: string, output: () => string) {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready in ${START_LIMIT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts the process on a port of 127.0.0.1 (PORT, HOST and PUBLIC_URL set, `env` over them);
 * resolves once the readiness path (/healthz) answers 200. Its output is kept only for a failure's
 * message: a request log is written and thrown away, as a log shipper would take it.
 */
export async function startServer({
  env,
  port,
  args = ['--enable-source-maps', 'server/dist/main.js'],
  nodeOptions = [],
  readyPath = '/healthz',
}: StartOptions): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenPort}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(listenPort), HOST: '127.0.0.1', PUBLIC_URL: base, ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitUntilReady(child, `${base}${readyPath}`, () => output);
  return {
    port: listenPort,
    base,
    pid: child.pid as number,
    startupMs: performance.now() - started,
    stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
