import { describe, expect, it } from 'vitest';
import { backButtonOn } from './back-on';

describe('the back button of the installed app', () => {
  it('shows on a bundle /credits links to, with or without its payment method', () => {
    expect(backButtonOn('/credits/3')).toBe(true);
    expect(backButtonOn('/credits/3/ideal')).toBe(true);
    expect(backButtonOn('/credits')).toBe(true);
    expect(backButtonOn('/members/12')).toBe(true);
  });

  it('does not show on the screens of the bottom navigation', () => {
    expect(backButtonOn('/members')).toBe(false);
    expect(backButtonOn('/chats')).toBe(false);
    expect(backButtonOn('/')).toBe(false);
  });
});
