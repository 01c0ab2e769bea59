/**
 * Server processes for the bench, started as production starts them: the compiled server
 * (`server/dist/main.js`, built once per bench run) and, as the baseline, a bare Fastify hello world.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '..');
const STARTUP_LIMIT_MS = 120_000;

export interface ServerProcess {
  base: string;
  process: ChildProcess;
  /** From spawn to the first answer of the readiness path. */
  startupMs: number;
  stop(): Promise<void>;
}

let built = false;
/** `node scripts/build-server.mjs`, once per bench run, so every server process runs the sources as they are. */
export function buildServer() {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server did not build');
  built = true;
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

/** Resident memory of a process, in MB (Linux). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);
  return kb / 1024;
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitUntilReady(base: string, readyPath: string, child: ChildProcess, started: number) {
  while (performance.now() - started < STARTUP_LIMIT_MS) {
    if (child.exitCode !== null) throw new Error(`a server process stopped while starting (exit ${child.exitCode})`);
    const ready = await fetch(`${base}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`${base}${readyPath} did not answer within ${STARTUP_LIMIT_MS / 1000} s`);
}

interface StartOptions {
  /** The script and its arguments, after Node's own. */
  args: string[];
  env: Record<string, string>;
  /** Node's options, such as --cpu-prof. */
  nodeOptions?: string[];
  readyPath?: string;
  /** Where the process's standard output goes: its request log is written and thrown away, as a log shipper would take it. */
  stdout?: 'ignore' | 'inherit';
  port?: number;
}

async function startProcess({
  args,
  env,
  nodeOptions = [],
  readyPath = '/',
  stdout = 'ignore',
  port,
}: StartOptions): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenPort}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, ...args], {
    cwd: ROOT,
    stdio: ['ignore', stdout, 'inherit'],
    env: { ...process.env, PORT: String(listenPort), HOST: '127.0.0.1', ...env },
  });
  await waitUntilReady(base, readyPath, child, started);
  return { base, process: child, startupMs: performance.now() - started, stop: () => stopProcess(child) };
}

interface AppOptions extends Omit<StartOptions, 'args' | 'env' | 'readyPath'> {
  /** Runs the TypeScript sources through tsx, as the app ran before `npm run build` compiled it. */
  fromSources?: boolean;
}

/**
 * The compiled app (`server/dist/main.js`) on the given database, without the demo seed; `PUBLIC_URL`
 * is its own address unless given. Ready when /healthz answers.
 */
export async function startApp(env: Record<string, string>, { fromSources = false, ...options }: AppOptions = {}) {
  if (!fromSources) buildServer();
  const port = options.port ?? (await freePort());
  return startProcess({
    ...options,
    port,
    args: fromSources ? ['--import', 'tsx', 'server/src/main.ts'] : ['--enable-source-maps', 'server/dist/main.js'],
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: 'false', ...env },
    readyPath: '/healthz',
  });
}

/** The baseline: Fastify's hello world with its logger on, from node_modules (bench/hello-world.mjs). */
export function startHelloWorld() {
  return startProcess({ args: ['bench/hello-world.mjs'], env: {} });
}
