/**
 * Statements Kysely builds and compiles once, not on every run. Building a query and compiling it
 * cost the app more than SQLite's run of the small reads every request makes (docs/measurements.md,
 * "hot statements built once"); a prepared statement is built on its first run on each engine, and
 * every later run puts its values into the compiled text's parameters.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import { type Db, engineOf } from './index.js';

/** A value a statement takes: its shape never depends on it (no list, which would expand). */
export type Parameter = string | number | bigint | null;

/** Compiled variants kept per statement and engine together. */
const VARIANTS_KEPT = 1000;

/** Stands for a parameter while the statement is built; building must place it, never look at it. */
class Placeholder {
  constructor(readonly name: string) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`prepared statement: parameter "${this.name}" was used as a value while building`);
  }
}

const placeholders = <P>(): P =>
  new Proxy({} as Record<string, Placeholder>, {
    get: (made, name) => {
      if (typeof name !== 'string') return undefined;
      made[name] ??= new Placeholder(name);
      return made[name];
    },
  }) as P;

/**
 * A statement built once per engine and variant. `build` gets stand-ins for the parameters: it
 * places them in the query as values and must not branch on them; what changes the statement's
 * text (a member or a visitor asks, a purpose) is its `variant`, one statement each.
 */
export function prepared<P extends Record<string, Parameter>, R, V extends string = 'only'>(
  build: (db: Db, parameters: P, variant: V) => Compilable<R>,
) {
  const compiled = new Map<string, CompiledQuery<R>>();
  const statementFor = (db: Db, variant: V) => {
    const key = `${engineOf(db)}:${variant}`;
    let statement = compiled.get(key);
    if (!statement) {
      statement = build(db, placeholders<P>(), variant).compile();
      // Bounded like the engines' own caches: a statement of many variants (search's filter
      // shapes) drops its oldest rather than grow with every mix it ever met.
      if (compiled.size >= VARIANTS_KEPT) compiled.delete(compiled.keys().next().value as string);
      compiled.set(key, statement);
    }
    return statement;
  };
  const run = (db: Db, values: P, variant: V) => {
    const statement = statementFor(db, variant);
    const parameters = statement.parameters.map((value) => (value instanceof Placeholder ? values[value.name] : value));
    return db.executeQuery<R>({ ...statement, parameters });
  };
  return {
    async rows(db: Db, values: P, variant = 'only' as V): Promise<R[]> {
      return (await run(db, values, variant)).rows;
    },
    async first(db: Db, values: P, variant = 'only' as V): Promise<R | undefined> {
      return (await run(db, values, variant)).rows[0];
    },
    /** Rows an insert, update or delete changed. */
    async changed(db: Db, values: P, variant = 'only' as V): Promise<number> {
      return Number((await run(db, values, variant)).numAffectedRows ?? 0);
    },
  };
}
