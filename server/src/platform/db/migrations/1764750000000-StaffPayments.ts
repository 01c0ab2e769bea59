import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/** Issue 34: admins list a site's payments, newest first. */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.createIndex('payments_by_site').on('payments').columns(['site_id', 'id']).execute();
}
