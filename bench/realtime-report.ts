/**
 * The realtime section of the bench's report, judged by DESIGN.md's budgets and issue 50's goals:
 * one instance p99 under 100 ms with every accepted send delivered, two instances joined by Redis
 * p99 under 150 ms with nothing lost, at most 1.5 ms of CPU a message (the app and PostgreSQL), and
 * 10,000 open sockets on one instance under 1 GiB.
 */
import { ms } from './load.js';
import { ONE_INSTANCE, type RealtimeFigures } from './realtime.js';
import { type LatencyRow, undelivered } from './realtime-traffic.js';
import type { RoundTrip } from './round-trip.js';

const P99_MS = { oneInstance: 100, twoInstances: 150 };
const CPU_MS_A_MESSAGE = 1.5;
/** A send's statements at most (server/test/chat-statements.test.ts). */
const STATEMENTS_A_SEND = 8;
const SOCKETS_MB = 1024;

const p99Budget = (row: LatencyRow) => (row.setup === ONE_INSTANCE ? P99_MS.oneInstance : P99_MS.twoInstances);

function verdict(row: LatencyRow) {
  const met =
    row.p99 < p99Budget(row) &&
    undelivered(row) === 0 &&
    row.lost === 0 &&
    row.appCpuMs + row.databaseCpuMs <= CPU_MS_A_MESSAGE;
  return met ? 'met' : 'missed';
}

/** What the send's statements cost at the least: as many bare round trips, against the budget. */
function roundTripFloor({ clientUs, databaseUs }: RoundTrip) {
  const floorMs = (STATEMENTS_A_SEND * (clientUs + databaseUs)) / 1000;
  return (
    `The floor: a bare round trip to PostgreSQL (a prepared \`select $1\`, one connection, one at a time, ` +
    `nothing of the app) costs ${clientUs.toFixed(0)} µs of the client's CPU and ${databaseUs.toFixed(0)} µs of ` +
    `PostgreSQL's on this machine, so a send's ${STATEMENTS_A_SEND} statements cost at least ${floorMs.toFixed(2)} ms ` +
    `of the ${CPU_MS_A_MESSAGE} ms budget before any work of the app's: the HTTP request, the socket's push, the notification.`
  );
}

/** The realtime section of the report; `pairs` and `seconds` as given to benchRealtime. */
export function realtimeReport(
  { rows, echoes, roundTrip, memory }: RealtimeFigures,
  { pairs, seconds }: { pairs: string; seconds: number },
) {
  const line = (row: LatencyRow, judged: string) =>
    `| ${row.setup} | ${row.rate} | ${row.perSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ` +
    `${row.refused} | ${ms(row.refusedP99)} | ${undelivered(row)} | ${row.lost} | ${row.errors} | ` +
    `${row.appCpuMs.toFixed(2)} | ${row.databaseCpuMs.toFixed(2)} | ${row.statements?.toFixed(1) ?? ''} | ${judged} |`;
  return [
    '## Realtime: message send → recipient socket',
    '',
    `${pairs} pairs of paying members on PostgreSQL; each message is a POST /api/chat.php, measured ` +
      `from the start of the request to the push on the recipient's socket, for ${seconds} s after a 2 s warm-up. ` +
      'The app runs as server processes without a request log; on two instances half the pairs send through A to ' +
      'recipients on B and half the other way, so sent/s is both ways together. ' +
      `Budget: p99 under ${P99_MS.oneInstance} ms on one instance and ${P99_MS.twoInstances} ms on two, every ` +
      `accepted send delivered and none lost, and at most ${CPU_MS_A_MESSAGE} ms of CPU a message (app and ` +
      "PostgreSQL together). CPU a message: what the app's processes (the echo server's, in its rows) and " +
      "PostgreSQL's used per delivered message, from /proc; the load generator's own is not counted. " +
      'A send the instance refused for overload (503, Retry-After) is counted apart, with the p99 of its answer; ' +
      'the latencies are those of the accepted sends, and lost counts accepted sends missing from the database afterwards. ' +
      "Statements a message: all the instances sent PostgreSQL (their /metrics' amora_database_statements_total) over " +
      `the accepted sends: the send itself (${STATEMENTS_A_SEND}, server/test/chat-statements.test.ts) and what it sets going (the notification's reads, the jobs of a push or a mail, the relay's marks).`,
    '',
    '| setup | sent/s | delivered/s | p50 ms | p99 ms | max ms | refused (503) | 503 p99 ms | undelivered | lost | errors | CPU a message: app ms | PostgreSQL ms | statements a message | budget |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...echoes.map((echo) => line(echo, 'baseline')),
    ...rows.map((row) => line(row, verdict(row))),
    '',
    roundTripFloor(roundTrip),
    '',
    memory
      ? `${memory.sockets.toLocaleString('en')} open sockets on one instance: ${memory.beforeMb.toFixed(0)} MB resident ` +
        `before, ${memory.afterMb.toFixed(0)} MB after (${memory.perSocketKb.toFixed(1)} KB a socket); budget under ` +
        `${SOCKETS_MB} MB: ${memory.afterMb < SOCKETS_MB ? 'met' : 'missed'}.`
      : 'No sockets were opened for the memory figure (--sockets 0).',
  ].join('\n');
}
