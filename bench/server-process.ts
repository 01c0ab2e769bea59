/**
 * Server processes for the bench, started as production starts them (server/test/server-process.ts):
 * the compiled server, built once per bench run, and, as the baseline, a bare Fastify hello world.
 */
import fs from 'node:fs';
import { newKeysEnvironment } from '../server/src/platform/keys/deployment-keys.js';
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

/** The kernel's clock ticks a second, in which /proc reports CPU time (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) the processes have used so far, in ms (Linux). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The processes of the local PostgreSQL server (its backends come and go with connections). */
export function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/** The deployment's keys, one set for the whole run, as every instance of a deployment shares them. */
const BENCH_KEYS = newKeysEnvironment();

/** The environment of a production server process on the bench's database (it sends no mail and takes no payment). */
export function productionEnv(dataDir: string, databaseUrl: string, redisUrl = ''): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // Production refuses to start without SMTP; the bench sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    // Nor without a real payment provider; the bench pays nothing.
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: 'test_bench',
    // Nor without the keys every instance shares.
    ...BENCH_KEYS,
    DATA_DIR: dataDir,
    WEB_DIST: '',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // The bench is one client at thousands of requests a second; production's limits per address would refuse it.
    RATE_LIMIT_SCALE: '100000',
    // Nothing balances the bench's load: a stopping process need not wait for a balancer to notice.
    SHUTDOWN_DRAIN_SECONDS: '0',
    // The throughput table asks how much one process carries with the calls queued, not how soon it
    // refuses them: the overload limits are off (the realtime part, which reports refusals, keeps them).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
    OVERLOAD_DATABASE_WAITING: '0',
  };
}
