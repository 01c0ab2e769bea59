/**
 * The back office on a phone: for each role the bar fits the screen, with nothing cut or off it,
 * and every page the role may use opens from the bar or from More's sheet, which also holds who is
 * signed in (their whole name), the language and Log out. Phone only (@phone). And on a tablet,
 * where the bar has every desk, an admin's dozen show without scrolling (@wide).
 */
import type { StaffRole } from '@amora/common';
import { expect, type Page, test } from '@playwright/test';
import { addStaffByCommand, openStaffPage, signInStaff, staffPageLinks, staffSheet } from './staff.js';
import { screenshot } from './support.js';

const PHONE_WIDTH = 390;

/** Each role's pages, in the order the back office lists them, and where each opens. */
const PAGES_OF: Record<StaffRole, [name: string, path: string][]> = {
  operator: [
    ['Inbox', '/staff/inbox'],
    ['Profiles', '/staff/profiles'],
    ['Sessions', '/staff/sessions'],
  ],
  moderator: [
    ['Photos', '/staff/photos'],
    ['Reports', '/staff/cases'],
    ['Members', '/staff/members'],
    ['Sessions', '/staff/sessions'],
  ],
  admin: [
    ['Dashboard', '/staff/dashboard'],
    ['Inbox', '/staff/inbox'],
    ['Profiles', '/staff/profiles'],
    ['Photos', '/staff/photos'],
    ['Reports', '/staff/cases'],
    ['Members', '/staff/members'],
    ['Payments', '/staff/payments'],
    ['Prices', '/staff/bundles'],
    ['Codes', '/staff/discounts'],
    ['Sites', '/staff/sites'],
    ['Team', '/staff/team'],
    ['Log', '/staff/log'],
    ['Sessions', '/staff/sessions'],
  ],
};

/** What of the bar leaves the screen or is cut short: boxes outside it, texts wider than their box. */
async function expectBarFits(page: Page) {
  const measured = await page.locator('.staff-bar').evaluate((bar) => {
    const shown = [bar, ...Array.from(bar.querySelectorAll('*'))].filter((el) => el.getBoundingClientRect().width > 0);
    return {
      pageWidth: document.documentElement.scrollWidth,
      outside: shown
        .filter((el) => el.getBoundingClientRect().left < 0 || el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => el.outerHTML.slice(0, 80)),
      cut: shown.filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    };
  });
  expect(measured.pageWidth).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(measured.outside).toEqual([]);
  expect(measured.cut).toEqual([]);
}

for (const role of ['operator', 'moderator', 'admin'] as const) {
  test(`${role}: the back office fits a phone, every page of the role a tap or two away @phone`, async ({
    page,
  }, testInfo) => {
    test.slow();
    const name = `Alexandra Vandenberghe-Oosterhuis ${role}`;
    await signInStaff(page, addStaffByCommand(role, name));
    await expectBarFits(page);
    await screenshot(page, testInfo, `staff-bar-${role}`);

    // More's sheet lists every page, and who is signed in, whole; the language and Log out.
    await expect(await staffPageLinks(page)).toHaveText(PAGES_OF[role].map(([page]) => page));
    const sheet = staffSheet(page);
    await expect(sheet.getByRole('heading', { name: new RegExp(`^${name} \\(`) })).toBeVisible();
    await expect(sheet.getByLabel('Language of your back office')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Log out' })).toBeVisible();
    await screenshot(page, testInfo, `staff-sheet-${role}`);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    for (const [pageName, path] of PAGES_OF[role]) {
      await openStaffPage(page, pageName);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectBarFits(page);
    }
  });
}

test('admin: on a tablet every desk shows in the bar, none scrolled out of sight @wide', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInStaff(page, addStaffByCommand('admin', 'Alexandra Vandenberghe-Oosterhuis tablet'));
  const desks = page.locator('.staff-nav a');
  await expect(desks).toHaveText(PAGES_OF.admin.map(([name]) => name));
  for (const desk of await desks.all()) {
    const box = await desk.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 1024, await desk.innerText()).toBe(true);
  }
});
