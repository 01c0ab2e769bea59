/**
 * Credits: an append-only ledger. The balance changes only in the transaction that
 * writes the ledger row, and never below zero. The service carries the prices too
 * (../prices/service.ts): callers ask `credits` for bundles and discount codes.
 */
import type { RawBuilder } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import { createPrices } from '../prices/service.js';
import * as queries from './queries.js';

export function createCreditsService(db: Db, clock: Clock, events: EventBus) {
  /** Adds delta with its ledger line; the account after, or null when the balance would drop below zero. */
  async function changeBalance(userId: number, delta: number, reason: string, reference: string | null, trx: Db) {
    const account = await queries.addToBalance(trx, userId, delta);
    if (account === null) return null;
    await queries.insertLedgerRow(trx, {
      user_id: userId,
      delta,
      balance_after: account.balance,
      reason,
      reference,
      created_at: clock.now().toISOString(),
    });
    return account;
  }

  /** What is owed, paid from a balance just raised; its ledger line says so. Null when nothing was owed. */
  async function payOffDebt(userId: number, balanceBefore: number, reference: string | null, trx: Db) {
    const balance = await queries.payOffDebt(trx, userId);
    if (balance === null) return null;
    await queries.insertLedgerRow(trx, {
      user_id: userId,
      delta: balance - balanceBefore,
      balance_after: balance,
      reason: 'debt',
      reference,
      created_at: clock.now().toISOString(),
    });
    return balance;
  }

  return {
    ...createPrices(db, clock, events),

    async openAccount(userId: number, freeMessages: number, trx: Db = db) {
      await queries.insertAccount(trx, userId, freeMessages);
    },

    /**
     * Pays for something in the caller's transaction: a free message when `free` allows one and
     * one is left, else `amount` credits. Returns the balance and free messages after, or null when
     * the credits do not reach.
     */
    async spend(
      userId: number,
      amount: number,
      reason: string,
      reference: string,
      trx: Db,
      { free = false }: { free?: boolean } = {},
    ): Promise<{ balance: number; freeMessages: number; charged: number } | null> {
      const createdAt = clock.now().toISOString();
      const after =
        amount <= 0
          ? { ...(await queries.findAccount(trx, userId)), charged: 0 }
          : await queries.charge(trx, { userId, amount, free, reason, reference, createdAt });
      return after && { balance: after.balance, freeMessages: after.free_messages, charged: after.charged };
    },

    /**
     * `spend` as steps of the caller's own statement on PostgreSQL (a chat message paid for in
     * the statement that stores it): see `chargeSteps`. `reference` and `skip` are the caller's SQL.
     */
    spendSteps(
      userId: number,
      amount: number,
      reason: string,
      { free, reference, skip }: { free: boolean; reference: RawBuilder<string>; skip: RawBuilder<boolean> },
    ) {
      return queries.chargeSteps({
        userId,
        amount,
        free,
        reason,
        reference,
        skip,
        createdAt: clock.now().toISOString(),
      });
    },

    /**
     * Adds credits, e.g. a purchase or the site's signup credits; what the member owes is paid
     * from them first. Part of the caller's transaction when given one.
     */
    async grant(userId: number, amount: number, reason: string, reference: string | null = null, trx?: Db) {
      if (amount <= 0) return queries.findBalance(trx ?? db, userId);
      const add = async (t: Db) => {
        const after = await changeBalance(userId, amount, reason, reference, t);
        return after === null ? null : ((await payOffDebt(userId, after.balance, reference, t)) ?? after.balance);
      };
      return trx ? add(trx) : db.transaction().execute(add);
    },

    /** The member's latest ledger lines, newest first (staff read them). */
    ledger: (userId: number, limit: number) => queries.ledgerOf(db, userId, limit),

    /**
     * A staff adjustment: adds credits (paying off debt first), or takes them when `amount` is
     * negative and the balance has them. Null when it does not.
     */
    async adjust(userId: number, amount: number, reference: string, trx: Db) {
      if (amount > 0) return this.grant(userId, amount, 'adjustment', reference, trx);
      return (await this.spend(userId, -amount, 'adjustment', reference, trx))?.balance ?? null;
    },

    /** A page of the member's ledger after line `afterId`, oldest first: their data export reads it in pages. */
    ledgerPage: (userId: number, afterId: number, limit: number) => queries.ledgerPageOf(db, userId, afterId, limit),

    balance(userId: number, trx: Db = db) {
      return queries.findBalance(trx, userId);
    },

    /** The free messages the member has left: a text message is free while there are. */
    freeMessages(userId: number, trx: Db = db): Promise<number> {
      return queries.findFreeMessages(trx, userId);
    },

    /**
     * Locks the member's account until the caller's transaction ends: what a payment decides on
     * the member's earlier purchases and balance is then decided one payment at a time.
     */
    async lockAccount(userId: number, trx: Db) {
      await queries.lockBalance(trx, userId);
    },

    /**
     * Takes back the `amount` credits of a refunded purchase: what is left of them, never more than
     * the balance, decided on the locked balance, so a spend queued on it goes first and what it
     * left is taken. The rest, spent already, is owed when `owe` says so. Returns both.
     */
    async takeBack(
      userId: number,
      amount: number,
      reference: string,
      trx: Db,
      { owe }: { owe: boolean },
    ): Promise<{ taken: number; owed: number }> {
      const taken = Math.min(amount, await queries.lockBalance(trx, userId));
      if (taken > 0) await changeBalance(userId, -taken, 'refund', reference, trx);
      const owed = owe ? amount - taken : 0;
      if (owed > 0) await queries.addDebt(trx, userId, owed);
      return { taken, owed };
    },

    /** Credits the member owes from refunded purchases. */
    debt(userId: number, trx: Db = db): Promise<number> {
      return queries.findDebt(trx, userId);
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
