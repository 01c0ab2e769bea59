import { describe, expect, it } from 'vitest';
import { hasEveryText, pageLocales } from './app-page.js';

describe("a page's languages", () => {
  const dutch = { nav: { members: 'Leden', likes: 'Likes' }, title: 'Welkom' };

  it('finds every text of the fallback, however deep', () => {
    expect(hasEveryText({ nav: { members: 'Members', likes: 'Likes', extra: 'x' }, title: 'Welcome' }, dutch)).toBe(
      true,
    );
  });

  it('misses a text that is absent, empty or a branch where the fallback has a text', () => {
    expect(hasEveryText({ nav: { members: 'Members' }, title: 'Welcome' }, dutch)).toBe(false);
    expect(hasEveryText({ nav: { members: 'Members', likes: '' }, title: 'Welcome' }, dutch)).toBe(false);
    expect(hasEveryText({ nav: { members: 'Members', likes: 'Likes' }, title: { text: 'Welcome' } }, dutch)).toBe(
      false,
    );
    expect(hasEveryText({ nav: 'Menu', title: 'Welcome' }, dutch)).toBe(false);
  });

  it('bring the fallback along only for a language that misses a text', () => {
    expect(pageLocales('de', { complete: true })).toEqual(['de']);
    expect(pageLocales('de', { complete: false })).toEqual(['de', 'nl']);
    expect(pageLocales('nl', { complete: false })).toEqual(['nl']);
  });
});
