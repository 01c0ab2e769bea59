import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditLedgerTable } from '../db/schema.js';

export async function insertAccount(db: Db, userId: number): Promise<void> {
  await db.insertInto('credit_accounts').values({ user_id: userId, balance: 0 }).execute();
}

/** Adds delta unless the balance would drop below zero; returns the new balance or null. */
export async function addToBalance(db: Db, userId: number, delta: number): Promise<number | null> {
  const row = await db
    .updateTable('credit_accounts')
    .set({ balance: sql`balance + ${delta}` })
    .where('user_id', '=', userId)
    .where(sql<boolean>`balance + ${delta} >= 0`)
    .returning('balance')
    .executeTakeFirst();
  return row ? row.balance : null;
}

export async function insertLedgerRow(db: Db, row: Insertable<CreditLedgerTable>): Promise<void> {
  await db.insertInto('credit_ledger').values(row).execute();
}

export async function findBalance(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('credit_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}
