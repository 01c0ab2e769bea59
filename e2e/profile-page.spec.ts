/**
 * A profile's page (issue 51): who it is on top, with the age, the place and the details as chips;
 * the photos with the member's words between them; and the bars that stay put while the page
 * scrolls (the top bar, Like and Message, the tab bar) never over the name or the hosted label.
 */
import { expect, type Locator, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import {
  CLIENT,
  enterSite,
  expectAccessible,
  hostedProfiles,
  otherPerson,
  screenshot,
  signUpMember,
} from './support.js';

const t = catalogue('en');

/** The fixed and sticky bars whose boxes meet the element's box (none is what we want). */
function barsOver(element: Locator): Promise<string[]> {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const meets = (other: DOMRect) =>
      other.width > 0 &&
      other.height > 0 &&
      other.left < box.right &&
      box.left < other.right &&
      other.top < box.bottom &&
      box.top < other.bottom;
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((bar) => ['fixed', 'sticky'].includes(getComputedStyle(bar).position))
      .filter((bar) => !bar.contains(target) && !target.contains(bar) && meets(bar.getBoundingClientRect()))
      .map((bar) => bar.className);
  });
}

async function expectInSight(element: Locator) {
  await expect(element).toBeInViewport();
  expect(await barsOver(element)).toEqual([]);
}

test('a member’s and a hosted profile: the bars leave the name and the hosted label in sight', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // A member with two photos, a few words about herself and her interests.
  const marit = await otherPerson(browser);
  await enterSite(marit, '/');
  const maritId = await signUpMember(marit, 'Marit', { activate: true });
  for (const [name, colour] of [
    ['marit-1.jpg', '#c0392b'],
    ['marit-2.jpg', '#16a085'],
  ]) {
    const photo = await marit.request.post('/api/photos.php', {
      headers: CLIENT,
      multipart: { file: await photoFile(name as string, colour as string) },
    });
    expect(photo.ok(), await photo.text()).toBe(true);
  }
  const { interests } = (await (await marit.request.get('/api/interests.php')).json()) as {
    interests: { id: string; name: string }[];
  };
  const saved = await marit.request.put('/api/profile.php', {
    headers: CLIENT,
    data: {
      about: 'Sunday markets, long walks by the sea and a good book.',
      interests: interests.slice(0, 3).map((interest) => interest.id),
      hair_colour: 'brown',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await marit.context().close();

  await enterSite(page, '/');
  await signUpMember(page, 'Joost', { activate: true });
  const name = page.getByRole('heading', { level: 1 });

  // A member's profile: name, the age and details as chips, the words between the photos.
  await page.goto(`/members/${maritId}`);
  await expect(name).toContainText('Marit');
  await expect(page.getByRole('listitem').filter({ hasText: /^\d+ years old$/ })).toBeVisible();
  const details = page.getByRole('region', { name: t('members:member.details') });
  await expect(details.getByText(t('members:values.hair_colour.brown'))).toBeVisible();
  await expectInSight(name);
  const gallery = page.getByRole('region', { name: t('members:gallery.title', { name: 'Marit' }) });
  await expect(gallery.locator('img')).toHaveCount(2);
  const interest = gallery.getByRole('listitem').filter({ hasText: interests[0]?.name ?? '' });
  await expect(interest).toBeVisible();
  // Interests read at the body's size, not as small badges.
  expect(await interest.evaluate((chip) => Number.parseFloat(getComputedStyle(chip).fontSize))).toBeGreaterThanOrEqual(
    16,
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, 'profile-member');

  // A hosted profile: its label beside the name, and what it means in a line, no box about "this icon".
  const [hosted] = await hostedProfiles(page, 1);
  await page.goto(`/members/${hosted?.id}`);
  await expect(name).toContainText(hosted?.name ?? '');
  const label = name.getByText('Hosted profile');
  const note = page.getByText(t('members:card.hostedNote', { site: 'Amora' }));
  await expectInSight(name);
  await expectInSight(label);
  await expectInSight(note);
  await expect(page.getByText(/marked with this icon/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'profile-hosted');
});
