import type { Dialect } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';

/**
 * JSON values as node-postgres sends them: a string as it stands (the app's payloads are JSON
 * text already, cast with `::jsonb`), anything else as its JSON. postgres.js would send a string
 * as a JSON string.
 */
const json = {
  to: 114,
  from: [114, 3802],
  serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parse: (text: string) => JSON.parse(text) as unknown,
};

/**
 * PostgreSQL through postgres.js: a pool of 10 that prepares each distinct statement once per
 * connection by itself, and opens a new connection for the next query when one is lost. As with
 * node-postgres, an undefined value is sent as null, and notices (a migration's "already exists,
 * skipping") are not printed.
 */
export function postgresJsDialect(url: string): Dialect {
  const sql = postgres(url, { max: 10, types: { json }, transform: { undefined: null }, onnotice: () => {} });
  return new PostgresJSDialect({ postgres: sql });
}
