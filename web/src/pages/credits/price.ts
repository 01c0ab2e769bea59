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
