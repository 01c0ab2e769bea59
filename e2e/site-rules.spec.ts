/**
 * What a site allows its visitors, and where a signup leads: the demo's members-only site (Dutch,
 * liefdevol.localhost) lets visitors search and sign up only when they came with a traffic source;
 * a signup from a login prompt carries on where the visitor was going.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  chooseDateOfBirth,
  enterSite,
  expectAccessible,
  hostedProfiles,
  membersOnly,
  screenshot,
  uniqueEmail,
} from './support.js';

const en = catalogue('en');
const nl = catalogue('nl');

async function fillSignup(page: Page | Locator, t: ReturnType<typeof catalogue>, name: string) {
  // The login page, which also asks for an email address, stays on screen until the signup page's
  // code has loaded: the name field is the signup form's own.
  const nameField = page.getByLabel(t('fields.name'), { exact: true });
  await expect(nameField).toBeVisible();
  await page.getByLabel(t('fields.email'), { exact: true }).fill(uniqueEmail(name.toLowerCase()));
  await nameField.fill(name);
  await page.getByLabel(t('fields.password'), { exact: true }).fill('a-good-password-1');
  await chooseDateOfBirth(
    page,
    { day: t('fields.day'), month: t('fields.month'), year: t('fields.year') },
    '1990-04-12',
  );
}

test('a members-only site keeps its search and signup from visitors without a traffic source', async ({
  page,
}, testInfo) => {
  await enterSite(page, membersOnly('/'));
  await expect(page.getByRole('button', { name: nl('nav.searchBox') })).toHaveCount(0);

  await page.goto(membersOnly('/members'));
  await expect(page.getByText(nl('errors:search_login_required'))).toBeVisible();
  await page.goto(membersOnly('/signup'));
  await expect(page.getByText(nl('errors:signup_closed'))).toBeVisible();
  await expect(page.getByLabel(nl('fields.email'), { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'members-only-signup-closed');
});

test('a visitor who came with a traffic source searches and signs up on a members-only site', async ({
  page,
  isMobile,
}, testInfo) => {
  await enterSite(page, membersOnly('/?network=partner&sub1=summer'));
  if (!isMobile) await expect(page.getByRole('button', { name: nl('nav.searchBox') })).toBeVisible();

  await page.goto(membersOnly('/members'));
  const firstPhoto = page
    .getByRole('list', { name: nl('members:search.results') })
    .locator('img')
    .first();
  await expect(firstPhoto).toBeVisible();
  await expect.poll(() => firstPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, testInfo, 'members-only-search');

  await page.goto(membersOnly('/signup'));
  await fillSignup(page, nl, `Lotte${Date.now().toString(36).slice(-4)}`);
  const signup = page.waitForRequest((request) => request.url().endsWith('/api/signup.php'));
  await page.getByRole('button', { name: nl('nav.join') }).click();
  expect((await signup).postDataJSON().tracking).toEqual({ network: 'partner', sub1: 'summer' });
  await expect(page.getByRole('heading', { name: nl('members:complete.title') })).toBeVisible();
  await screenshot(page, testInfo, 'members-only-signed-up');
});

test('signing up in the dialog of a login prompt keeps the new member on the profile', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  const [profile] = await hostedProfiles(page, 1);
  await page.goto(`/members/${profile.id}`);
  await page.getByRole('button', { name: en('nav.join') }).click();
  const dialog = page.getByRole('dialog', { name: en('signup.title') });
  await expect(dialog).toBeVisible();
  await fillSignup(dialog, en, `Sanne${Date.now().toString(36).slice(-4)}`);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'signup-dialog');
  await dialog.getByRole('button', { name: en('nav.join') }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/members/${profile.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  await expect(page.getByRole('button', { name: en('nav.join') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: en('nav.swipe') })).toBeVisible();
});

test('signing up from the login page carries on, after the profile, where the visitor was going', async ({
  page,
  isMobile,
}, testInfo) => {
  test.setTimeout(90_000);
  await enterSite(page, '/');
  const [profile] = await hostedProfiles(page, 1);
  await page.goto(`/login?next=/members/${profile.id}`);
  await page.getByRole('link', { name: en('login.noAccount') }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  await fillSignup(page, en, `Sanne${Date.now().toString(36).slice(-4)}`);
  await page.getByRole('button', { name: en('nav.join') }).click();

  if (isMobile) {
    const reminder = page.getByRole('dialog', { name: en('activation.title') });
    await reminder.getByRole('button', { name: en('common.close') }).click();
    await expect(reminder).toBeHidden();
  }
  // The profile comes first; every step skipped, the new member is back at that profile.
  for (let step = 1; step <= 5; step++) {
    await expect(
      page.getByText(en('members:complete.progress', { step: String(step), total: '5' })).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: en('members:complete.skip') }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/members/${profile.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  await screenshot(page, testInfo, 'signup-next-profile');
});
