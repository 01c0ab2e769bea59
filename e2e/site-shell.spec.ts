/** What every visitor meets: the entry warning, languages, footer pages, errors and the demo member. */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, latestMail, screenshot, uniqueEmail } from './support.js';

const en = catalogue('en');
const de = catalogue('de');

test('the entry warning is shown once and remembered after closing', async ({ page }, testInfo) => {
  await page.goto('/');
  const warning = page.getByRole('dialog', { name: en('entry.title') });
  await expect(warning).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'entry-warning');
  await warning.getByRole('button', { name: en('entry.enter') }).click();
  await expect(warning).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: en('home.heroTitle') })).toBeVisible();
  await expect(warning).toHaveCount(0);
});

test('the entry warning lets a visitor read the terms, privacy and cookie pages first', async ({ page, isMobile }) => {
  await page.goto('/');
  const warning = page.getByRole('dialog', { name: en('entry.title') });
  await expect(warning).toBeVisible();
  if (isMobile) {
    // A sheet from the bottom of the screen, where the thumb is.
    const bottom = async () => {
      const box = await warning.boundingBox();
      return Math.round((box?.y ?? 0) + (box?.height ?? 0));
    };
    await expect.poll(bottom).toBe(page.viewportSize()?.height);
  }
  await warning.getByRole('link', { name: 'terms', exact: true }).click();
  await expect(page.getByRole('heading', { name: en('pages:terms.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const slug of ['privacy', 'cookies']) {
    await page.goto(`/pages/${slug}`);
    await expect(page.getByRole('heading', { name: en(`pages:${slug}.title`), level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // Not closed, so it is back on any other page.
  await page.goto('/members');
  await expect(warning).toBeVisible();
});

test('the entry warning stays away from the password reset pages', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: en('reset.title') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a chosen language is kept after a reload and shown in the footer pages', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await page.getByRole('button', { name: en('nav.language') }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('home.heroTitle'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('home.heroTitle'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.getByRole('link', { name: de('pages:service.title') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('pages:service.title'));
  await expect(page.getByText('Amora Media B.V.').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'static-page-de');
});

test('an unknown page answers 404 and shows the not-found page with a way home', async ({ page }, testInfo) => {
  expect((await page.request.get('/no/such/page')).status()).toBe(404);
  expect((await page.request.get('/pages/terms')).status()).toBe(200);
  await enterSite(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: en('errors:not_found') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'not-found');
  await page.getByRole('link', { name: en('errorPage.home') }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** The home page's faces: a photo each, and never a member's account such as the demo member's. */
async function expectShowcase(page: Page) {
  const faces = page.locator('.profile-card');
  await expect(faces).toHaveCount(6);
  await expect(faces.locator('img.profile-card-photo')).toHaveCount(6);
  await expect(faces.filter({ hasText: /\bDemo\b|\bSam\b/ })).toHaveCount(0);
}

test('the demo member from the README can log in and out', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await expectShowcase(page);
  await page.goto('/login');
  await page.getByLabel(en('fields.email'), { exact: true }).fill('demo@amora.test');
  await page.getByLabel(en('fields.password'), { exact: true }).fill('amora-demo-2026');
  await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { name: en('home.welcome', { name: 'Demo' }) })).toBeVisible();
  await expect(page.getByText(en('activation.title'))).toHaveCount(0);
  // A complete profile with photos: no wall asking the newcomer to finish it first.
  await expect(page.getByText(en('members:photoAlert.body'))).toHaveCount(0);
  await expectShowcase(page);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'demo-member-home');
  await page.getByRole('button', { name: 'Demo' }).click();
  await page.getByRole('button', { name: en('nav.logout') }).click();
  await expect(
    page.getByRole('navigation', { name: en('nav.label') }).getByRole('link', { name: en('nav.login') }),
  ).toBeVisible();
});

test('a visitor who opens settings logs in first and comes back to them', async ({ page }) => {
  await enterSite(page, '/notifications');
  await expect(page).toHaveURL(/\/login\?next=%2Fnotifications$/);
  await expect(page.getByRole('heading', { name: en('login.title') })).toBeVisible();
  await page.getByLabel(en('fields.email'), { exact: true }).fill('demo@amora.test');
  await page.getByLabel(en('fields.password'), { exact: true }).fill('amora-demo-2026');
  await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: en('settings.title'), level: 1 })).toBeVisible();
});

test('a used or broken activation link ends on the activation error page', async ({ page }, testInfo) => {
  await enterSite(page, '/api/activate.php?token=not-a-real-token');
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByRole('heading', { name: en('errors:activation_failed') })).toBeVisible();
  await expect(page.getByText(en('activate.error'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'activate-error');
  await page
    .getByRole('link', { name: en('nav.login') })
    .last()
    .click();
  await expect(page.getByRole('heading', { name: en('login.title') })).toBeVisible();
});

test('a visitor files a complaint from the footer and gets its number by mail', async ({ page }, testInfo) => {
  await enterSite(page, '/pricing');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: en('footer.complaints') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('complaints.title'));
  await page.getByRole('button', { name: en('complaints.submit') }).click();
  await expect(page.getByText(en('errors:field.required')).first()).toBeVisible();

  const email = uniqueEmail('complaint');
  await page.getByLabel(en('complaints.name')).fill('Eva de Vries');
  await page.getByLabel(en('complaints.email')).fill(email);
  await page.getByLabel(en('complaints.category')).selectOption({ label: en('complaints.categories.technical') });
  await page.getByLabel(en('complaints.message')).fill('The photo upload stops halfway\non my phone.');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'complaint-form');
  await page.getByRole('button', { name: en('complaints.submit') }).click();

  await expect(page.getByRole('heading', { name: en('complaints.doneTitle') })).toBeVisible();
  const number = (await page.getByText(/\d+/).filter({ hasText: email }).textContent())?.match(/\d+/)?.[0] ?? '';
  await screenshot(page, testInfo, 'complaint-filed');
  await latestMail(page.request, email, en('mail:complaint.subject', { number }));
});

test('the language page lists the languages and switches to the chosen one', async ({ page }, testInfo) => {
  await enterSite(page, '/lang-config');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('langConfig.title'));
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'lang-config');
  await page.getByRole('button', { name: 'Italiano' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogue('it')('home.heroTitle'));
});
