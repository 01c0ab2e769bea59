import { describe, expect, it } from 'vitest';
import { decimalToMinor, discountedPrice, discountOff, minorToDecimal, vatIncluded } from './money.js';

describe('money in minor units', () => {
  it('takes a percentage off rounded half up, once, so the member never pays the odd cent', () => {
    expect(discountOff(999, 25)).toBe(250);
    expect(discountedPrice(999, 25)).toBe(749);
    expect(discountedPrice(2499, 50)).toBe(1249);
    expect(discountedPrice(2499, 25)).toBe(1874);
    expect(discountedPrice(9900, 30)).toBe(6930);
    expect(discountedPrice(1, 50)).toBe(0);
    expect(discountedPrice(999, 0)).toBe(999);
    // Every price and percentage: what is paid plus what is taken off is the price, and the
    // discount is the exact share rounded half up.
    for (let price = 0; price <= 3000; price += 7) {
      for (const percentage of [1, 10, 15, 25, 33, 50, 99]) {
        const off = discountOff(price, percentage);
        expect(off + discountedPrice(price, percentage)).toBe(price);
        expect(Math.abs(off - (price * percentage) / 100)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('refuses amounts that are not whole minor units and percentages outside 0 to 100', () => {
    expect(() => discountOff(9.99, 25)).toThrow(RangeError);
    expect(() => discountOff(-1, 25)).toThrow(RangeError);
    expect(() => discountOff(999, 101)).toThrow(RangeError);
    expect(() => discountOff(999, 2.5)).toThrow(RangeError);
  });

  it('finds the VAT inside a gross amount at a rate in basis points', () => {
    expect(vatIncluded(2499, 2100)).toBe(434);
    expect(vatIncluded(749, 2100)).toBe(130);
    expect(vatIncluded(12100, 2100)).toBe(2100);
    expect(vatIncluded(12550, 2550)).toBe(2550);
    expect(vatIncluded(0, 2100)).toBe(0);
  });

  it('writes and reads decimal amounts without floating point', () => {
    expect(minorToDecimal(999)).toBe('9.99');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(100000)).toBe('1000.00');
    expect(minorToDecimal(-250)).toBe('-2.50');
    expect(decimalToMinor('9.99')).toBe(999);
    expect(decimalToMinor('10.5')).toBe(1050);
    expect(decimalToMinor('3')).toBe(300);
    expect(decimalToMinor('0.07')).toBe(7);
    expect(() => decimalToMinor('9.999')).toThrow(RangeError);
    expect(() => decimalToMinor('1e3')).toThrow(RangeError);
    for (let minor = 0; minor < 20000; minor += 13) expect(decimalToMinor(minorToDecimal(minor))).toBe(minor);
  });
});
