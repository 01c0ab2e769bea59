import { type Kysely, sql } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 35: marketing (promotions, news) is off by mail and by push until a member turns it on,
 * and each consent given or withdrawn is kept with when and where. Members there are start with it
 * off as well: marketing was on by default and a settings form saved every type at once, so no stored
 * choice shows consent, and none is on record.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('marketing_consents'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('given', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('marketing_consents_by_user')
    .on('marketing_consents')
    .columns(['user_id', 'at'])
    .execute();

  await sql`delete from notification_preferences where type in ('promotions', 'news')`.execute(db);
}
