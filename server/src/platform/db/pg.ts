import { type Dialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { isStalePlan } from './unavailable.js';

/** PostgreSQL through node-postgres: a pool of 10, each statement named, lost connections survived. */
export function pgDialect(url: string): Dialect {
  const pool = new pg.Pool({ connectionString: url, max: 10, keepAlive: true });
  survivesLostConnections(pool);
  preparesStatements(pool);
  return new PostgresDialect({ pool });
}

/** Distinct statements PostgreSQL keeps parsed per connection; more (long `in (…)` lists) are parsed per run. */
const NAMED_STATEMENTS = 500;

/**
 * Each distinct statement the app runs is parsed, and for most also planned, once per connection
 * instead of on every run (a named prepared statement): for the app's small queries, parsing and
 * planning cost PostgreSQL about as much as running them (docs/measurements.md).
 *
 * When another instance's migration changes a table that a kept statement reads with `*`,
 * PostgreSQL refuses it before running it; the statement then gets a new name, so it is prepared
 * afresh on every connection, and outside a transaction it is tried again at once.
 */
function preparesStatements(pool: pg.Pool) {
  const names = new Map<string, string>();
  let named = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS && /^(select|insert|update|delete|with)\b/i.test(text)) {
      name = `amora_${named++}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const original = client.query;
    // A query made here, not from a config object: pg copies a config's property descriptors on
    // every run, a cost as large as the naming saves in the app.
    const query = (text: string, values: unknown[], name: string | undefined) =>
      new Promise<pg.QueryResult>((resolve, reject) => {
        const submitted = new pg.Query(text, values, (error, result) =>
          error ? reject(error) : resolve(result as unknown as pg.QueryResult),
        );
        (submitted as { name?: string }).name = name;
        (original as (submittable: pg.Query) => unknown).call(client, submitted);
      });
    const prepared = async (text: string, values: unknown[]) => {
      const name = nameOf(text);
      try {
        return await query(text, values, name);
      } catch (error) {
        if (name === undefined || !isStalePlan(error)) throw error;
        names.delete(text);
        if (client.getTransactionStatus() !== 'I') throw error;
        return query(text, values, nameOf(text));
      }
    };
    // Kysely runs every statement as query(text, values); other calls (pg's own) pass through.
    client.query = ((...args: unknown[]) =>
      typeof args[0] === 'string' && Array.isArray(args[1]) && args.length === 2
        ? prepared(args[0], args[1])
        : (original as (...all: unknown[]) => unknown).apply(client, args)) as typeof client.query;
  });
}

/**
 * A connection PostgreSQL ends (restart, failover, pg_terminate_backend) emits 'error' on its
 * client, idle or checked out, and then on the pool; unheard, either would end the process. The
 * pool drops such a connection by itself and opens a new one for the next query.
 */
function survivesLostConnections(pool: pg.Pool) {
  const reportLost = (error: Error) => console.warn(`database: a connection was lost (${error.message})`);
  pool.on('error', reportLost);
  pool.on('connect', (client) => client.on('error', () => {}));
}
