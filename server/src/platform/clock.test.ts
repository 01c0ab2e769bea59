import { describe, expect, it } from 'vitest';
import { startOfDayIn, startOfNextDayIn } from './clock.js';

describe('local days of a site', () => {
  it('starts the day at local midnight, in winter and in summer', () => {
    expect(startOfDayIn('Europe/Amsterdam', new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-01-14T23:00:00.000Z',
    );
    expect(startOfDayIn('Europe/Amsterdam', new Date('2026-07-15T10:00:00Z')).toISOString()).toBe(
      '2026-07-14T22:00:00.000Z',
    );
  });

  it('counts late evening UTC as the next local day east of UTC', () => {
    expect(startOfDayIn('Europe/Helsinki', new Date('2026-07-15T22:30:00Z')).toISOString()).toBe(
      '2026-07-15T21:00:00.000Z',
    );
  });

  it('finds the next midnight across a daylight-saving change', () => {
    // Clocks go forward in the night of 28 to 29 March 2026 in the Netherlands: a 23-hour day.
    expect(startOfNextDayIn('Europe/Amsterdam', new Date('2026-03-29T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(startOfDayIn('Europe/Amsterdam', new Date('2026-03-29T12:00:00Z')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    // And back in the night of 24 to 25 October: a 25-hour day.
    expect(startOfNextDayIn('Europe/Amsterdam', new Date('2026-10-25T12:00:00Z')).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });
});
