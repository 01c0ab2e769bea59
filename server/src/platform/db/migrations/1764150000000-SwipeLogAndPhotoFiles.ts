import { type Kysely, sql } from 'kysely';
import type { Engine } from '../columns.js';

/**
 * The swipe game counts swipes made, not likes standing: unliking and liking again must not give
 * a swipe back, so every swipe like is logged. Photo files are served after a look-up by name.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('swipe_likes')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('liked_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('swipe_likes_by_day').on('swipe_likes').columns(['profile_id', 'created_at']).execute();
  // Today's swipes so far still count after the upgrade.
  await sql`insert into swipe_likes (profile_id, liked_profile_id, created_at)
    select liker_profile_id, liked_profile_id, created_at from likes where source = 'swipe'`.execute(db);
  await db.schema.createIndex('photos_filename').on('photos').column('filename').execute();
  await db.schema.createIndex('photos_thumb_filename').on('photos').column('thumb_filename').execute();
}
