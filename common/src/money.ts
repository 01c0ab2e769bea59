/**
 * Money: integers in minor units (cents) with a currency. Every sum, discount and tax of a
 * payment is computed here, in integers, so server and web agree to the cent.
 */

/** The currencies the sites charge in; every one has two decimals. */
export const CURRENCIES = ['EUR', 'GBP', 'PLN', 'DKK', 'SEK', 'NOK'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** n × numerator / denominator, rounded half up, for non-negative integers. */
function shareRoundedHalfUp(n: number, numerator: number, denominator: number): number {
  return Math.floor((2 * n * numerator + denominator) / (2 * denominator));
}

/**
 * What a percentage discount takes off a price: rounded half up once, here, so the member
 * never pays the odd cent (999 at 25% takes 250 off, not 249).
 */
export function discountOff(price: number, percentage: number): number {
  if (!Number.isInteger(price) || price < 0) throw new RangeError(`price ${price} is not whole minor units`);
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100) {
    throw new RangeError(`percentage ${percentage} is not 0 to 100`);
  }
  return shareRoundedHalfUp(price, percentage, 100);
}

/** The price after a percentage discount. */
export function discountedPrice(price: number, percentage: number): number {
  return price - discountOff(price, percentage);
}

/** The VAT inside a gross amount at a rate in basis points (2100 is 21%), rounded half up. */
export function vatIncluded(gross: number, rateBasisPoints: number): number {
  return shareRoundedHalfUp(gross, rateBasisPoints, 10_000 + rateBasisPoints);
}

/** Minor units as a decimal string with two places ("9.99"), e.g. for a provider's API; no floats. */
export function minorToDecimal(minor: number): string {
  if (!Number.isInteger(minor)) throw new RangeError(`${minor} is not whole minor units`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A decimal string with up to two places ("9.99", "10", "0.5") as minor units; no floats. */
export function decimalToMinor(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`"${decimal}" is not an amount`);
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -minor : minor;
}
