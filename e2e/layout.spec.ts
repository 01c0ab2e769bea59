/// <reference lib="dom" />
/**
 * Two widths, one page header (docs/design-system.md): at 1280 px every page of the member app is
 * either the wide grid or the reading column, both centred on the window's middle, and its title
 * starts at the left edge of its content. One visitor, who becomes a member halfway, visits every
 * route of the web app but the staff's.
 */
import { WEB_PATHS } from '@amora/common';
import { expect, type Page, test } from '@playwright/test';
import { enterSite, finishSignupSteps, hostedProfiles, screenshot, signUpMember } from './support.js';

const WIDTH = 1280;

/** What a visitor opens before signing up: the account pages (a member is sent on from them). */
const VISITOR_PATHS: Record<string, string> = {
  '/login': '/login',
  '/signup': '/signup',
  '/reset-password': '/reset-password',
  '/reset-password/do': '/reset-password/do',
  '/activate/done': '/activate/done',
  '/activate/error': '/activate/error',
  '/mail-change/do': '/mail-change/do',
  '/sessions/end': '/sessions/end',
  // It ends the session: a visitor's page.
  '/account-deleted': '/account-deleted',
  '/unsubscribe': '/unsubscribe',
};

/** What the member opens: a sample address for each route (`profile` is a hosted profile's id). */
function memberPaths(profile: number): Record<string, string> {
  return {
    '/': '/',
    '/members': '/members',
    '/members/:id': `/members/${profile}`,
    '/likes/m/:id': `/likes/m/${profile}`,
    '/pages/:page': '/pages/terms',
    '/:token': '/faq',
    '/pricing': '/pricing',
    '/complaints': '/complaints',
    '/appeal/:token': '/appeal/no-such-appeal',
    '/lang-config': '/lang-config',
    '/notifications': '/notifications',
    '/notifications/delete-account': '/notifications/delete-account',
    '/chats': '/chats',
    '/chats/:id': '/chats/999999',
    '/members/:id/chat': `/members/${profile}/chat`,
    '/likes': '/likes',
    '/likes/:type': '/likes/given',
    '/swipe-game': '/swipe-game',
    '/match-finder': '/match-finder',
    '/profile': '/profile',
    '/signup-matches': '/signup-matches',
    '/credits': '/credits',
    '/premium': '/premium',
    '/credits/repeat-order': '/credits/repeat-order',
    '/directdebit': '/directdebit',
    '/credits/:id/:paymentmethod?': '/credits/1',
    '/transactions': '/transactions',
    '/transactions/:id': '/transactions/999999',
  };
}

/** Routes that are no page of the member app: the back office, and the payment provider's stand-in. */
const NOT_MEMBER_APP = (path: string) => path.startsWith('/staff') || path.startsWith('/sandbox/');
/** A profile's name sits on its photo (issue 51, item 6 redesigns that page): its width counts, not its title's x. */
const NAME_ON_PHOTO = new Set(['/members/:id', '/likes/m/:id']);

interface Measure {
  titleX: number;
  contentX: number;
  contentWidth: number;
  /** Children of the page that reach past its content's edges. */
  outside: string[];
}

/** The page's h1 and the content box of the container it sits in. */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const title = document.querySelector('main h1') as HTMLElement;
    const column = title.closest('.container') as HTMLElement;
    const box = column.getBoundingClientRect();
    const style = getComputedStyle(column);
    const left = box.left + Number.parseFloat(style.paddingLeft);
    const right = box.right - Number.parseFloat(style.paddingRight);
    // A Bootstrap row reaches into the gutters by design: its columns' content lines up.
    const outside = (Array.from(column.children) as HTMLElement[])
      .filter((child) => !child.classList.contains('row'))
      .filter((child) => {
        const childBox = child.getBoundingClientRect();
        return childBox.width > 0 && (childBox.left < left - 0.5 || childBox.right > right + 0.5);
      })
      .map((child) => `${child.tagName.toLowerCase()}.${child.className}`);
    return {
      titleX: Math.round(title.getBoundingClientRect().left),
      contentX: Math.round(left),
      contentWidth: Math.round(right - left),
      outside,
    };
  });
}

test('every member page is the wide grid or the reading column, its title at its content’s left edge @wide', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: WIDTH, height: 800 });
  const measures = new Map<string, Measure>();
  const visit = async (route: string, path: string) => {
    await page.goto(path);
    await expect(page.locator('main h1').first(), `${route} (${path}) has a title`).toBeVisible();
    measures.set(route, await measure(page));
    await screenshot(page, testInfo, `layout${path.replaceAll('/', '-')}`);
  };

  await enterSite(page, '/login');
  for (const [route, path] of Object.entries(VISITOR_PATHS)) await visit(route, path);
  const [profile] = await hostedProfiles(page, 1);
  await signUpMember(page, 'Lieselotte', { activate: true });
  // The signup's last step is a page only until the profile is complete.
  await visit('/complete-signup', '/complete-signup');
  await finishSignupSteps(page);
  const member = memberPaths(profile?.id ?? 0);
  for (const [route, path] of Object.entries(member)) await visit(route, path);

  // Every route of the app has a sample here: a new page joins the check.
  const routes = WEB_PATHS.filter((path) => !NOT_MEMBER_APP(path));
  expect(routes.filter((route) => !measures.has(route))).toEqual([]);

  const problems: string[] = [];
  for (const [route, { titleX, contentX, contentWidth, outside }] of measures) {
    if (!NAME_ON_PHOTO.has(route) && titleX !== contentX) {
      problems.push(`${route}: title at ${titleX}, content at ${contentX}`);
    }
    if (Math.abs(contentX + contentWidth / 2 - WIDTH / 2) > 1) problems.push(`${route}: not centred`);
    if (outside.length > 0) problems.push(`${route}: ${outside.join(', ')} outside the content`);
  }
  const measured = JSON.stringify(Object.fromEntries(measures));
  expect(problems, measured).toEqual([]);
  const byWidth = new Map<number, Set<number>>();
  for (const [route, { titleX, contentWidth }] of measures) {
    if (!byWidth.has(contentWidth)) byWidth.set(contentWidth, new Set());
    if (!NAME_ON_PHOTO.has(route)) byWidth.get(contentWidth)?.add(titleX);
  }
  const widths = Object.fromEntries([...byWidth].map(([width, xs]) => [width, [...xs]]));
  // The wide grid is the top bar's content (1116 px), the reading column 720 px; one title x each.
  expect(widths, measured).toEqual({ 1116: [82], 720: [280] });
});
