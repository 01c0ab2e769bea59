import { type Kysely, sql } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 35: marketing (promotions, news) is off by mail and by push until a member turns it on,
 * and each consent given or withdrawn is kept with when and where. Members there are keep what they
 * had: without a stored choice that was on, so it is stored as on.
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

  for (const topic of ['promotions', 'news']) {
    await sql`
      insert into notification_preferences (user_id, type, mail, push)
      select u.id, ${topic}, 1, 1 from users u
      where not exists (select 1 from notification_preferences p where p.user_id = u.id and p.type = ${topic})
    `.execute(db);
  }
}
