/**
 * Server processes for the bench, started as production starts them (server/test/server-process.ts):
 * the compiled server, built once per bench run, and, as the baseline, a bare Fastify hello world.
 */
import fs from 'node:fs';
import { buildServer, type ServerProcess, type StartOptions, startServer } from '../server/test/server-process.js';

export type { ServerProcess };

let built = false;

/** The compiled app on the given database, without the demo seed; `PUBLIC_URL` is its own address unless given. */
export function startApp(
  env: Record<string, string>,
  {
    fromSources = false,
    ...options
  }: Omit<StartOptions, 'env' | 'args'> & {
    /** Runs the TypeScript sources through tsx, as the app ran before `npm run build` compiled it. */
    fromSources?: boolean;
  } = {},
): Promise<ServerProcess> {
  if (!fromSources && !built) {
    buildServer();
    built = true;
  }
  return startServer({
    ...options,
    env: { SEED_DEMO: 'false', ...env },
    args: fromSources ? ['--import', 'tsx', 'server/src/main.ts'] : undefined,
  });
}

/** The baseline: Fastify's hello world with its logger on, from node_modules (bench/hello-world.mjs). */
export function startHelloWorld(): Promise<ServerProcess> {
  return startServer({ env: {}, args: ['bench/hello-world.mjs'], readyPath: '/' });
}

/** Resident memory of a process, in MB (Linux). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);
  return kb / 1024;
}
