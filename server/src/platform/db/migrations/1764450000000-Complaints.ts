import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/** Issue 15, /complaints: what visitors and members complain about, each confirmed by mail. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('complaints'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    // Kept when the account goes: a complaint is the company's record too.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    // The form's own id for this complaint: a retried or repeated send files it once.
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('complaints_once_per_client_id', ['site_id', 'client_id'])
    .execute();
  await db.schema.createIndex('complaints_by_site').on('complaints').columns(['site_id', 'created_at']).execute();
}
