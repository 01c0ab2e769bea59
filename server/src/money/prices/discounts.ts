/**
 * Discount codes: whether a member may use one now, and for what. The rules live here; whether a
 * code is still free to use is decided by the database when a payment holds it (service.ts: holdDiscount).
 */
import { type DiscountCode, type PaymentMethod, TIME_BONUS_SECONDS, WELCOME_DISCOUNT_DAYS } from '@amora/common';
import { accountActor, authorize } from '../../access/authorize.js';
import { addDays, addMinutes } from '../../platform/clock.js';
import type { DiscountCodeRow } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';

export interface DiscountMember {
  userId: number;
  paid: boolean;
  signupDate: string;
}

/** What a code is checked against: the member's payment country, and the bundle (and method) once chosen. */
export interface DiscountTarget {
  country: string;
  currency?: string;
  price?: number;
  method?: PaymentMethod;
}

/** Until when a new member's offer (welcome or time bonus) runs; null for an ordinary code. */
function offerEnd(row: DiscountCodeRow, member: DiscountMember): Date | null {
  const signup = new Date(member.signupDate);
  if (row.kind === 'time_bonus') return addMinutes(signup, TIME_BONUS_SECONDS / 60);
  if (row.kind === 'welcome') return addDays(signup, WELCOME_DISCOUNT_DAYS);
  return null;
}

/** When the code stops: its own date or the end of the member's offer, whichever is first. */
function expiryOf(row: DiscountCodeRow, member: DiscountMember): Date | null {
  const dates = [row.expires ? new Date(row.expires) : null, offerEnd(row, member)].filter(
    (date): date is Date => date !== null,
  );
  return dates.length === 0 ? null : new Date(Math.min(...dates.map((date) => date.getTime())));
}

export function presentDiscount(row: DiscountCodeRow, member: DiscountMember, now: Date): DiscountCode {
  const expires = expiryOf(row, member);
  return {
    code: row.code,
    kind: row.kind,
    country: row.country,
    user_id: row.user_id,
    expires: expires?.toISOString() ?? null,
    value_percentage: row.value_percentage,
    currency: row.currency as DiscountCode['currency'],
    minimum_order_value: row.minimum_order_value,
    status: row.status,
    validity: row.validity,
    expired: expires !== null && expires <= now,
    paymentmethods: row.paymentmethods ? (JSON.parse(row.paymentmethods) as PaymentMethod[]) : null,
  };
}

/**
 * Refuses a code the member may not use now, with the reason the member is shown: another
 * member's code or an inactive one is not found; new members' offers are for unpaid members only.
 */
export function assertUsable(
  row: DiscountCodeRow | undefined,
  member: DiscountMember,
  now: Date,
  target?: DiscountTarget,
): asserts row is DiscountCodeRow {
  if (row?.status !== 'active') throw new DomainError('discount_not_found');
  authorize(accountActor(member.userId), 'discount.use', { ownerUserId: row.user_id });
  if (isNewMemberOffer(row) && member.paid) throw new DomainError('discount_used');
  const expires = expiryOf(row, member);
  if (expires !== null && expires <= now) throw new DomainError('discount_expired');
  if (!target) return;
  const otherCurrency = row.currency && target.currency && row.currency !== target.currency;
  if ((row.country && row.country !== target.country) || otherCurrency) throw new DomainError('discount_country');
  if (target.price !== undefined && target.price < row.minimum_order_value) {
    throw new DomainError('discount_minimum_order', {
      minimum_order_value: row.minimum_order_value,
      currency: target.currency ?? row.currency ?? '',
    });
  }
  const methods = row.paymentmethods ? (JSON.parse(row.paymentmethods) as string[]) : null;
  if (target.method && methods && !methods.includes(target.method)) throw new DomainError('discount_method');
}

const isNewMemberOffer = (row: Pick<DiscountCodeRow, 'kind'>) => row.kind === 'welcome' || row.kind === 'time_bonus';

/**
 * What a payment holds while it uses the code: a member's one new member's offer (either kind),
 * the code (single use), the code and member, or nothing shared.
 */
export function redemptionScope(row: DiscountCodeRow, userId: number, paymentId: number): string {
  if (isNewMemberOffer(row)) return `new-member:u${userId}`;
  if (row.validity === 'once') return `${row.id}`;
  if (row.validity === 'once_per_user') return `${row.id}:u${userId}`;
  return `${row.id}:p${paymentId}`;
}
