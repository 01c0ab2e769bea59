/**
 * The floor under a chat send's CPU budget: one statement's round trip to PostgreSQL with nothing
 * of the app around it (a prepared `select $1`, one connection, one at a time), in Node's CPU and
 * PostgreSQL's. A send of 8 statements cannot cost less than 8 of them.
 */
import pg from 'pg';
import { cpuMs, postgresPids } from './server-process.js';

const ROUND_TRIPS = 20_000;

export interface RoundTrip {
  /** µs of CPU a round trip: the bench process's (the client) and the PostgreSQL server's. */
  clientUs: number;
  databaseUs: number;
}

export async function measureRoundTrip(databaseUrl: string): Promise<RoundTrip> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query = { name: 'bench_round_trip', text: 'select $1::int as n', values: [1] };
    for (let i = 0; i < 1000; i++) await client.query(query);
    const databaseBefore = cpuMs(postgresPids());
    const clientBefore = process.cpuUsage();
    for (let i = 0; i < ROUND_TRIPS; i++) await client.query(query);
    const clientUsed = process.cpuUsage(clientBefore);
    const databaseMs = cpuMs(postgresPids()) - databaseBefore;
    return {
      clientUs: (clientUsed.user + clientUsed.system) / ROUND_TRIPS,
      databaseUs: (databaseMs * 1000) / ROUND_TRIPS,
    };
  } finally {
    await client.end();
  }
}
