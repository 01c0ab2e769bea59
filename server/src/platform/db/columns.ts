import type { CreateTableBuilder } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** An auto-numbered integer primary key, spelled as each engine wants it. */
export function addId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
