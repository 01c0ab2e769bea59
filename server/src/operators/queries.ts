import type { Db } from '../platform/db/index.js';

export async function insertNote(db: Db, note: { profileId: number; staffId: number; text: string; now: string }) {
  await db
    .insertInto('staff_notes')
    .values({ profile_id: note.profileId, staff_id: note.staffId, text: note.text, created_at: note.now })
    .execute();
}

export function notesOn(db: Db, profileId: number) {
  return db
    .selectFrom('staff_notes as n')
    .innerJoin('staff_users as u', 'u.id', 'n.staff_id')
    .select(['n.id', 'n.text', 'n.created_at', 'u.name as staff'])
    .where('n.profile_id', '=', profileId)
    .orderBy('n.id', 'asc')
    .execute();
}

export function personaOf(db: Db, profileId: number) {
  return db
    .selectFrom('staff_personas as p')
    .innerJoin('staff_users as u', 'u.id', 'p.updated_by')
    .select(['p.facts', 'p.version', 'p.updated_at', 'u.name as updated_by'])
    .where('p.profile_id', '=', profileId)
    .executeTakeFirst();
}

/**
 * Saves a persona sheet edited from `version`, in one statement: the first edit inserts it, later
 * ones update it only while it still has that version. False when someone saved another meanwhile.
 */
export async function savePersona(
  db: Db,
  edit: { profileId: number; version: number; facts: string; now: string; staffId: number },
): Promise<boolean> {
  if (edit.version === 0) {
    const result = await db
      .insertInto('staff_personas')
      .values({
        profile_id: edit.profileId,
        facts: edit.facts,
        version: 1,
        updated_at: edit.now,
        updated_by: edit.staffId,
      })
      .onConflict((oc) => oc.column('profile_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable('staff_personas')
    .set((eb) => ({
      facts: edit.facts,
      version: eb('version', '+', 1),
      updated_at: edit.now,
      updated_by: edit.staffId,
    }))
    .where('profile_id', '=', edit.profileId)
    .where('version', '=', edit.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
