import { type Kysely, sql } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 33: domain events kept in the transaction of the change they tell about, and published
 * from here at least once (events/bus.ts); published ones stay a day for instances catching up.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('event_outbox'), engine)
    .addColumn('type', 'text', (c) => c.notNull())
    // The event as JSON.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // A relay took it until then; another may take it after (the first one died).
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Its once-per-event handlers (pushes, mails) are done; it may still wait to be sent to the other instances.
    .addColumn('handled_at', 'text')
    // Handled and sent.
    .addColumn('published_at', 'text')
    .execute();
  await db.schema
    .createIndex('event_outbox_unpublished')
    .on('event_outbox')
    .column('id')
    .where(sql.ref('published_at'), 'is', null)
    .execute();
  await db.schema.createIndex('event_outbox_by_time').on('event_outbox').column('created_at').execute();
}
