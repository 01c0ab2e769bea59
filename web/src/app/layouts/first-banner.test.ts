import { describe, expect, it } from 'vitest';
import { firstBanner } from './first-banner';

describe('firstBanner', () => {
  it('shows the first banner that shows, however many more do', () => {
    expect(firstBanner(['activation', 'time bonus', 'photo'])).toBe('activation');
  });

  it('passes over the banners that do not show', () => {
    expect(firstBanner([null, null, 'photo', 'mail off'])).toBe('photo');
  });

  it('shows nothing while a banner before the first that shows is not known yet', () => {
    expect(firstBanner([null, undefined, 'photo'])).toBeNull();
  });

  it('does not wait for banners after the one that shows', () => {
    expect(firstBanner(['activation', undefined])).toBe('activation');
  });

  it('shows nothing when no banner shows', () => {
    expect(firstBanner([null, null, null, null])).toBeNull();
  });
});
