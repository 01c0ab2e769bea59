/** A table changed under a prepared statement that reads all its columns. */
export const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String(error));

/**
 * What node-postgres and its pool say when a connection is gone or could not be had in time; the
 * next try gets a new one. A query on a client whose connection broke is refused with "not
 * queryable", e.g. the rollback of a transaction whose connection died, and that refusal is what
 * reaches the caller. Left out: "Cannot use a pool after calling end on the pool", which comes only
 * after this instance has let its database go, and no try on it will ever succeed.
 */
const LOST_CONNECTION_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * PostgreSQL's codes for a connection it lost or would not give: 08 connection exceptions, 53300
 * too many connections, 57P01-57P03 an admin, crash or start-up shutdown, 57P05 an idle session
 * ended.
 */
const isLostConnectionCode = (code: string) =>
  code.startsWith('08') || ['53300', '57P01', '57P02', '57P03', '57P05'].includes(code);
const NETWORK_ERRORS = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'];
/**
 * postgres.js's codes for a connection that closed under a query, was closed while one waited
 * for it, or could not be opened in time. Left out: CONNECTION_ENDED, which comes only after this
 * instance has let its database go.
 */
const POSTGRES_JS_LOST = ['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'];

/**
 * True when the database could not answer for a while rather than refused the query: a lost or
 * refused connection, a server shutting down or starting up, or a table changed under a prepared
 * statement in a transaction (the next try prepares it anew). Such requests answer 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && isLostConnectionCode(code)) return true;
  if (typeof code === 'string' && (NETWORK_ERRORS.includes(code) || POSTGRES_JS_LOST.includes(code))) return true;
  if (isStalePlan(error)) return true;
  return error instanceof Error && LOST_CONNECTION_MESSAGES.has(error.message);
}
