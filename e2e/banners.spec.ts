/**
 * The default layout's banners (SPEC §2) for a member who just signed up: one at a time, the
 * activation reminder before the time bonus before the photo alert; each shows under its
 * conditions, stays away from the pages the spec keeps it from, and stays closed once closed.
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
  /** The one banner showing (none when null): the others wait for it. */
  const expectOnly = async (shown: Locator | null) => {
    if (shown) await expect(shown).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const banner of [activation, photo, timeBonus]) if (banner !== shown) await expect(banner).toHaveCount(0);
  };

  // In the members area all three are due: the activation reminder comes first.
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

  // Closed once, closed for good; the next due takes its place.
  await activation.getByRole('button', { name: t('common.close') }).click();
  await expectOnly(null);
  await page.goto('/members');
  await expectOnly(timeBonus);
  await screenshot(page, testInfo, 'banners-time-bonus');
  await timeBonus.getByRole('button', { name: t('common.close') }).click();
  await expectOnly(photo);
  await photo.getByRole('button', { name: t('members:gallery.close') }).click();
  await expectOnly(null);
  await page.reload();
  await expectOnly(null);
});
