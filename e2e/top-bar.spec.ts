/// <reference lib="dom" />
/**
 * The top bar holds at every width from a small phone to a wide desktop: the logo keeps its size,
 * no two items overlap, no label wraps or is cut, nothing leaves the screen (the pages' own widths:
 * layout.spec.ts).
 */

import { LOCALE_COOKIE } from '@amora/common';
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { checkout, chooseBundle, enterSite, hostedProfiles, screenshot, signUpMember } from './support.js';

const t = catalogue('en');
const WIDTHS = [320, 360, 390, 768, 1024, 1280, 1440, 1920];
const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];

interface BarMeasure {
  logo: { width: number; height: number };
  problems: string[];
}

/** Measures the top bar as it is drawn now: the logo's size, and what overlaps, wraps, is cut or overflows. */
function measureTopBar(page: Page): Promise<BarMeasure> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.top-bar') as HTMLElement;
    const inner = bar.querySelector('.top-bar-inner') as HTMLElement;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && !element.closest('.visually-hidden');
    };
    // The bar's items: its children, and the places of a navigation that sits inside the bar (not the
    // phone's tab bar, fixed at the bottom of the screen).
    const items: HTMLElement[] = [];
    for (const child of Array.from(inner.children) as HTMLElement[]) {
      if (child.tagName === 'NAV') {
        if (getComputedStyle(child).position === 'fixed') continue;
        items.push(...(Array.from(child.children) as HTMLElement[]).filter(shown));
      } else if (shown(child)) items.push(child);
    }
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 20)}"`;
    const boxes = items.map((item) => item.getBoundingClientRect());
    for (let a = 0; a < items.length; a++) {
      for (let b = a + 1; b < items.length; b++) {
        const [one, two] = [boxes[a], boxes[b]];
        const overlap =
          Math.min(one.right, two.right) - Math.max(one.left, two.left) > 0.5 &&
          Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top) > 0.5;
        if (overlap) problems.push(`${name(items[a])} overlaps ${name(items[b])}`);
      }
    }
    const width = document.documentElement.clientWidth;
    for (const [index, box] of boxes.entries()) {
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`${name(items[index])} leaves the screen`);
    }
    if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways');
    // Every visible text of the bar is one line, and nothing of it is cut off.
    const walker = document.createTreeWalker(inner, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement as HTMLElement;
      if (!node.textContent?.trim() || !shown(parent)) continue;
      if (getComputedStyle(parent.closest('nav') ?? parent).position === 'fixed') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
      if (tops.size > 1) problems.push(`"${node.textContent.trim()}" wraps`);
      if (parent.scrollWidth > parent.clientWidth + 1 && getComputedStyle(parent).display !== 'inline') {
        problems.push(`"${node.textContent.trim()}" is cut`);
      }
    }
    const logo = (bar.querySelector('.logo-mark') as Element).getBoundingClientRect();
    return { logo: { width: logo.width, height: logo.height }, problems };
  });
}

/** At each width: the same logo, and no problem in the bar. */
async function expectTopBarHolds(page: Page, label: string, shot?: (width: number) => Promise<void>) {
  const logos = new Set<string>();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('banner')).toBeVisible();
    const { logo, problems } = await measureTopBar(page);
    expect.soft(problems, `${label} at ${width} px`).toEqual([]);
    logos.add(`${logo.width}×${logo.height}`);
    await shot?.(width);
  }
  expect([...logos], `${label}: the logo's size at every width`).toHaveLength(1);
}

test('the top bar holds from 320 to 1920 px for a visitor and a member', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await enterSite(page, '/');
  // A hosted profile: the demo's own member is a test account, which no visitor sees.
  const [profile] = await hostedProfiles(page, 1);
  const profilePath = `/members/${profile?.id}`;
  await page.goto(profilePath);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectTopBarHolds(page, 'a visitor on a profile');
  await page.goto('/');
  await expectTopBarHolds(page, 'a visitor at home');

  await signUpMember(page, 'Maximiliane-Josephine', { activate: true });
  for (const path of [profilePath, '/profile', '/credits']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTopBarHolds(page, `a member on ${path}`, async (width) => {
      if (path !== '/profile') return;
      const clip = { x: 0, y: 0, width, height: 240 };
      await page.screenshot({ path: `e2e/screenshots/${testInfo.project.name}/top-bar-${width}.png`, clip });
    });
  }
  // The top bar's name search is an icon that opens the search where the bar has no room for a box.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  await page.getByRole('button', { name: t('nav.searchBox') }).click();
  const box = page.getByRole('searchbox', { name: t('nav.searchBox') });
  await expect(box).toBeFocused();
  await box.fill('Ma');
  await box.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Ma');
  await screenshot(page, testInfo, 'top-bar-member-search');
});

test("a visitor's top bar holds in every language, the call to join shortened on a phone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await enterSite(page, '/');
  for (const locale of LOCALES) {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL as string }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectTopBarHolds(page, `a visitor in ${locale}`);
    // Shortened or not, the link is named by the whole call to join.
    await expect(page.getByRole('banner').getByRole('link', { name: catalogue(locale)('nav.join') })).toBeVisible();
  }
});

test('a new member sees the signup credits; a premium member sees premium without typing an address', async ({
  page,
}, testInfo) => {
  await signUpMember(page, 'Wilma', { activate: true });
  await page.goto('/profile');
  const bar = page.getByRole('banner');
  // The 20 signup credits beside the way to premium.
  await expect(bar.getByRole('link', { name: t('credits:balance', { count: '20' }) })).toBeVisible();
  await expect(bar.getByRole('link', { name: t('credits:getPremium') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('credits:premium.youArePremium') })).toHaveCount(0);

  await chooseBundle(page, 50);
  await checkout(page, 'paid');
  await page.goto('/profile');
  await expect(bar.getByRole('link', { name: t('credits:getPremium') })).toHaveCount(0);
  // The mark on My profile, in the action colour's text shade (pink is for likes), leads to what premium unlocks.
  const mark = page.getByRole('main').getByRole('link', { name: t('credits:premium.youArePremium') });
  await expect(mark).toHaveCSS('color', 'rgb(10, 106, 100)');
  await screenshot(page, testInfo, 'premium-profile');
  // The top bar's avatar carries the mark; the account menu names it and leads to /premium.
  const account = bar.getByRole('button', { name: `Wilma, ${t('credits:premium.premium')}` });
  await expect(account.locator('.premium-mark')).toBeVisible();
  await account.click();
  await screenshot(page, testInfo, 'premium-account-menu');
  await bar.getByRole('link', { name: t('credits:premium.youArePremium') }).click();
  await expect(page).toHaveURL(/\/premium$/);
  await expect(page.getByRole('heading', { level: 1, name: t('credits:premium.youArePremium') })).toBeVisible();
});
