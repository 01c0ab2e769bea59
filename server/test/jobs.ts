/** What the job queue tests share with their worker process. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobQueue } from '../src/platform/jobs/queue.js';

declare module '../src/platform/jobs/queue.js' {
  interface JobTypes {
    'test.job': { label: string };
  }
}

/** Short, so a job whose worker died is taken again within the test. */
export const RESTART_LEASE_MS = 1000;

const workerScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'job-worker.ts');

/** Starts a worker process, waits until it has started the job, and kills it (SIGKILL: no goodbye). */
export async function crashWhileRunning(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.match(/started (\S+)/);
      if (line) resolve(line[1]);
    });
    child.once('exit', (code) => reject(new Error(`the worker process ended (${code}) before it started the job`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return started;
}

/** A fallback for BullMQ queues in tests without a database: it keeps what it is given. */
export function keptJobs(): JobQueue & { kept: { name: string; data: unknown }[] } {
  const kept: { name: string; data: unknown }[] = [];
  return {
    kept,
    add: async (name, data) => {
      kept.push({ name, data });
      return true;
    },
    handle: () => {},
    start: () => {},
    idle: async () => {},
    close: async () => {},
  };
}

export function counter() {
  const runs: string[] = [];
  return { runs, handler: async ({ label }: { label: string }) => void runs.push(label) };
}
