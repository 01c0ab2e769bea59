import { type Insertable, type RawBuilder, sql } from 'kysely';
import { type Db, engineOf } from '../../platform/db/index.js';
import type { CreditLedgerTable } from '../../platform/db/schema.js';

export async function insertAccount(db: Db, userId: number, freeMessages: number): Promise<void> {
  await db.insertInto('credit_accounts').values({ user_id: userId, balance: 0, free_messages: freeMessages }).execute();
}

/** What an account holds after a change: the balance and the free messages left. */
export interface AccountAfter {
  balance: number;
  free_messages: number;
}

/** Uses one free message if any is left; the account after, or undefined when none was left. */
function takeFreeMessage(db: Db, userId: number): Promise<AccountAfter | undefined> {
  return db
    .updateTable('credit_accounts')
    .set({ free_messages: sql`free_messages - 1` })
    .where('user_id', '=', userId)
    .where('free_messages', '>', 0)
    .returning(['balance', 'free_messages'])
    .executeTakeFirst();
}

/** Adds delta unless the balance would drop below zero; returns the account after, or null. */
export async function addToBalance(db: Db, userId: number, delta: number): Promise<AccountAfter | null> {
  const row = await db
    .updateTable('credit_accounts')
    .set({ balance: sql`balance + ${delta}` })
    .where('user_id', '=', userId)
    .where(sql<boolean>`balance + ${delta} >= 0`)
    .returning(['balance', 'free_messages'])
    .executeTakeFirst();
  return row ?? null;
}

/** Something to pay for: a free message when `free` allows one, else `amount` credits. */
export interface Charge {
  userId: number;
  amount: number;
  free: boolean;
  reason: string;
  reference: string;
  createdAt: string;
}

/**
 * Takes a charge when the account holds it: a free message if allowed and one is left, else the
 * amount off the balance with its ledger line. Returns the account after and what was taken
 * (0 for a free message), or null when neither reaches. On PostgreSQL one statement decides,
 * takes and writes the ledger line; `paid` runs only where `free` took nothing.
 */
export async function charge(db: Db, charge: Charge): Promise<ChargeOutcome | null> {
  const { userId, amount, free, reason, reference, createdAt } = charge;
  if (engineOf(db) !== 'postgres') {
    const freeMessage = free ? await takeFreeMessage(db, userId) : undefined;
    if (freeMessage) return { ...freeMessage, charged: 0 };
    const after = await addToBalance(db, userId, -amount);
    if (!after) return null;
    await insertLedgerRow(db, {
      user_id: userId,
      delta: -amount,
      balance_after: after.balance,
      reason,
      reference,
      created_at: createdAt,
    });
    return { ...after, charged: amount };
  }
  const steps = chargeSteps({ ...charge, reference: sql`${reference}`, skip: sql`false` });
  const { rows } = await sql<ChargeOutcome>`with ${steps.free}, ${steps.paid} ${steps.outcome}`.execute(db);
  return rows[0] ?? null;
}

/** What a charge written as steps of another statement leaves: the account after and what was taken. */
export type ChargeOutcome = AccountAfter & { charged: number };

/**
 * A charge as steps of a caller's own statement on PostgreSQL, for a payment that is one
 * round trip with what it pays for (a chat message): `free`, the CTE `credit_free` (a free message
 * taken, before the caller's steps: they may ask `exists (select 1 from credit_free)`); `paid`, the
 * CTEs `credit_paid` and `credit_ledger` (the amount off the balance with its ledger line, whose
 * reference the caller's steps give); `outcome`, a select of the account after and what was
 * taken, no row when neither reached. Nothing is taken while `skip` holds (the thing was paid for
 * before).
 */
export function chargeSteps(
  charge: Omit<Charge, 'reference'> & { reference: RawBuilder<string>; skip: RawBuilder<boolean> },
) {
  const { userId, amount, free, reason, reference, skip, createdAt } = charge;
  return {
    free: sql`credit_free as (
      update credit_accounts set free_messages = free_messages - 1
      where user_id = ${userId} and ${free}::boolean and free_messages > 0 and not ${skip}
      returning balance, free_messages
    )`,
    paid: sql`credit_paid as (
      update credit_accounts set balance = balance - ${amount}::int
      where user_id = ${userId} and balance >= ${amount}::int and ${amount}::int > 0
        and not exists (select 1 from credit_free) and not ${skip}
      returning balance, free_messages
    ), credit_ledger as (
      insert into credit_ledger (user_id, delta, balance_after, reason, reference, created_at)
      select ${userId}, -${amount}::int, balance, ${reason}, ${reference}, ${createdAt} from credit_paid
    )`,
    outcome: sql<ChargeOutcome>`
      select balance, free_messages, 0 as charged from credit_free
      union all
      select balance, free_messages, ${amount}::int as charged from credit_paid
      union all
      select balance, free_messages, 0 as charged from credit_accounts
      where user_id = ${userId} and ${amount}::int <= 0 and not exists (select 1 from credit_free)`,
  };
}

/** Adds to what the member owes (the account's row is locked by the caller). */
export async function addDebt(db: Db, userId: number, credits: number): Promise<void> {
  await db
    .updateTable('credit_accounts')
    .set({ debt: sql`debt + ${credits}` })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Pays what is owed out of the balance, as far as it reaches, in one statement (both sides read
 * the row as it was). Returns the balance after, or null when nothing was owed or nothing there.
 */
export async function payOffDebt(db: Db, userId: number): Promise<number | null> {
  const paid = sql`case when debt < balance then debt else balance end`;
  const row = await db
    .updateTable('credit_accounts')
    .set({ balance: sql`balance - ${paid}`, debt: sql`debt - ${paid}` })
    .where('user_id', '=', userId)
    .where('debt', '>', 0)
    .where('balance', '>', 0)
    .returning('balance')
    .executeTakeFirst();
  return row ? row.balance : null;
}

export async function findDebt(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('credit_accounts').select('debt').where('user_id', '=', userId).executeTakeFirst();
  return row?.debt ?? 0;
}

export async function insertLedgerRow(db: Db, row: Insertable<CreditLedgerTable>): Promise<void> {
  await db.insertInto('credit_ledger').values(row).execute();
}

/**
 * The balance, with the account's row locked until the transaction ends (on PostgreSQL; SQLite
 * runs one transaction at a time), so what is decided on it is still true when written.
 */
export async function lockBalance(db: Db, userId: number): Promise<number> {
  const query = db.selectFrom('credit_accounts').select('balance').where('user_id', '=', userId);
  const row = await (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row?.balance ?? 0;
}

export async function findFreeMessages(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_accounts')
    .select('free_messages')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.free_messages ?? 0;
}

export async function findAccount(db: Db, userId: number): Promise<AccountAfter> {
  const row = await db
    .selectFrom('credit_accounts')
    .select(['balance', 'free_messages'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { balance: 0, free_messages: 0 };
}

export async function findBalance(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('credit_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

/** A member's latest ledger lines, newest first. */
export function ledgerOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'delta', 'balance_after', 'reason', 'reference', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A page of a member's ledger lines after `afterId`, oldest first (their data export reads it all in pages). */
export function ledgerPageOf(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'delta', 'balance_after', 'reason', 'reference', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
