import { safeNext } from '../../shared/next-path';

/**
 * Where a member was when they ran short of credits (a conversation, with its draft kept): the
 * receipt of the purchase they then made leads back there. Kept in the tab's session storage,
 * as the checkout leaves the site and comes back.
 */
const PENDING = 'amora.carryOn';
const ofPayment = (transactionId: number) => `${PENDING}.${transactionId}`;

function attempt<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    // Storage refused (private mode, full): the receipt offers the members' search instead.
    return otherwise;
  }
}

/** /credits?next=…: where to carry on once credits are bought. */
export function rememberCarryOn(path: string | null) {
  const safe = safeNext(path, '');
  if (safe) attempt(() => sessionStorage.setItem(PENDING, safe), undefined);
}

/** A payment started: the place to carry on at goes with it. */
export function carryOnWith(transactionId: number) {
  attempt(() => {
    const path = sessionStorage.getItem(PENDING);
    if (path === null) return;
    sessionStorage.setItem(ofPayment(transactionId), path);
    sessionStorage.removeItem(PENDING);
  }, undefined);
}

/** Where the member carries on after this payment, if they came from somewhere to buy. */
export function carryOnAfter(transactionId: number): string | null {
  return attempt(() => safeNext(sessionStorage.getItem(ofPayment(transactionId)), '') || null, null);
}
