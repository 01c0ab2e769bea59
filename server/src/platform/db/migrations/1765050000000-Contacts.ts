import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * Issue 34: the visibility policy's own record of who has been in touch (a like either way, a
 * conversation), one row each way, so the whole rule is one SQL condition. Filled from the likes
 * and conversations there are.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('other_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contacts_pk', ['profile_id', 'other_profile_id'])
    .execute();
  await db.schema.createIndex('contacts_other').on('contacts').columns(['other_profile_id']).execute();
  await sql`insert into contacts (profile_id, other_profile_id)
    select liker_profile_id, liked_profile_id from likes
    union select liked_profile_id, liker_profile_id from likes
    union select profile_low, profile_high from conversations
    union select profile_high, profile_low from conversations`.execute(db);
}
