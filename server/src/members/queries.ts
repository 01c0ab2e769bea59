import type { Db } from '../db/index.js';
import type { ProfileRow } from '../db/schema.js';

export async function insertProfile(db: Db, profile: Omit<ProfileRow, 'id'>): Promise<ProfileRow> {
  return db.insertInto('profiles').values(profile).returningAll().executeTakeFirstOrThrow();
}

export function findProfileByUser(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function updateProfileStatus(db: Db, userId: number, status: ProfileRow['status']): Promise<void> {
  await db.updateTable('profiles').set({ status }).where('user_id', '=', userId).execute();
}
