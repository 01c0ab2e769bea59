/**
 * PROCESSES: one instance served by several processes on one machine (node:cluster). They share
 * the port, and the first process hands connections to them in turn; instances and processes alike
 * are joined by PostgreSQL and Redis. A serving process that dies is replaced. SIGTERM or SIGINT
 * asks every serving process to shut down gracefully (http/shutdown.ts); the first process exits
 * once all have, with 0 when all exited 0. A second signal ends them all at once.
 */
import cluster from 'node:cluster';
import { SHUT_DOWN_MESSAGE } from './shutdown.js';

/** A serving process that died is replaced after this pause, so a process that cannot start does not spin. */
const REPLACE_AFTER_MS = 1_000;

const servingProcesses = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

/** Starts `count` serving processes; resolves once all of them listen. */
export function runServingProcesses(count: number): Promise<void> {
  let stopping = false;
  let failed = false;
  cluster.on('exit', (worker, code, signal) => {
    if (code !== 0) failed = true;
    if (!stopping) {
      console.error(`A serving process (${worker.process.pid}) ended (${signal ?? code}); starting another.`);
      setTimeout(() => cluster.fork(), REPLACE_AFTER_MS);
      return;
    }
    if (servingProcesses().length === 0) process.exit(failed ? 1 : 0);
  });
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      for (const worker of servingProcesses()) worker.process.kill('SIGKILL');
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    if (servingProcesses().length === 0) process.exit(0);
    for (const worker of servingProcesses()) if (worker.isConnected()) worker.send(SHUT_DOWN_MESSAGE);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  return new Promise((resolve) => {
    let listening = 0;
    const onListening = () => {
      listening += 1;
      if (listening < count) return;
      cluster.off('listening', onListening);
      resolve();
    };
    cluster.on('listening', onListening);
    for (let i = 0; i < count; i++) cluster.fork();
  });
}
