import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditLedgerTable } from '../db/schema.js';

export async function insertAccount(db: Db, userId: number, freeMessages: number): Promise<void> {
  await db.insertInto('credit_accounts').values({ user_id: userId, balance: 0, free_messages: freeMessages }).execute();
}

/** Uses one free message if any is left; true when it did. */
export async function takeFreeMessage(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('credit_accounts')
    .set({ free_messages: sql`free_messages - 1` })
    .where('user_id', '=', userId)
    .where('free_messages', '>', 0)
    .returning('free_messages')
    .executeTakeFirst();
  return row !== undefined;
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
