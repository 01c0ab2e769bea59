import type { Kysely } from 'kysely';
import { addId, type Engine } from '../columns.js';

/**
 * Issue 34: reports and complaints become cases that moderators decide (open → in review →
 * actioned or dismissed), with a statement of reasons to each side and an appeal per side that
 * another staff member reviews. A decision may suspend or ban the member it concerns; a ban keeps
 * the address from signing up on that site again, even once the account is gone.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addId(db.schema.createTable('moderation_cases'), engine)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The report's or the complaint's id (no foreign key: one of two tables); none for a staff initiative.
    .addColumn('source_id', 'integer')
    // Why staff acted on their own initiative (a report reason); a report or complaint says its own.
    .addColumn('reason', 'text')
    .addColumn('subject_profile_id', 'integer', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', (c) => c.references('staff_users.id'))
    // How often it was decided: a reporter's successful appeal reopens it for a new decision.
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('measure', 'text')
    .addColumn('explanation', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('moderation_cases_once', ['kind', 'source_id'])
    .execute();
  await db.schema.createIndex('moderation_cases_by_status').on('moderation_cases').columns(['status', 'id']).execute();

  await addId(db.schema.createTable('moderation_appeals'), engine)
    .addColumn('case_id', 'integer', (c) => c.notNull().references('moderation_cases.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('party', 'text', (c) => c.notNull())
    // The appeal link's secret, hashed; the link is mailed with the statement of reasons.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('locale', 'text', (c) => c.notNull())
    // What was decided, as this side was told: the measure, or 'dismissed'.
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('open_until', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('appealed_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('explanation', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'text')
    .addUniqueConstraint('moderation_appeals_once', ['case_id', 'round', 'party'])
    .execute();
  await db.schema
    .createIndex('moderation_appeals_waiting')
    .on('moderation_appeals')
    .columns(['appealed_at', 'outcome'])
    .execute();

  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspension', 'text').execute();
  await db.schema
    .createTable('banned_addresses')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('banned_addresses_pk', ['site_id', 'email_key'])
    .execute();
}
