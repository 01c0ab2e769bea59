import type { Kysely } from 'kysely';

/**
 * Issue 36: a member downloads a copy of their data. Each request is a row, made at most once a
 * day per member (the unique day decides it, however many requests come at once); its ZIP file
 * is named by the row's random id under DATA_DIR/exports and goes when `expires_at` has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addUniqueConstraint('data_exports_one_a_day', ['user_id', 'day'])
    .execute();
}
