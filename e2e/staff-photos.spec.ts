/**
 * The photo queue: a member of Liefdevol (the demo site that checks photos) adds two photos; a
 * moderator, whose first sign-in sets up an authenticator app, approves one and rejects the other
 * with a reason, which the member is mailed in Dutch.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import { addStaffByCommand, signInStaff, staffPageLinks } from './staff.js';
import {
  enterSite,
  expectAccessible,
  latestMail,
  membersOnly,
  otherPerson,
  screenshot,
  uniqueEmail,
} from './support.js';

const nl = catalogue('nl');

test('a moderator approves one photo and rejects another with a reason the member is mailed', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const name = `Lotte ${testInfo.project.name}`;
  const email = uniqueEmail('lotte');

  // A member who came with a traffic source signs up on Liefdevol and adds two photos: they wait.
  const member = await otherPerson(browser);
  await enterSite(member, membersOnly('/?network=partner'));
  // Node does not resolve *.localhost as browsers do: the member's calls go from their page.
  const signup = await member.evaluate(
    async (body) =>
      (
        await fetch('/api/signup.php', {
          method: 'POST',
          headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).text(),
    { email, name, password: 'a-good-password-1', date_of_birth: '1992-03-08', tracking: { network: 'partner' } },
  );
  expect(signup).toContain('"user"');
  for (const colour of ['#d9826b', '#6b9bd9']) {
    const photo = (await photoFile('me.jpg', colour)).buffer.toString('base64');
    const upload = await member.evaluate(async (base64) => {
      const form = new FormData();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'me.jpg');
      return (await fetch('/api/photos.php', { method: 'POST', headers: { 'x-request-type': 'client' }, body: form }))
        .status;
    }, photo);
    expect(upload).toBe(200);
  }

  // The moderator sees photos and sessions only.
  const moderator = addStaffByCommand('moderator', `Mona ${testInfo.project.name}`);
  await signInStaff(page, moderator);
  await expect(await staffPageLinks(page)).toHaveText(['Photos', 'Reports', 'Members', 'Sessions']);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/staff\/photos$/);
  await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
  await expect(page.getByText(/\d+ waiting · refreshed at/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'Liefdevol' });
  const cards = page.getByRole('list', { name: 'Photos waiting' }).getByRole('listitem').filter({ hasText: name });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(/Liefdevol · (just now|waiting \d+ min)/);
  await expect(cards.first().getByRole('img', { name: `${name}, open full size` })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-photos');

  // The oldest is approved; the other rejected, after saying why.
  await cards
    .first()
    .getByRole('button', { name: `Approve the photo of ${name}` })
    .click();
  await expect(page.getByRole('alert')).toContainText('1 photo approved.');
  await expect(cards).toHaveCount(1);
  await cards
    .first()
    .getByRole('button', { name: `Reject the photo of ${name}` })
    .click();
  const why = cards.first().getByRole('group', { name: `Why reject the photo of ${name}?` });
  await expect(why.getByRole('button')).toHaveText([
    'No face visible',
    'Not the member',
    'Nudity',
    'Contact details',
    'Poor quality',
    "Someone else's photo",
    'Cancel',
  ]);
  await screenshot(page, testInfo, 'staff-photos-reject');
  await why.getByRole('button', { name: 'No face visible' }).click();
  await expect(page.getByRole('alert')).toContainText('1 photo rejected.');
  await expect(cards).toHaveCount(0);

  // The member's own list says which is visible and which was rejected, and the mail says why, in Dutch.
  const own = (await member.evaluate(async () =>
    (await fetch('/api/photos.php', { headers: { 'x-request-type': 'client' } })).json(),
  )) as { photos: { status: string }[] };
  expect(own.photos.map((photo) => photo.status)).toEqual(['active', 'rejected']);
  const mail = await latestMail(
    page.request,
    email,
    nl('mail:photo_rejected.subject', { count: '1', site: 'Liefdevol' }),
  );
  expect(mail.text).toContain(nl('mail:photo_rejected.reasons.no_face'));
  // Their profile page says it too, where the photo was.
  await member.goto(membersOnly('/profile'));
  await expect(member.getByText(nl('members:photos.rejections.no_face'))).toBeVisible();
  await screenshot(member, testInfo, 'photos-rejected');
  await member.context().close();
});
