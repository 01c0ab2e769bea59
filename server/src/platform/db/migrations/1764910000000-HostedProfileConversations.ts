import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/** Issue 34: the back office lists hosted profiles by their conversations waiting for an answer. */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createIndex('conversations_hosted')
    .on('conversations')
    .columns(['hosted_profile_id', 'awaiting_reply_since'])
    .execute();
}
