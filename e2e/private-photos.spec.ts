/**
 * Private photos: a member with two photos makes one private; another member sees a placeholder
 * and asks to see it; the owner shares in their chat, the other sees the photo (and its file),
 * and once the owner stops sharing, the placeholder is back and the file answers 404 — each
 * change reaching the other's open page at once.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import { enterSite, expectAccessible, expectTapTargets, otherPerson, screenshot, signUpMember } from './support.js';

const t = catalogue('en');

/** The private photos' files as the member page's API tells `page` (none while not shared). */
async function privateFiles(page: Page, profileId: number): Promise<string[]> {
  const response = await page.request.get(`/api/member.php?id=${profileId}`);
  const { profile } = (await response.json()) as { profile: { private_photos: { filename: string }[] } };
  return profile.private_photos.map((photo) => `/media/${photo.filename}`);
}

async function conversationWith(page: Page, profileId: number): Promise<number> {
  const { chats } = (await (await page.request.get('/api/chats.php')).json()) as {
    chats: { conversation: number; profile: { id: number } }[];
  };
  const found = chats.find((chat) => chat.profile.id === profileId);
  if (!found) throw new Error(`no conversation with ${profileId}`);
  return found.conversation;
}

test('a member shares a private photo in the chat and stops sharing it', async ({ page, browser }, testInfo) => {
  // Two people, two uploads and their re-encoding, accessibility checks: over a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const shot = (who: Page, name: string) => screenshot(who, testInfo, `private-photos-${name}`);

  // Annemarie puts up two photos and makes the second private.
  await enterSite(page, '/');
  const annaId = await signUpMember(page, 'Annemarie', { activate: true });
  await page.goto('/profile');
  const upload = page.getByLabel(t('members:photos.upload'));
  await upload.setInputFiles(await photoFile('face.jpg', '#c0392b'));
  await expect(page.getByText(t('members:photos.count', { count: '1', limit: '3' }))).toBeVisible();
  await upload.setInputFiles(await photoFile('beach.jpg', '#2980b9'));
  await expect(page.getByText(t('members:photos.count', { count: '2', limit: '3' }))).toBeVisible();
  await page.getByRole('button', { name: t('members:photos.menu', { number: '2' }) }).click();
  await page.getByRole('button', { name: t('members:photos.makePrivate', { number: '2' }) }).click();
  const photos = page.getByRole('list', { name: t('members:profile.photos') }).locator('li:has(img)');
  await expect(photos.nth(1).getByText(t('members:photos.private'), { exact: true })).toBeVisible();
  await shot(page, '00-own-photos');
  // The profile photo stays public: its menu offers no way to make it private.
  await page.getByRole('button', { name: t('members:photos.menu', { number: '1' }) }).click();
  await expect(page.getByRole('button', { name: t('members:photos.makePrivate', { number: '1' }) })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Bastiaan sees one photo and a placeholder for the private one, and asks to see it.
  const other = await otherPerson(browser);
  await enterSite(other, '/');
  const bramId = await signUpMember(other, 'Bastiaan', { activate: true });
  await other.goto(`/members/${annaId}`);
  const placeholders = other.getByRole('region', { name: t('members:private.count', { count: '1' }) });
  await expect(placeholders).toBeVisible();
  await expect(
    other.getByRole('region', { name: t('members:gallery.title', { name: 'Annemarie' }) }).locator('img'),
  ).toHaveCount(1);
  await expectAccessible(other);
  if (testInfo.project.name === 'phone') await expectTapTargets(other);
  await shot(other, '01-placeholder');
  await placeholders.getByRole('button', { name: t('members:private.ask') }).click();
  await expect(placeholders.getByText(t('members:private.asked', { name: 'Annemarie' }))).toBeVisible();

  // Annemarie finds the request in their chat and shares.
  const conversation = await conversationWith(page, bramId);
  await page.goto(`/chats/${conversation}`);
  const request = page
    .getByRole('listitem')
    .filter({ hasText: t('chat:lines.photos_asked.theirs', { name: 'Bastiaan' }) });
  await expect(request).toBeVisible();
  await expectAccessible(page);
  await shot(page, '02-request');
  await request.getByRole('button', { name: t('chat:lines.grant') }).click();
  await expect(page.getByText(t('chat:lines.photos_shared.mine', { name: 'Bastiaan' }))).toBeVisible();

  // Bastiaan's open profile page shows the photo at once, and its file loads.
  await expect(placeholders).toBeHidden();
  await expect(
    other.getByRole('region', { name: t('members:gallery.title', { name: 'Annemarie' }) }).locator('img'),
  ).toHaveCount(2);
  const [file] = await privateFiles(other, annaId);
  expect(file).toBeDefined();
  expect((await other.request.get(file as string)).status()).toBe(200);

  // In the chat the share shows with the photo inline.
  await other.goto(`/chats/${conversation}`);
  const shared = other
    .getByRole('listitem')
    .filter({ hasText: t('chat:lines.photos_shared.theirs', { name: 'Annemarie' }) });
  await expect(shared.getByRole('img', { name: t('chat:lines.photo', { name: 'Annemarie' }) })).toBeVisible();
  await shot(other, '03-shared');

  // Annemarie stops sharing: Bastiaan's chat hides the photo at once, the placeholder is back, the file is gone.
  await page.getByRole('button', { name: t('chat:lines.revoke') }).click();
  await expect(other.getByText(t('chat:lines.photos_unshared.theirs', { name: 'Annemarie' }))).toBeVisible();
  await expect(shared.getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('chat:lines.revoke') })).toBeHidden();
  await shot(page, '04-revoked');
  expect((await other.request.get(file as string)).status()).toBe(404);
  await other.goto(`/members/${annaId}`);
  await expect(other.getByRole('region', { name: t('members:private.count', { count: '1' }) })).toBeVisible();
  await other.context().close();
});
