/**
 * The default layout's banners (SPEC §2, issue 51) for a member who just signed up: one slot, one
 * banner at a time in order of priority (activation, photo, the time bonus last); each shows under
 * its conditions, stays away from the pages the spec keeps it from, and stays closed once closed.
 */
import { expect, type Locator, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, screenshot, signUpMember } from './support.js';

const t = catalogue('en');

test('a new member’s banners show where they belong and stay closed once closed', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Jet', { activate: false });
  const activation = page.getByRole('alert').filter({ hasText: t('activation.title') });
  const photo = page.getByRole('alert').filter({ hasText: t('members:photoAlert.body') });
  const timeBonus = page.getByRole('alert').filter({ hasText: t('credits:timeBonus.offer', { percentage: '25' }) });
  /** The banners showing (none when empty): the others wait. */
  const expectOnly = async (...shown: Locator[]) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const banner of shown) await expect(banner).toBeVisible();
    for (const banner of [activation, photo, timeBonus])
      if (!shown.includes(banner)) await expect(banner).toHaveCount(0);
  };

  // In the members area all three are due: only the activation reminder shows, the others wait.
  await page.goto('/members');
  await expectOnly(activation);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'banners-new-member');

  // Settings: no activation reminder and no time bonus (not the members area); the photo alert shows.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: t('settings.title') })).toBeVisible();
  await expectOnly(photo);
  // The profile, where photos are added: no photo alert, nor the time bonus; the activation reminder.
  await page.goto('/profile');
  await expectOnly(activation);

  // Closed, closed for this visit; the next due takes its place, one at a time.
  await activation.getByRole('button', { name: t('common.close') }).click();
  await expectOnly();
  await page.goto('/members');
  await expectOnly(photo);
  await photo.getByRole('button', { name: t('members:gallery.close') }).click();
  await expectOnly(timeBonus);
  await screenshot(page, testInfo, 'banners-time-bonus');
  await timeBonus.getByRole('button', { name: t('common.close') }).click();
  await expectOnly();
  await page.reload();
  await expectOnly();
});
