import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/** Issue 3: profile details, hosted profiles, photos, blocks and reports. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const textColumns = [
    'gender',
    'sexuality',
    'country',
    'region',
    'city',
    'hair_colour',
    'eye_colour',
    'body_type',
    'relationship_status',
    'tattoos',
    'last_active_at',
  ];
  for (const column of textColumns) {
    await db.schema.alterTable('profiles').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('profiles')
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('interests', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('profiles').addColumn('latitude', 'real').execute();
  await db.schema.alterTable('profiles').addColumn('longitude', 'real').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('hosted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('invisible', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('signup_step', 'text', (c) => c.notNull().defaultTo('photo'))
    .execute();
  await db.schema.alterTable('profiles').addColumn('main_photo_id', 'integer').execute();

  // Search reads these: one site's listed profiles, newest activity first, narrowed by gender or place.
  await db.schema
    .createIndex('profiles_search_gender')
    .on('profiles')
    .columns(['site_id', 'status', 'invisible', 'gender', 'last_active_at', 'id'])
    .execute();
  await db.schema
    .createIndex('profiles_search_place')
    .on('profiles')
    .columns(['site_id', 'status', 'invisible', 'country', 'region', 'last_active_at', 'id'])
    .execute();
  await db.schema
    .createIndex('profiles_search_active')
    .on('profiles')
    .columns(['site_id', 'status', 'invisible', 'last_active_at', 'id'])
    .execute();

  await addId(db.schema.createTable('photos'), engine)
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('thumb_filename', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('premium_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_profile').on('photos').columns(['profile_id', 'position']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('blocked_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_profile_id', 'blocked_profile_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_profile_id').execute();

  await addId(db.schema.createTable('reports'), engine)
    .addColumn('reporter_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('reported_profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
