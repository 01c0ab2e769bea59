/** Data exports: asked for once a day per member, ready until they expire. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../platform/db/index.js';
import type { DataExportsTable } from '../platform/db/schema.js';

export type DataExportRow = Selectable<DataExportsTable>;

/** Adds the export unless the member asked for one that day already, in one statement: false then. */
export async function insertExportOnce(db: Db, row: Insertable<DataExportsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('data_exports')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findExport(db: Db, id: string): Promise<DataExportRow | undefined> {
  return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member's newest export that is being prepared or may still be downloaded. */
export function latestExportOf(db: Db, userId: number, now: string): Promise<DataExportRow | undefined> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', '=', 'preparing'), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks a prepared export ready; false when it is gone meanwhile (its account was deleted). */
export async function markReady(db: Db, id: string, readyAt: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ status: 'ready', ready_at: readyAt, expires_at: expiresAt })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteExport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}

/** Deletes a member's exports; returns their ids, whose files go too. */
export async function deleteExportsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom('data_exports').where('user_id', '=', userId).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Deletes the exports whose time is up; returns their ids. */
export async function deleteExpired(db: Db, now: string): Promise<string[]> {
  const rows = await db.deleteFrom('data_exports').where('expires_at', '<=', now).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Deletes the exports still being prepared that were asked for before `before`: their job gave up. */
export async function deletePreparingBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('data_exports')
    .where('status', '=', 'preparing')
    .where('created_at', '<', before)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Exports still being prepared that were asked for before `before`. */
export function preparingBefore(db: Db, before: string): Promise<DataExportRow[]> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('status', '=', 'preparing')
    .where('created_at', '<', before)
    .execute();
}

/** Of these ids, the ones an export still has. */
export async function existingIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('data_exports').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
