/**
 * A new moderator's way in: an admin adds them, the password alone sets nothing up, the invitation
 * mailed in their language sets up the authenticator app and shows ten recovery codes once, and a
 * recovery code signs in once, never twice.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  addStaffByCommand,
  keepRecoveryCodes,
  logOutStaff,
  openStaffPage,
  type StaffAccount,
  setUpThroughInvitation,
  signInStaff,
} from './staff.js';
import { expectAccessible, latestMail, linkIn, otherPerson, screenshot, uniqueEmail } from './support.js';

const t = catalogue('en');
/** The moderator's own language, which the back office speaks once they are signed in. */
const nl = catalogue('nl');

const signInForm = (page: Page) => page.getByRole('heading', { name: 'Staff sign-in' });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/staff');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an invited moderator sets up the app through the mail, keeps recovery codes, and each signs in once', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const admin = addStaffByCommand('admin', `Ada ${testInfo.project.name}`);
  await signInStaff(page, admin);
  await openStaffPage(page, 'Team');
  const form = page.getByRole('form', { name: 'Add staff' });
  const email = uniqueEmail('moderator');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill('Mila');
  await form.getByLabel('Role').selectOption('moderator');
  await form.getByLabel('Language of their back office and mails').selectOption({ label: 'Nederlands' });
  await form.getByRole('button', { name: 'Add staff' }).click();
  const added = page.getByRole('region', { name: 'Mila is added as moderator' });
  await expect(added).toContainText('We mailed them an invitation to set up two-step sign-in');
  const password = await added.getByLabel(/first password, shown only this once/).inputValue();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(/Invited\s*until/);

  // The password alone: refused, with where to go instead, and no app to set up.
  const moderator = await otherPerson(browser);
  await passwordStep(moderator, email, password);
  await expect(moderator.getByRole('alert')).toContainText(t('errors:two_step_setup_required'));
  await expect(moderator.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveCount(0);
  await expect(signInForm(moderator)).toBeVisible();

  // The invitation, in Dutch as the admin chose, from its first screen: the password, the app, then
  // ten recovery codes shown once.
  const mail = await latestMail(page.request, email, 'Stel je inlog voor de backoffice van Amora in');
  const invitation = linkIn(mail);
  const account: StaffAccount = { email, password, name: 'Mila', invitation };
  await setUpThroughInvitation(
    moderator,
    account,
    async () => {
      await expect(moderator.getByRole('heading', { name: nl('staff:invitation.title'), level: 1 })).toBeVisible();
      await expect(moderator.locator('.staff')).toHaveAttribute('lang', 'nl');
      await expectAccessible(moderator);
      await screenshot(moderator, testInfo, 'staff-invitation-app');
    },
    nl,
  );
  // Signed in, the recovery codes and the back office stay in Dutch.
  await expect(moderator.getByRole('button', { name: nl('staff:recovery.continue') })).toBeDisabled();
  await expectAccessible(moderator);
  await screenshot(moderator, testInfo, 'staff-recovery-codes');
  await keepRecoveryCodes(moderator, nl);
  await expect(
    moderator
      .getByRole('navigation', { name: nl('staff:shell.brand') })
      .getByRole('link', { name: nl('staff:nav.photos') }),
  ).toBeVisible();

  // The link worked once: opened again, it says so at once, with no password to type in vain.
  await logOutStaff(moderator, nl);
  await moderator.goto(invitation);
  await expect(moderator.getByRole('alert')).toContainText(t('errors:invitation_invalid'));
  await expect(moderator.getByLabel('Password')).toHaveCount(0);

  // No phone at hand: a recovery code signs in, once.
  const [code] = account.recoveryCodes ?? [];
  for (const attempt of ['first', 'again'] as const) {
    await passwordStep(moderator, email, password);
    const field = moderator.getByLabel('Code from your authenticator app');
    await expect(field).toHaveAccessibleDescription('No phone at hand? Enter one of your recovery codes instead.');
    await field.fill(code ?? '');
    await moderator.getByRole('button', { name: 'Sign in' }).click();
    if (attempt === 'first') {
      await logOutStaff(moderator, nl);
      await expect(signInForm(moderator)).toBeVisible();
    } else {
      await expect(field).toHaveAccessibleDescription(t('errors:field.two_step_code_wrong'));
    }
  }
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('App set up');
  await moderator.context().close();
});
