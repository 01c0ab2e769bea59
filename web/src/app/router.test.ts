import fs from 'node:fs';
import { isWebPath, WEB_PATHS } from '@amora/common';
import { describe, expect, it } from 'vitest';

const routerSource = fs.readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');

describe('the web paths the server knows', () => {
  it('are the paths of the router, no more and no fewer', () => {
    const routed = [...routerSource.matchAll(/path: '([^']+)'/g)]
      .map(([, path]) => path)
      .filter((path) => path !== '*');
    expect(new Set(routed)).toEqual(new Set(WEB_PATHS));
    expect(routed).toHaveLength(WEB_PATHS.length);
  });
});

describe('isWebPath', () => {
  it.each([
    '/',
    '/members',
    '/members/',
    '/members/42',
    '/members/42/chat',
    '/likes/received',
    '/credits/3',
    '/credits/3/ideal',
    '/pages/terms',
    '/pages/return-policy',
    '/terms',
    '/return-policy/',
    '/staff/conversations/9',
  ])('knows %s', (path) => {
    expect(isWebPath(path)).toBe(true);
  });

  it.each([
    '/nothing-here',
    '/secret',
    '/terms/more',
    '/members/42/chat/more',
    '/pages/secret',
    '/pages',
    '/credits/3/ideal/extra',
    '/%E0%A4%A',
    '/wp-login.php',
  ])('does not know %s', (path) => {
    expect(isWebPath(path)).toBe(false);
  });
});
