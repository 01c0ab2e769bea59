import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { DeploymentKeysTable } from '../db/schema.js';

export async function deploymentKey(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('deployment_keys').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Keeps a key unless one of its name is kept already, which then stays. */
export async function insertDeploymentKeyIfAbsent(db: Db, row: Insertable<DeploymentKeysTable>): Promise<void> {
  await db
    .insertInto('deployment_keys')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
