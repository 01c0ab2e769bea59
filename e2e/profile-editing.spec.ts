/** A member edits the profile at /profile: photos, details, place, about me, and invisible mode. */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import {
  enterSite,
  expectAccessible,
  expectTapTargets,
  latestMail,
  linkIn,
  screenshot,
  uniqueEmail,
} from './support.js';

const t = catalogue('en');
const CLIENT = { 'x-request-type': 'client' };

test('a member edits every part of the profile and can go invisible', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const name = `Olaf${Date.now().toString(36).slice(-4)}`;
  const email = uniqueEmail('profile');
  await enterSite(page, '/');
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name, password: 'a-good-password-1', date_of_birth: '1980-02-02' },
  });
  expect(signup.ok()).toBe(true);
  await page.request.get(linkIn(await latestMail(page.request, email, t('mail:activate.subject', { site: 'Amora' }))));

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: t('members:profile.title'), level: 1 })).toBeVisible();

  // Photos: two uploads, the second made the profile photo, moved first, then the other deleted.
  const upload = page.getByLabel(t('members:photos.upload'));
  await upload.setInputFiles(await photoFile('one.jpg', '#d35400'));
  await expect(page.getByText(t('members:photos.count', { count: '1', limit: '3' }))).toBeVisible();
  await upload.setInputFiles(await photoFile('two.png', '#16a085', 'png'));
  await expect(page.getByText(t('members:photos.count', { count: '2', limit: '3' }))).toBeVisible();
  // A grid of slots: the photos, then the tile that adds one.
  const photos = page.getByRole('list', { name: t('members:profile.photos') }).locator('li:has(img)');
  await expect(photos).toHaveCount(2);
  const photoMenu = async (number: number, action: string) => {
    await page.getByRole('button', { name: t('members:photos.menu', { number: String(number) }) }).click();
    await page.getByRole('button', { name: action }).click();
  };
  await photoMenu(2, t('members:photos.makeMain'));
  await expect(photos.nth(1).getByText(t('members:photos.main'), { exact: true })).toBeVisible();
  await photoMenu(2, t('members:photos.moveEarlier', { number: '2' }));
  await expect(photos.nth(0).getByText(t('members:photos.main'), { exact: true })).toBeVisible();
  if (testInfo.project.name === 'phone') {
    const menuButton = await page
      .getByRole('button', { name: t('members:photos.menu', { number: '1' }) })
      .boundingBox();
    expect(menuButton?.height).toBeGreaterThanOrEqual(44);
  }
  await photoMenu(2, t('members:photos.delete', { number: '2' }));
  await expect(page.getByText(t('members:photos.count', { count: '1', limit: '3' }))).toBeVisible();
  await expect(photos).toHaveCount(1);

  // Details, place and about me: changed in any order, saved together with the one Save.
  const details = page.locator('#details');
  await details.getByLabel(t('members:fields.gender')).selectOption({ label: t('members:values.gender.male') });
  await details
    .getByLabel(t('members:fields.eye_colour'))
    .selectOption({ label: t('members:values.eye_colour.green') });

  const place = page.locator('#location');
  await place.getByLabel(t('members:fields.country')).selectOption({ label: 'Netherlands' });
  await place.getByLabel(t('members:fields.region')).selectOption({ label: 'Zeeland' });
  await place.getByLabel(t('members:fields.city')).fill('Middelburg');

  const about = page.locator('#about');
  await about.getByLabel(t('members:fields.about')).fill('Sailor, cook and bad singer.');
  const cooking = about.getByRole('button', { name: 'Cooking' });
  await cooking.click();
  await expect(cooking).toHaveAttribute('aria-pressed', 'true');
  if (testInfo.project.name === 'phone') {
    const chip = await cooking.boundingBox();
    expect(chip?.height).toBeGreaterThanOrEqual(44);
  }
  const saveBar = page.getByRole('region', { name: t('members:profile.saveBar') });
  await expect(saveBar.getByText(t('members:profile.unsaved'))).toBeVisible();
  await saveBar.getByRole('button', { name: t('members:profile.save') }).click();
  await expect(saveBar.getByText(t('members:profile.saved'))).toBeVisible();
  // Saved for good: a reload shows the choices.
  await page.reload();
  await expect(page.locator('#about').getByRole('button', { name: 'Cooking' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#details').getByLabel(t('members:fields.eye_colour'))).toHaveValue('green');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);
  await screenshot(page, testInfo, 'profile-edit');

  // Others see the saved profile.
  await page.getByRole('link', { name: t('members:profile.viewAsOthers') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText('Middelburg, Netherlands')).toBeVisible();
  await expect(page.getByText(t('members:values.eye_colour.green'))).toBeVisible();
  await expect(page.getByText('Sailor, cook and bad singer.')).toBeVisible();

  // Invisible mode takes the member out of search results, as a visitor sees them.
  const searchNames = async () => {
    const response = await request.get('/api/members.php?gender=male&country=NL&countryregion=ZE');
    const { profiles } = (await response.json()) as { profiles: { name: string }[] };
    return profiles.map((profile) => profile.name);
  };
  expect(await searchNames()).toContain(name);
  await page.goto('/profile');
  await page.getByLabel(t('members:profile.invisible')).check();
  await expect(page.getByText(t('members:profile.saved'))).toBeVisible();
  await expect.poll(searchNames).not.toContain(name);
});
