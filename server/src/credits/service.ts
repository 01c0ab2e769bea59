/**
 * Credits: an append-only ledger. The balance changes only in the transaction that
 * writes the ledger row, and never below zero.
 */
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import * as queries from './queries.js';

export function createCreditsService(db: Db, clock: Clock) {
  async function changeBalance(userId: number, delta: number, reason: string, reference: string | null, trx: Db) {
    const balance = await queries.addToBalance(trx, userId, delta);
    if (balance === null) return null;
    await queries.insertLedgerRow(trx, {
      user_id: userId,
      delta,
      balance_after: balance,
      reason,
      reference,
      created_at: clock.now().toISOString(),
    });
    return balance;
  }

  return {
    async openAccount(userId: number, freeMessages: number, trx: Db = db) {
      await queries.insertAccount(trx, userId, freeMessages);
    },

    /**
     * Pays for something in the caller's transaction: a free message when `free` allows one and
     * one is left, else `amount` credits. Returns the balance, or null when the credits do not reach.
     */
    async spend(
      userId: number,
      amount: number,
      reason: string,
      reference: string,
      trx: Db,
      { free = false }: { free?: boolean } = {},
    ): Promise<{ balance: number; charged: number } | null> {
      if (amount <= 0 || (free && (await queries.takeFreeMessage(trx, userId)))) {
        return { balance: await queries.findBalance(trx, userId), charged: 0 };
      }
      const balance = await changeBalance(userId, -amount, reason, reference, trx);
      return balance === null ? null : { balance, charged: amount };
    },

    /** Adds credits, e.g. the site's signup credits; part of the caller's transaction when given one. */
    async grant(userId: number, amount: number, reason: string, reference: string | null = null, trx?: Db) {
      if (amount <= 0) return queries.findBalance(trx ?? db, userId);
      if (trx) return changeBalance(userId, amount, reason, reference, trx);
      return db.transaction().execute((t) => changeBalance(userId, amount, reason, reference, t));
    },

    balance(userId: number, trx: Db = db) {
      return queries.findBalance(trx, userId);
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
