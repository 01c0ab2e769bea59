import type { Kysely } from 'kysely';

/**
 * Issue 36: private photos. A photo may be private: its owner and those they granted see it, others
 * a placeholder. One row per pair says where the asking stands: asked (one open request per pair),
 * or granted (one grant covers all the owner's private photos). Declining or revoking deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('photos')
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('private_photo_access')
    .addColumn('owner_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('viewer_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('private_photo_access_pk', ['owner_profile_id', 'viewer_profile_id'])
    .execute();
  await db.schema
    .createIndex('private_photo_access_viewer')
    .on('private_photo_access')
    .column('viewer_profile_id')
    .execute();
}
