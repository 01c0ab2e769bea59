import { type DiscountCode, discountedPrice } from '@amora/common';
import type { Bundle } from './api';

/** Whether a discount applies to a bundle, as the server will decide it. */
export function discountApplies(discount: DiscountCode | null | undefined, bundle: Bundle): discount is DiscountCode {
  if (!discount || discount.expired) return false;
  if (discount.currency && discount.currency !== bundle.currency) return false;
  return bundle.price >= discount.minimum_order_value;
}

/** What the member pays for a bundle with the discount, computed as the server computes it. */
export function priceWith(discount: DiscountCode | null | undefined, bundle: Bundle): number {
  return discountApplies(discount, bundle) ? discountedPrice(bundle.price, discount.value_percentage) : bundle.price;
}

const perCredit = (bundle: Bundle) => bundle.price / bundle.credits;

/** The bundle whose credits cost least, of two or more that are not the trial package. */
export function bestValueOf(bundles: Bundle[]): Bundle | undefined {
  const regular = bundles.filter((bundle) => !bundle.trial);
  if (regular.length < 2) return undefined;
  return regular.reduce((best, bundle) => (perCredit(bundle) < perCredit(best) ? bundle : best));
}

/** How much less a credit costs in this bundle than in the dearest regular one, in whole percent. */
export function savingOf(bundle: Bundle, bundles: Bundle[]): number {
  if (bundle.trial) return 0;
  const dearest = Math.max(...bundles.filter((b) => !b.trial).map(perCredit));
  return Math.floor((1 - perCredit(bundle) / dearest) * 100);
}
