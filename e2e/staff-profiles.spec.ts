/**
 * Hosted profiles in the back office: an admin creates one with its details, puts up its photo and
 * fills its persona sheet; members see it at once, labelled hosted; an operator finds it under
 * Profiles and reads it without being able to change it.
 */
import { expect, test } from '@playwright/test';
import { photoFile } from './images.js';
import { addStaffByCommand, openStaffPage, signInStaff } from './staff.js';
import { expectAccessible, otherPerson, screenshot, signUpMember } from './support.js';

test('an admin creates a hosted profile with a photo and persona; an operator reads it', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const window = testInfo.project.name;
  // Names none of the demo's hosted profiles has, so the list's card is this one.
  const name = window === 'phone' ? 'Fenna' : 'Wietske';

  const admin = addStaffByCommand('admin', `Ada ${window}`);
  await signInStaff(page, admin);
  await openStaffPage(page, 'Profiles');
  await expect(page.getByRole('heading', { name: 'Hosted profiles', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New profile' }).click();

  // A date of birth under 18 is refused with the field's reason; the corrected form creates the profile.
  const details = page.getByRole('form', { name: 'Details' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('Date of birth').fill('2015-06-01');
  await details.getByLabel('Gender').selectOption('female');
  await details.getByLabel('Looking for').selectOption('hetero');
  await details.getByLabel('Country (e.g. NL)').fill('NL');
  await details.getByLabel('Town').fill('Haarlem');
  await details.getByLabel('About').fill('Florist by day, salsa by night.');
  await details.getByLabel('Music').check();
  await details.getByRole('button', { name: 'Create profile' }).click();
  await expect(details.getByText('You must be 18 or older to join.')).toBeVisible();
  await details.getByLabel('Date of birth').fill('1993-06-01');
  await details.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${name}, \\d+`), level: 1 })).toBeVisible();
  const profileId = Number(page.url().split('/').pop());

  // A photo through the members' pipeline; it becomes the main one.
  const photos = page.getByRole('region', { name: 'Photos' });
  await photos.locator('input[type=file]').setInputFiles(await photoFile('fenna.jpg', '#d98c5f'));
  await expect(photos.getByText('Main')).toBeVisible();
  await expect(photos.getByRole('img')).toHaveCount(1);

  const persona = page.getByRole('region', { name: `Persona of ${name}` });
  await persona.getByLabel('Job').fill('Florist');
  await persona.getByLabel('Pets').fill('A cat called Miep');
  await persona.getByRole('button', { name: 'Save persona' }).click();
  await expect(persona).toContainText(`Last changed by Ada ${window}`);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-hosted-profile');

  // Members see the profile at once, with its photo, as a hosted one.
  const member = await otherPerson(browser);
  await signUpMember(member, window === 'phone' ? 'Menno' : 'Mats', { activate: true });
  await member.goto(`/members/${profileId}`);
  await expect(member.getByRole('heading', { name: new RegExp(name) }).first()).toBeVisible();
  await member.context().close();

  // The list: a dense table, at most fifty rows at once, sorted by a column's head (here by name).
  await openStaffPage(page, 'Profiles');
  const list = page.getByRole('table', { name: 'Hosted profiles' });
  await list.getByRole('button', { name: /^Name/ }).click();
  await expect(list.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name/);
  expect(await list.getByRole('rowheader').count()).toBeLessThanOrEqual(50);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-hosted-profiles');
  // Found by the start of its name: its row with its face and town.
  await page.getByRole('searchbox', { name: 'Name starts with' }).fill(name);
  const card = list.getByRole('link', { name, exact: true });
  const row = list.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.locator('img')).toBeVisible();
  await expect(row).toContainText('Haarlem');

  // An operator reads the profile and its persona, and can change neither.
  const operatorPage = await browser.newPage();
  const operator = addStaffByCommand('operator', `Otto ${window}`);
  await operatorPage.goto('/staff');
  await expect(operatorPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await screenshot(operatorPage, testInfo, 'staff-sign-in');
  await signInStaff(operatorPage, operator);
  await openStaffPage(operatorPage, 'Profiles');
  await expect(operatorPage.getByRole('link', { name: 'New profile' })).toHaveCount(0);
  await operatorPage.getByRole('searchbox', { name: 'Name starts with' }).fill(name);
  await operatorPage.getByRole('table', { name: 'Hosted profiles' }).getByRole('link', { name, exact: true }).click();
  const readOnly = operatorPage.getByRole('region', { name: `Persona of ${name}` });
  await expect(readOnly).toContainText('A cat called Miep');
  await expect(readOnly.getByRole('button', { name: 'Save persona' })).toHaveCount(0);
  await expect(operatorPage.getByRole('button', { name: 'Retire' })).toHaveCount(0);
  await expect(operatorPage.getByRole('region', { name: 'Details' })).toContainText('Haarlem');
  await operatorPage.close();

  // Retired, it leaves the list of active profiles; brought back, it returns.
  await card.click();
  await page.getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Retired', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Bring back' }).click();
  await expect(page.getByRole('button', { name: 'Retire' })).toBeVisible();
});
