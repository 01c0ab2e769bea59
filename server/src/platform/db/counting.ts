/**
 * What the app's databases tell of their use: calls waiting for a connection (the overload check
 * bounds them) and statements sent (/metrics, and the tests that count what a call costs).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect } from 'kysely';

/** What a database tells of its use: calls waiting for a connection, statements run. */
interface Use {
  waiting: number;
  /** Statements sent, transactions' begin, commit and rollback included. */
  statements: number;
}
/** Of each database opened: its use. */
export const uses = new WeakMap<object, Use>();

/**
 * Calls waiting for a connection: PostgreSQL's pool's queue, or on SQLite the calls queued behind
 * the one connection a transaction holds. What the overload check bounds (http/overload.ts).
 */
export function waitingForConnection(db: object): number {
  return uses.get(db)?.waiting ?? 0;
}

/**
 * Statements this database has been sent since it was opened, a transaction's begin, commit and
 * rollback each counted as one: what the statements a call costs are counted by (/metrics, tests).
 */
export function statementsRun(db: object): number {
  return uses.get(db)?.statements ?? 0;
}

/** The statements of the work `statementsOf` runs; none is counted unless a caller asks. */
const statementScope = new AsyncLocalStorage<{ statements: number; sent: string[] }>();

/**
 * Runs `work` and counts the statements it sends, with those of what it sets going and waits for
 * (an event's handlers); jobs it adds run as the queue's own work and are not counted.
 * `sent` names them (the first words of each), for a test's failure to show.
 */
export async function statementsOf<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; sent: string[] }> {
  const scope = { statements: 0, sent: [] as string[] };
  const result = await statementScope.run(scope, work);
  return { result, statements: scope.statements, sent: scope.sent };
}

function countStatement(use: Use, text: string) {
  use.statements += 1;
  const scope = statementScope.getStore();
  if (!scope) return;
  scope.statements += 1;
  scope.sent.push(text.slice(0, 60));
}

/** The connection, counting each statement sent on it. */
function countingStatements(connection: DatabaseConnection, use: Use): DatabaseConnection {
  return {
    executeQuery(query) {
      countStatement(use, query.sql);
      return connection.executeQuery(query);
    },
    streamQuery(query, chunkSize) {
      countStatement(use, query.sql);
      return connection.streamQuery(query, chunkSize);
    },
  };
}

/** The dialect, counting the calls that wait for one of its connections and the statements run. */
export function counting(dialect: Dialect): { dialect: Dialect; use: Use } {
  const use: Use = { waiting: 0, statements: 0 };
  const createDriver = () => {
    const driver = dialect.createDriver();
    const wrappedOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const acquire = driver.acquireConnection.bind(driver);
    const control = (step: 'beginTransaction' | 'commitTransaction' | 'rollbackTransaction') => {
      const original = driver[step].bind(driver) as (connection: DatabaseConnection, ...rest: never[]) => Promise<void>;
      return (connection: DatabaseConnection, ...rest: never[]) => {
        countStatement(use, step);
        return original(originals.get(connection) ?? connection, ...rest);
      };
    };
    const release = driver.releaseConnection.bind(driver);
    return Object.assign(driver, {
      async acquireConnection() {
        use.waiting += 1;
        let connection: DatabaseConnection;
        try {
          connection = await acquire();
        } finally {
          use.waiting -= 1;
        }
        let wrapped = wrappedOf.get(connection);
        if (!wrapped) {
          wrapped = countingStatements(connection, use);
          wrappedOf.set(connection, wrapped);
          originals.set(wrapped, connection);
        }
        return wrapped;
      },
      releaseConnection: (connection: DatabaseConnection) => release(originals.get(connection) ?? connection),
      beginTransaction: control('beginTransaction'),
      commitTransaction: control('commitTransaction'),
      rollbackTransaction: control('rollbackTransaction'),
    });
  };
  return {
    dialect: {
      createDriver,
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
    use,
  };
}
