import { type Kysely, sql } from 'kysely';

/**
 * Issue 50: likes.php and likes-list.php read a page of each list in its order (keyset paging)
 * instead of every like: given newest first; received new ones first, then the seen, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('likes_given_newest')
    .on('likes')
    .columns(['liker_profile_id', 'created_at', 'liked_profile_id'])
    .execute();
  await db.schema
    .createIndex('likes_received_newest')
    .on('likes')
    .columns(['liked_profile_id', 'created_at', 'liker_profile_id'])
    .execute();
  await db.schema
    .createIndex('likes_received_new')
    .on('likes')
    .columns(['liked_profile_id', 'created_at', 'liker_profile_id'])
    .where(sql.ref('seen_at'), 'is', null)
    .execute();
}
