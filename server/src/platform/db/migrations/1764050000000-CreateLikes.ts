import type { Kysely } from 'kysely';
import type { Engine } from '../columns.js';

/** Issue 4: likes (a mutual pair is a match) and the swipe game's skips. */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('likes')
    .addColumn('liker_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('liked_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When the liked member saw it; null while the like is new to them.
    .addColumn('seen_at', 'text')
    .addPrimaryKeyConstraint('likes_pk', ['liker_profile_id', 'liked_profile_id'])
    .execute();
  // Received likes, new ones first, and the new-likes badge.
  await db.schema.createIndex('likes_received').on('likes').columns(['liked_profile_id', 'seen_at']).execute();
  // The swipe game's likes today.
  await db.schema
    .createIndex('likes_given_by_source')
    .on('likes')
    .columns(['liker_profile_id', 'source', 'created_at'])
    .execute();

  await db.schema
    .createTable('swipe_skips')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('skipped_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('swipe_skips_pk', ['profile_id', 'skipped_profile_id'])
    .execute();
}
