/**
 * From signup to a searchable member: the complete-signup steps with photo uploads (including a
 * file too large, a text file renamed .jpg and a free member's 4th photo), then found in search.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { fakeJpeg, oversizedJpeg, photoFile } from './images.js';
import {
  chooseDateOfBirth,
  enterSite,
  expectAccessible,
  latestMail,
  linkIn,
  otherPerson,
  screenshot,
  searchFilters,
  uniqueEmail,
} from './support.js';

const t = catalogue('en');
const BIRTH_DATE = '1994-03-09';

function ageToday(birthDate: string): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const now = new Date();
  const hadBirthday = now.getMonth() + 1 > month || (now.getMonth() + 1 === month && now.getDate() >= day);
  return now.getFullYear() - year - (hadBirthday ? 0 : 1);
}

test('a new member completes the profile and is found in search', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) => screenshot(page, testInfo, `complete-${name}`);
  const email = uniqueEmail('complete');
  const name = `Noor${Date.now().toString(36).slice(-4)}`;

  // The visitor came from an ad straight to the member search; the signup carries that source.
  await enterSite(page, '/members?network=ads&sub1=spring');
  await page.goto('/signup');
  await page.getByLabel(t('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(t('fields.name'), { exact: true }).fill(name);
  await page.getByLabel(t('fields.password'), { exact: true }).fill('a-good-password-1');
  await chooseDateOfBirth(page, { day: t('fields.day'), month: t('fields.month'), year: t('fields.year') }, BIRTH_DATE);
  const signup = page.waitForRequest((request) => request.url().endsWith('/api/signup.php'));
  await page.getByRole('button', { name: t('nav.join') }).click();
  expect((await signup).postDataJSON().tracking).toEqual({ network: 'ads', sub1: 'spring' });
  await expect(page.getByRole('heading', { name: t('members:complete.title') })).toBeVisible();
  await expect(page.getByText(t('members:complete.progress', { step: '1', total: '5' })).first()).toBeVisible();
  if (testInfo.project.name === 'phone') {
    // On a phone the activation reminder comes as a modal right after signup.
    const reminder = page.getByRole('dialog', { name: t('activation.title') });
    await expect(reminder).toBeVisible();
    await reminder.getByRole('button', { name: t('common.close') }).click();
    await expect(reminder).toBeHidden();
  }

  // Step 1: photos, with what goes wrong first.
  const upload = page.getByLabel(t('members:photos.upload'));
  await upload.setInputFiles(oversizedJpeg());
  await expect(page.getByText(t('errors:photo_too_large'))).toBeVisible();
  await upload.setInputFiles(fakeJpeg());
  await expect(page.getByText(t('errors:photo_invalid'))).toBeVisible();
  for (const [index, colour] of ['#c0392b', '#2980b9', '#27ae60'].entries()) {
    await upload.setInputFiles(await photoFile(`photo-${index}.jpg`, colour, index === 1 ? 'png' : 'jpeg'));
    await expect(page.getByText(t('members:photos.count', { count: String(index + 1), limit: '3' }))).toBeVisible();
  }
  await upload.setInputFiles(await photoFile('photo-4.jpg', '#8e44ad'));
  await expect(page.getByText(t('errors:photo_limit', { limit: '3', premium_limit: '25' }))).toBeVisible();
  await expect(page.locator('.photo-badges').getByText(t('members:photos.main'), { exact: true })).toHaveCount(1);
  await expectAccessible(page);
  await shot('01-photos');
  await page.getByRole('button', { name: t('members:complete.next') }).click();

  // Step 2: location, chosen by hand; a reload carries on at this step.
  await expect(page.getByText(t('members:complete.progress', { step: '2', total: '5' })).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: t('members:complete.steps.location.title') })).toBeVisible();
  // The browser has not been asked yet (SPEC §4): the page says it will ask.
  await expect(page.getByText(t('members:location.willAsk'))).toBeVisible();
  await page.getByLabel(t('members:fields.country')).selectOption({ label: 'Netherlands' });
  await page.getByLabel(t('members:fields.region')).selectOption({ label: 'Noord-Holland' });
  await page.getByLabel(t('members:fields.city')).fill('Haarlem');
  await expectAccessible(page);
  await shot('02-location');
  await page.getByRole('button', { name: t('members:complete.next') }).click();

  // Step 3: personal details.
  await expect(page.getByRole('heading', { name: t('members:complete.steps.personal.title') })).toBeVisible();
  await page.getByLabel(t('members:fields.gender')).selectOption({ label: t('members:values.gender.female') });
  await page.getByLabel(t('members:fields.hair_colour')).selectOption({ label: t('members:values.hair_colour.red') });
  await shot('03-personal');
  await page.getByRole('button', { name: t('members:complete.next') }).click();

  // Step 4: about me and interests.
  await expect(page.getByRole('heading', { name: t('members:complete.steps.about.title') })).toBeVisible();
  await page.getByLabel(t('members:fields.about')).fill('I love long walks on the dunes and good coffee.');
  await page.getByRole('button', { name: 'Travel' }).click();
  await page.getByRole('button', { name: 'Photography' }).click();
  await expectAccessible(page);
  await shot('04-about');
  await page.getByRole('button', { name: t('members:complete.next') }).click();

  // Step 5: push notifications, offered once; this member decides later.
  await expect(page.getByRole('heading', { name: t('members:complete.steps.push.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('notifications:step.enable') })).toBeVisible();
  await expectAccessible(page);
  await shot('05-push');
  await page.getByRole('button', { name: t('members:complete.skip') }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name: t('members:search.title') })).toBeVisible();

  // Others find the member once the account is activated.
  const activation = await latestMail(page.request, email, t('mail:activate.subject', { site: 'Amora' }));
  await page.goto(linkIn(activation));
  await expect(page).toHaveURL(/\/activate\/done$/);

  const searcher = await otherPerson(browser);
  await enterSite(searcher, '/members');
  const filters = await searchFilters(searcher, {
    filters: t('members:search.filters'),
    button: t('members:search.filtersButton'),
  });
  await filters.getByLabel(t('members:search.gender')).selectOption({ label: t('members:search.genders.female') });
  await filters.getByLabel(t('members:search.country')).selectOption({ label: 'Netherlands' });
  await filters.getByLabel(t('members:search.region')).selectOption({ label: 'Noord-Holland' });
  await filters.getByRole('button', { name: t('members:search.submit') }).click();
  await expect(searcher).toHaveURL(/countryregion=NH/);
  const card = searcher.getByRole('link', { name: new RegExp(`^${name}, ${ageToday(BIRTH_DATE)}`) });
  await expect(card).toBeVisible();
  await card.click();
  await expect(searcher.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(searcher.getByText('Haarlem, Netherlands')).toBeVisible();
  await expect(searcher.getByText(t('members:values.hair_colour.red'))).toBeVisible();
  await expect(searcher.getByText('Photography')).toBeVisible();
  // A visitor sees the main photo and is told about the other two.
  await expect(searcher.getByText(t('members:member.morePhotosLogin', { count: '2' }))).toBeVisible();
  await searcher.context().close();
});
