import fs from 'node:fs';
import { WEB_PATHS } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { routePages } from './page-scripts';

describe("the page scripts' routes", () => {
  it("reads every address the server answers with the app, each with its page's module", () => {
    const routes = routePages(fs.readFileSync('web/src/app/router.tsx', 'utf8'));
    expect(routes.map(([route]) => route).sort()).toEqual([...WEB_PATHS].sort());
    for (const [, module] of routes) expect(fs.existsSync(`${module}.tsx`)).toBe(true);
  });

  it('refuses a router it cannot read whole, rather than leave a page out', () => {
    const source =
      "{ path: '/a', ...page(() => import('../pages/A')) },\n{ path: `/b`, ...page(() => import('../pages/B')) }";
    expect(() => routePages(source)).toThrow('2 pages, but 1 read');
  });
});
