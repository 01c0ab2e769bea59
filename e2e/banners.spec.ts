/**
 * The default layout's banners (SPEC §2) for a member who just signed up: each shows under its
 * conditions, stays away from the pages the spec keeps it from, and stays closed once closed.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, screenshot, signUpMember } from './support.js';

const t = catalogue('en');

test('a new member’s banners show where they belong and stay closed once closed', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Jet', { activate: false });
  const activation = page.getByRole('alert').filter({ hasText: t('activation.title') });
  const photo = page.getByRole('alert').filter({ hasText: t('members:photoAlert.body') });
  const timeBonus = page.getByText(t('credits:timeBonus.offer', { percentage: '25' }));

  // In the members area: all three.
  await page.goto('/members');
  await expect(activation).toBeVisible();
  await expect(photo).toBeVisible();
  await expect(timeBonus).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'banners-new-member');

  // Settings: no activation reminder and no time bonus (not the members area); the photo alert stays.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: t('settings.title') })).toBeVisible();
  await expect(activation).toHaveCount(0);
  await expect(timeBonus).toHaveCount(0);
  await expect(photo).toBeVisible();
  // The profile, where photos are added: no photo alert.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(photo).toHaveCount(0);
  await expect(activation).toBeVisible();

  // Closed once, closed for good.
  await activation.getByRole('button', { name: t('common.close') }).click();
  await expect(activation).toHaveCount(0);
  await page.goto('/members');
  await photo.getByRole('button', { name: t('members:gallery.close') }).click();
  await expect(photo).toHaveCount(0);
  await page.reload();
  await expect(timeBonus).toBeVisible();
  await expect(activation).toHaveCount(0);
  await expect(photo).toHaveCount(0);
});
