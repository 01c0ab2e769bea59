/** The installable app: a manifest Chromium accepts, and the offline page when the network is gone. */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, screenshot } from './support.js';

test('Chromium can install the app, and offline a page shows the offline page in the visitor’s language', async ({
  page,
}, testInfo) => {
  await enterSite(page, '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Chromium's own verdict on the manifest, icons and service worker.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's browser contexts are incognito windows, where Chromium installs nothing; nothing else stands in the way.
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(manifestErrors).toEqual([]);

  await page.getByRole('button', { name: catalogue('en')('nav.language') }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The worker controls the page once it has claimed it; a reload makes sure of it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await page.context().setOffline(true);
  await page.goto('/members').catch(() => undefined);
  const de = catalogue('de');
  await expect(page.getByRole('heading', { name: de('offline.title') })).toBeVisible();
  await expect(page.getByText(de('offline.body'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'offline');

  await page.context().setOffline(false);
  await page.getByRole('button', { name: de('offline.retry') }).click();
  await expect(page.getByRole('heading', { name: de('offline.title') })).toBeHidden();
});
