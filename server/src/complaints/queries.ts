import type { Insertable } from 'kysely';
import type { Db } from '../platform/db/index.js';
import type { ComplaintsTable } from '../platform/db/schema.js';

/** The new complaint's id, or undefined when this site already has one with its client_id. */
export async function insertComplaint(db: Db, row: Insertable<ComplaintsTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('complaints')
    .values(row)
    .onConflict((conflict) => conflict.columns(['site_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function complaintIdByClientId(db: Db, siteId: number, clientId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('complaints')
    .select('id')
    .where('site_id', '=', siteId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.id;
}

export function complaintsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('complaints').selectAll().where('id', 'in', ids).execute();
}
