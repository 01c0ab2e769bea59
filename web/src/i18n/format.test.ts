import { describe, expect, it } from 'vitest';
import { datePartOrder } from '../shared/forms/DateOfBirthField';
import { formatDate, formatNumber, formatTime, regionalLocale } from './format';

const noon = new Date(Date.UTC(2026, 10, 26, 12, 0));

describe('dates follow the visitor’s region', () => {
  it("takes the browser's locale with its region when it speaks the page's language", () => {
    expect(regionalLocale('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(regionalLocale('de', ['en-US', 'de-AT', 'de'])).toBe('de-AT');
    expect(regionalLocale('fr', ['fr-BE'])).toBe('fr-BE');
    expect(regionalLocale('nl', ['de-DE', 'en-GB'])).toBe('nl');
    expect(regionalLocale('en', ['en'])).toBe('en');
  });

  it('writes a UK date day first and its time on the 24-hour clock', () => {
    const uk = regionalLocale('en', ['en-GB']);
    expect(formatDate(noon, uk)).toBe('26 November 2026');
    expect(formatTime(new Date(2026, 10, 26, 0, 5), uk)).toBe('00:05');
    expect(formatTime(new Date(2026, 10, 26, 0, 5), 'en-US')).toMatch(/^12:05\sAM$/);
  });

  it.each([
    ['en-GB', ['day', 'month', 'year']],
    ['en-US', ['month', 'day', 'year']],
    ['de-AT', ['day', 'month', 'year']],
    ['fr-BE', ['day', 'month', 'year']],
    ['nl-BE', ['day', 'month', 'year']],
    ['pl-PL', ['day', 'month', 'year']],
    ['sv-SE', ['day', 'month', 'year']],
  ])('asks a date of birth in %s as %j', (locale, order) => {
    expect(datePartOrder(locale)).toEqual(order);
  });
});

describe('counts as the language writes numbers', () => {
  it.each([
    ['en', '1,000'],
    ['nl', '1.000'],
    ['de', '1.000'],
    ['sv', '1\u00a0000'],
  ])('writes 1000 credits in %s as %s', (locale, written) => {
    expect(formatNumber(1000, locale)).toBe(written);
  });
});
