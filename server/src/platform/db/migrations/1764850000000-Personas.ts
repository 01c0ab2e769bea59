import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: a persona sheet per hosted profile, the facts operators keep consistent (job, town,
 * family, pets, hobbies, what was said before). `version` counts its edits: an edit names the
 * version it started from, so of two operators editing at once the second is told.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('staff_personas')
    .addColumn('profile_id', 'integer', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('staff_users.id'))
    .execute();
}
