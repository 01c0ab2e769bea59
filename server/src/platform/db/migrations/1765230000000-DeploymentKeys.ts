import type { Kysely } from 'kysely';

/**
 * Issue 37: the deployment's keys (the VAPID pair of its pushes, the key of its unsubscribe links)
 * are shared by every instance. Outside production, where the environment may leave them out, they
 * are kept here, made by whichever instance starts first; production takes them from the environment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_keys')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}
