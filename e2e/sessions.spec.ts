/**
 * A member's control of their data and account (issue 36). Logged in on a second device, the member
 * sees both in settings, this one marked, and logs the other out: its live socket closes and it is
 * at the login next time. Having written a message and added a photo, they ask for a copy of their
 * data, are told in the app and by mail when it is ready, and download the ZIP with both in it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { unzip } from '../server/test/zip.js';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import {
  animationsEnded,
  CLIENT,
  enterSite,
  expectAccessible,
  expectTapTargets,
  hostedProfiles,
  latestMail,
  linkIn,
  screenshot,
  uniqueEmail,
} from './support.js';

const t = catalogue('en');
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PASSWORD = 'a-good-password-1';

test('a member logs another device out, then downloads a copy of their data', async ({ page, browser }, testInfo) => {
  // Two journeys in one, with two browsers and a background job: longer than most on a loaded machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('devices');
  await enterSite(page, '/');
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name: 'Devi', password: PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  await page.request.get(linkIn(await latestMail(page.request, email, t('mail:activate.subject', { site: 'Amora' }))));

  // The same member on an iPhone: a browser of its own, logged in through the login page.
  const iphone = await (await browser.newContext({ userAgent: IPHONE_SAFARI })).newPage();
  const iphoneSocketClosed = new Promise<void>((resolve) => {
    iphone.on('websocket', (socket) => socket.on('close', () => resolve()));
  });
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
  await animationsEnded(page);
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

  // The iPhone's open app hears at once: its live socket closes. Its next page asks it to log in.
  await iphoneSocketClosed;
  await iphone.goto('/notifications');
  await expect(iphone).toHaveURL(/\/login/);
  await expect(iphone.getByRole('button', { name: t('login.submit'), exact: true })).toBeVisible();
  await iphone.context().close();

  // Download my data: a message written and a photo added are in the copy.
  const photo = await page.request.post('/api/photos.php', {
    headers: CLIENT,
    multipart: { file: await photoFile('devi.jpg', '#2e86c1') },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  const [hosted] = await hostedProfiles(page, 1);
  const text = `Hello ${hosted?.name}, how was your weekend?`;
  const sent = await page.request.post('/api/chat.php', {
    headers: CLIENT,
    data: { client_id: randomUUID(), profile_id: hosted?.id, text },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  const data = page.locator('#export');
  await data.getByText(t('settings.export.title'), { exact: true }).click();
  await expect(data.getByText(t('settings.export.intro'))).toBeVisible();
  await screenshot(page, testInfo, 'sessions-04-data-request');
  await data.getByRole('button', { name: t('settings.export.request') }).click();
  // The open app is told when it is ready: the notice, and the section's download.
  const notice = page.getByRole('status').filter({ hasText: t('settings.export.notice') });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice.getByRole('link', { name: t('settings.export.noticeLink') })).toBeVisible();
  await screenshot(page, testInfo, 'sessions-05-data-ready-notice');
  const downloadLink = data.getByRole('link', { name: t('settings.export.download') });
  await expect(downloadLink).toBeVisible();
  await expect(data.getByText(t('settings.export.ready'), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectTapTargets(page);
  await screenshot(page, testInfo, 'sessions-06-data-ready');

  const mail = await latestMail(page.request, email, t('mail:export_ready.subject', { site: 'Amora' }));
  expect(mail.text).toContain('/notifications#export');
  expect(linkIn(mail)).toBe('/notifications');

  // The ZIP, fetched with the page's cookies, holds the message and the photo.
  const zip = await page.request.get((await downloadLink.getAttribute('href')) ?? '');
  expect(zip.ok()).toBe(true);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const entries = await unzip(await zip.body());
  const conversations = JSON.parse(entries.get('conversations.json')?.toString() ?? '[]') as {
    messages: { text: string | null }[];
  }[];
  expect(conversations.flatMap((conversation) => conversation.messages.map((message) => message.text))).toContain(text);
  const photos = JSON.parse(entries.get('photos.json')?.toString() ?? '[]') as { file: string }[];
  expect(photos).toHaveLength(1);
  expect(
    entries
      .get(photos[0]?.file ?? '')
      ?.subarray(8, 12)
      .toString(),
  ).toBe('WEBP');
  expect(entries.get('README.txt')?.toString()).toContain(t('export:title', { site: 'Amora' }));
});
