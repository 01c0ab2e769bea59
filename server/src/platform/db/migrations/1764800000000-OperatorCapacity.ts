import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: an operator holds at most `capacity` conversations at once, and claims none while
 * `away` (1) instead of available (0).
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema
    .alterTable('staff_users')
    .addColumn('away', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
