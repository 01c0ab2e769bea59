/**
 * Notifications: a member chooses per type what comes by email and by push, and the choice holds;
 * an unsubscribe link from a mail stops mail, and the alert that says so turns it back on.
 * The push prompt has its own journeys: push-prompt.spec.ts.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  admirer,
  emailOf,
  enterSite,
  expectAccessible,
  expectTapTargets,
  latestMail,
  otherPerson,
  screenshot,
  signUpMember,
} from './support.js';

const t = catalogue('en');

interface DevMail {
  subject: string;
  text: string;
  html: string;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<DevMail[]> {
  const response = await request.get(`/api/dev/mails.php?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { mails: DevMail[] }).mails;
}

const choice = (page: Page, type: string, channel: 'mail' | 'push') =>
  page.getByRole('switch', {
    name: t('notifications:choices.switch', {
      type: t(`notifications:types.${type}.label`),
      channel: t(`notifications:channels.${channel}`),
    }),
  });

test('a member chooses what comes by email and push, and the choice holds', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  await enterSite(page, '/');
  const profileId = await signUpMember(page, 'Charlotte', { activate: true });
  const email = await emailOf(page.request);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: t('notifications:choices.title') })).toBeVisible();

  const messagesByMail = choice(page, 'new_conversations', 'mail');
  await expect(messagesByMail).toBeChecked();
  await messagesByMail.click();
  await expect(page.getByText(t('notifications:choices.saved'))).toBeVisible();
  // Marketing waits for the member's consent (EU opt-in): off by mail and push until turned on.
  for (const channel of ['mail', 'push'] as const) await expect(choice(page, 'news', channel)).not.toBeChecked();
  await expect(choice(page, 'promotions', 'mail')).not.toBeChecked();
  await choice(page, 'promotions', 'push').click();
  await expect(choice(page, 'promotions', 'push')).toBeChecked();
  await expectAccessible(page);
  if (isMobile) await expectTapTargets(page);
  await screenshot(page, testInfo, 'notifications-choices');

  await page.reload();
  await expect(choice(page, 'new_conversations', 'mail')).not.toBeChecked();
  await expect(choice(page, 'promotions', 'push')).toBeChecked();
  await expect(choice(page, 'like', 'mail')).toBeChecked();
  // Away from the site, the member gets mail about what they asked for only.
  await page.goto('about:blank');

  const other = await otherPerson(browser);
  await admirer(other, 'Dirk', profileId, 'Hoi Charlotte!');
  await latestMail(page.request, email, t('mail:likes.subject', { liker: 'Dirk', count: '1' }));
  const subjects = (await mailsTo(page.request, email)).map((mail) => mail.subject);
  expect(subjects).not.toContain(t('mail:messages.subject', { sender: 'Dirk', count: '1' }));
});

test('an unsubscribe link stops mail, and the alert turns it back on', async ({ page, browser }, testInfo) => {
  await enterSite(page, '/');
  const profileId = await signUpMember(page, 'Emma', { activate: true });
  const email = await emailOf(page.request);
  await page.goto('about:blank');
  await admirer(await otherPerson(browser), 'Floris', profileId);
  const mail = await latestMail(page.request, email, t('mail:likes.subject', { liker: 'Floris', count: '1' }));

  // The mail reads well on a phone: nothing wider than the screen.
  const [stored] = (await mailsTo(page.request, email)).filter((each) => each.subject === mail.subject);
  const reader = await otherPerson(browser);
  await reader.setViewportSize({ width: 360, height: 740 });
  await reader.setContent(stored.html);
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(reader, testInfo, 'notification-mail');

  const unsubscribe = mail.text.match(/https?:\/\/\S+\/unsubscribe\?\S+/)?.[0] as string;
  const url = new URL(unsubscribe);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: t('notifications:unsubscribe.title') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'unsubscribe');
  await page.getByRole('button', { name: t('notifications:unsubscribe.submit') }).click();
  await expect(
    page.getByText(t('notifications:unsubscribe.done', { email: `${email[0]}•••@example.test` })),
  ).toBeVisible();

  // A forged link is refused.
  await page.goto(`/unsubscribe?u=1&s=${'x'.repeat(32)}`);
  await expect(page.getByText(t('errors:unsubscribe_link_invalid'))).toBeVisible();

  // One banner at a time: the photo alert, still due, comes first; the mail alert after it, before the offer.
  await page.goto('/members');
  const alert = page.locator('.mail-off-alert');
  const photoAlert = page.getByRole('alert').filter({ hasText: t('members:photoAlert.body') });
  await expect(photoAlert).toBeVisible();
  await expect(alert).toHaveCount(0);
  await photoAlert.getByRole('button', { name: t('members:gallery.close') }).click();
  await expect(alert).toContainText(t('notifications:mailOff.title'));
  await expect(alert).toContainText(t('notifications:mailOff.reasons.list_unsubscribe'));
  await expectAccessible(page);
  await screenshot(page, testInfo, 'mail-off-alert');
  // Closed, it stays closed for this reason; the way back is still there.
  await alert.getByRole('button', { name: t('common.close') }).click();
  await expect(alert).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(alert).toBeHidden();
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('amora.mail-off-dismissed')) localStorage.removeItem(key);
  });
  await page.reload();
  await alert.getByRole('button', { name: t('notifications:mailOff.turnOn') }).click();
  await expect(alert).toBeHidden();
  await page.reload();
  await expect(page.getByText(t('notifications:mailOff.title'))).toBeHidden();
});
