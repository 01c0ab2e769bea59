/**
 * Where a member is logged in (issue 36): logged in on a second device, the member sees both in
 * settings, this one marked, logs the other out, and the other device is at the login next time.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { CLIENT, enterSite, expectAccessible, screenshot, uniqueEmail } from './support.js';

const t = catalogue('en');
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PASSWORD = 'a-good-password-1';

test('a member sees where they are logged in and logs another device out', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail('devices');
  await enterSite(page, '/');
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name: 'Devi', password: PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);

  // The same member on an iPhone: a browser of its own, logged in through the login page.
  const iphone = await (await browser.newContext({ userAgent: IPHONE_SAFARI })).newPage();
  await enterSite(iphone, '/login');
  await iphone.getByLabel(t('fields.email'), { exact: true }).fill(email);
  await iphone.getByLabel(t('fields.password'), { exact: true }).fill(PASSWORD);
  await iphone.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(iphone).not.toHaveURL(/\/login/);
  await iphone.goto('/notifications');
  await expect(iphone.getByRole('heading', { name: t('settings.title') })).toBeVisible();

  await page.goto('/notifications');
  const section = page.locator('#sessions');
  await section.getByText(t('settings.sessions.title'), { exact: true }).click();
  await expect(section.getByText(t('settings.sessions.count', { count: '2' }))).toBeVisible();
  const sessions = section.getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(section.getByText(t('settings.sessions.thisDevice'), { exact: true })).toHaveCount(1);
  await expect(sessions.first()).toContainText(t('settings.sessions.thisDevice'));
  const iphoneName = t('settings.sessions.browserOn', { browser: 'Safari', system: 'iPhone' });
  await expect(sessions.nth(1)).toContainText(iphoneName);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'sessions-01-two-devices');

  // Logging out all others asks first; cancelling keeps both.
  await section.getByRole('button', { name: t('settings.sessions.endOthers') }).click();
  const dialog = page.getByRole('dialog', { name: t('settings.sessions.confirmTitle') });
  await expect(dialog).toContainText(t('settings.sessions.confirmText', { count: '1' }));
  // The dialog has faded in before it is pictured.
  await dialog.evaluate((element) =>
    Promise.all(element.ownerDocument.getAnimations().map((animation) => animation.finished)),
  );
  await screenshot(page, testInfo, 'sessions-02-confirm');
  await dialog.getByRole('button', { name: t('settings.sessions.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(sessions).toHaveCount(2);

  await section.getByRole('button', { name: t('settings.sessions.endOne', { device: iphoneName }) }).click();
  await expect(sessions).toHaveCount(1);
  await expect(section.getByText(t('settings.sessions.count', { count: '1' }))).toBeVisible();
  await expect(section.getByText(t('settings.sessions.onlyHere'))).toBeVisible();
  await expect(section.getByRole('button', { name: t('settings.sessions.endOthers') })).toHaveCount(0);
  await screenshot(page, testInfo, 'sessions-03-one-device');

  // The iPhone is logged out: its next page asks it to log in.
  await iphone.goto('/notifications');
  await expect(iphone).toHaveURL(/\/login/);
  await expect(iphone.getByRole('button', { name: t('login.submit'), exact: true })).toBeVisible();
  await iphone.context().close();
});
