import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: the staff log is the audit log: besides the inbox's conversation, profile and message,
 * each row names the site, the record acted on, the fields it changed (before and after) and the
 * reason given. Rows are only ever added.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const column of ['record', 'changes', 'reason']) {
    await db.schema.alterTable('staff_log').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('staff_log').addColumn('site_id', 'integer').execute();
  await db.schema.createIndex('staff_log_by_record').on('staff_log').columns(['record', 'id']).execute();
}
