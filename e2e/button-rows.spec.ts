/**
 * Buttons side by side keep apart (8 px at least) at any width, and what sits on a photo tile of My
 * profile (its "Profile photo" badge, its … menu button) neither overlaps nor is cut short.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import { crowdedControls, enterSite, screenshot, signUpMember } from './support.js';

const t = catalogue('en');

test('buttons in a row keep apart, and a photo tile’s badge and menu button do not meet', async ({
  page,
}, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Rosalie', { activate: true });

  await page.goto('/profile');
  await page.getByLabel(t('members:photos.upload')).setInputFiles(await photoFile('rosalie.jpg', '#8e44ad'));
  await expect(page.getByText(t('members:photos.count', { count: '1', limit: '3' }))).toBeVisible();
  const tile = page.getByRole('list', { name: t('members:profile.photos') }).locator('li:has(img)');
  const badge = tile.getByText(t('members:photos.main'), { exact: true });
  await expect(badge).toBeVisible();
  await expect(tile.getByRole('button', { name: t('members:photos.menu', { number: '1' }) })).toBeVisible();
  expect(await crowdedControls(page, '.photo-slots')).toEqual([]);
  // The badge says all of "Profile photo", not a word cut short.
  expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await screenshot(page, testInfo, 'button-rows-photo-tile');

  // With no conversation yet, Messages offers two ways on; the time bonus banner's button and its close
  // (the member has a photo and is active: the offer has the banner slot).
  await page.goto('/chats');
  const emptyState = page.locator('.empty-state');
  await expect(emptyState.getByRole('link', { name: t('chat:list.findMembers') })).toBeVisible();
  await expect(emptyState.getByRole('link', { name: t('chat:list.matches') })).toBeVisible();
  expect(await crowdedControls(page, '.empty-state')).toEqual([]);
  const banner = page.getByRole('alert').filter({ hasText: t('credits:timeBonus.action') });
  await expect(banner.getByRole('button', { name: t('common.close') })).toBeVisible();
  expect(await crowdedControls(page, '.time-bonus')).toEqual([]);
  await screenshot(page, testInfo, 'button-rows-chats');
});
