import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: moderators work one queue of pending photos across sites, oldest first; a photo keeps
 * when it was decided and why it was rejected.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('photos').addColumn('reviewed_at', 'text').execute();
  await db.schema.alterTable('photos').addColumn('rejection', 'text').execute();
  await db.schema.createIndex('photos_by_status').on('photos').columns(['status', 'id']).execute();
}
