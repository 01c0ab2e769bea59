/**
 * The one counted sign-in, members' and staff's: each attempt at an address is counted before its
 * secret is checked, so attempts sent at once each get a number of their own and only the first
 * LOGIN_MAX_FAILURES after a success or a block are checked at all; the last of those failing
 * blocks the address for LOGIN_BLOCK_MINUTES, whatever addresses the attempts came from.
 */
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '@amora/common';
import { addMinutes, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { DomainError } from '../../platform/errors.js';
import type { SignInKey } from './sign-in-queries.js';
import * as signInQueries from './sign-in-queries.js';

/** What sign-ins tell the operators' metrics: each refusal, and each account locked by failures. */
export interface SignInReport {
  refused(reason: 'wrong_secret' | 'locked'): void;
  locked(): void;
}

export interface SignInRefusals {
  /** A wrong secret, below the limit. */
  failure: () => DomainError;
  /** The address is blocked until then. */
  blocked: (until: string, now: Date) => DomainError;
  /** The address has just become blocked by this failure: once per block. */
  onBlocked?: () => Promise<void>;
}

export function createCountedSignIn({ db, clock, signIns }: { db: Db; clock: Clock; signIns: SignInReport }) {
  /** `check` answers the account when the secret holds, else null; its answer once it holds. */
  return async function countedSignIn<T>(
    key: SignInKey,
    check: () => Promise<T | null>,
    refusals: SignInRefusals,
  ): Promise<T> {
    const now = clock.now();
    const attempt = await signInQueries.countLoginAttempt(db, key, now.toISOString());
    const block = async () =>
      refusals.blocked(
        await signInQueries.blockLogins(db, key, addMinutes(now, LOGIN_BLOCK_MINUTES).toISOString()),
        now,
      );
    if (attempt.blockedUntil && new Date(attempt.blockedUntil) > now) {
      signIns.refused('locked');
      throw refusals.blocked(attempt.blockedUntil, now);
    }
    // Attempts sent at once beyond the limit are refused unchecked: a burst tries no more secrets.
    if (attempt.number > LOGIN_MAX_FAILURES) {
      signIns.refused('locked');
      throw await block();
    }
    const account = await check();
    if (account === null) {
      signIns.refused('wrong_secret');
      if (attempt.number < LOGIN_MAX_FAILURES) throw refusals.failure();
      signIns.locked();
      const refusal = await block();
      await refusals.onBlocked?.();
      throw refusal;
    }
    await signInQueries.clearLoginFailures(db, key);
    return account;
  };
}
