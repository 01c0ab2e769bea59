/**
 * A login from a new device (issue 36): the member gets a mail naming the device, and its link,
 * opened where they read their mail, logs that device out without logging in there.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { CLIENT, enterSite, expectAccessible, latestMail, linkIn, screenshot, uniqueEmail } from './support.js';

const t = catalogue('en');
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const PASSWORD = 'a-good-password-1';

test('a login from a new device is mailed, and its link logs that device out', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail('new-device');
  await enterSite(page, '/');
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name: 'Nova', password: PASSWORD, date_of_birth: '1991-06-03' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);

  const stranger = await browser.newContext({ userAgent: MAC_FIREFOX });
  const login = await stranger.request.post('/api/user.php', { headers: CLIENT, data: { email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);

  const mail = await latestMail(page.request, email, t('mail:new_device.subject', { site: 'Amora' }));
  const device = t('settings.sessions.browserOn', { browser: 'Firefox', system: 'macOS' });
  expect(mail.text).toContain(device);

  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: t('sessionEnd.title') })).toBeVisible();
  await expect(page.getByText(device)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'new-device-01-was-this-you');

  await page.getByRole('button', { name: t('sessionEnd.button') }).click();
  await expect(page.getByRole('heading', { name: t('sessionEnd.done') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('sessionEnd.newPassword') })).toHaveAttribute(
    'href',
    '/reset-password',
  );
  await screenshot(page, testInfo, 'new-device-02-logged-out');

  const after = await stranger.request.get('/api/user.php');
  expect((await after.json()).user).toBeNull();
  await stranger.close();
});
