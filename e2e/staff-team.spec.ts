/**
 * The staff team: a new admin sets up an authenticator app through their invitation, adds an
 * operator and passes on the first password, shown once; the operator signs in with it and sees
 * only what the role may use, manages their own sessions and turns on two-step sign-in through a
 * mailed link; the admin resets it and later disables the account, and each time the operator is
 * signed out at their next step.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  addStaffByCommand,
  keepRecoveryCodes,
  logOutStaff,
  openStaffPage,
  setUpThroughInvitation,
  signInStaff,
  staffNav,
  staffPageLinks,
} from './staff.js';
import { expectAccessible, linkIn, otherPerson, screenshot, uniqueEmail } from './support.js';

const t = catalogue('en');

const signInForm = (page: Page) => page.getByRole('heading', { name: 'Staff sign-in' });
const accountRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('an admin adds an operator with a first password shown once, and disabling them ends their session', async ({
  page,
  browser,
}, testInfo) => {
  // Three browsers and seven sign-ins: more than the usual minute on a loaded machine.
  test.slow();
  const email = uniqueEmail('operator');
  const name = `Nova ${testInfo.project.name}`;
  const adminAccount = addStaffByCommand('admin', `Ada ${testInfo.project.name}`);

  // The invitation sets up an authenticator app: the QR code, the key to type in, its first code.
  await signInStaff(page, adminAccount, async () => {
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
    await expect(page.getByLabel('Code from your authenticator app')).toHaveAccessibleDescription(
      t('errors:field.two_step_code_wrong'),
    );
    await expectAccessible(page);
    await screenshot(page, testInfo, 'staff-two-step-setup');
  });
  // The admin has every right: every page in the bar.
  await expect(await staffPageLinks(page)).toHaveText([
    'Dashboard',
    'Inbox',
    'Profiles',
    'Photos',
    'Reports',
    'Members',
    'Payments',
    'Prices',
    'Codes',
    'Sites',
    'Team',
    'Log',
    'Sessions',
  ]);
  await openStaffPage(page, 'Team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect((await staffPageLinks(page)).filter({ hasText: 'Team' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  // One's own account cannot be changed here: no role choice, no Disable.
  const own = accountRow(page, adminAccount.email);
  await expect(own).toContainText('(you)');
  await expect(own.getByRole('button')).toHaveCount(0);
  await expect(own.getByRole('combobox')).toHaveCount(0);

  // An address already on the staff: the server's 422 shows at the field.
  const form = page.getByRole('form', { name: 'Add staff' });
  await form.getByLabel('Email').fill('operator@amora.test');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add staff' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(t('errors:email_taken'));

  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption('operator');
  await form.getByRole('button', { name: 'Add staff' }).click();
  const added = page.getByRole('region', { name: `${name} is added as operator` });
  await expect(added).toBeVisible();
  const password = await added.getByLabel(/first password, shown only this once/).inputValue();
  const operator = { email, password, name };
  expect(password.length).toBeGreaterThanOrEqual(12);
  await expect(added).toContainText('Once you close this, nobody can see it again.');
  const row = accountRow(page, email);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('combobox', { name: `Role of ${name}` })).toHaveValue('operator');
  // The form is empty again for the next one.
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-team');

  // Closed, the password is gone for good: not on the page, not after a reload.
  await added.getByRole('button', { name: 'Done, close' }).click();
  await expect(added).toBeHidden();
  await page.reload();
  await expect(accountRow(page, email)).toBeVisible();
  await expect(page.getByLabel(/first password/)).toHaveCount(0);
  await logOutStaff(page);
  await expect(signInForm(page)).toBeVisible();

  // The operator signs in with it: the inbox and their sessions, not the team.
  await signInStaff(page, operator);
  await expect(staffNav(page).getByRole('link')).toHaveText(['Inbox', 'Profiles', 'Sessions']);
  await expect(page.getByRole('heading', { name: 'Waiting for an answer' })).toBeVisible();
  // Away, nothing can be claimed until they are available again.
  const available = page.getByRole('switch', { name: 'Available' });
  await expect(available).toBeChecked();
  await available.click();
  await expect(available).not.toBeChecked();
  await expect(page.getByText('You are away: no conversation can be claimed.')).toBeVisible();
  await available.click();
  await expect(page.getByText('You are away')).toBeHidden();
  await page.goto('/staff/team');
  await expect(page.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(0);

  // Signed in on a second device too; the first ends that session, and the second is signed out.
  const otherDevice = await otherPerson(browser);
  await signInStaff(otherDevice, operator);
  await openStaffPage(page, 'Sessions');
  const sessions = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.nth(1)).not.toContainText('This device');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-sessions');
  await sessions.nth(1).getByRole('button', { name: /^End/ }).click();
  await expect(sessions).toHaveCount(1);
  await openStaffPage(otherDevice, 'Sessions');
  await expect(signInForm(otherDevice)).toBeVisible();
  await otherDevice.context().close();

  // This site lets operators choose two-step sign-in: the operator asks for a set-up link, mailed to them.
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(twoStep).toContainText('Off.');
  await twoStep.getByRole('button', { name: 'Mail me a set-up link' }).click();
  await expect(twoStep.getByRole('status')).toContainText(`We mailed a set-up link to ${email}.`);
  // The invitation mailed when the admin added them, then this one: the newest works.
  const invitations = async () =>
    (
      (await (await page.request.get(`/api/dev/mails.php?to=${encodeURIComponent(email)}`)).json()) as {
        mails: { subject: string; text: string }[];
      }
    ).mails.filter((mail) => mail.subject === 'Set up your sign-in to the Amora back office');
  await expect.poll(async () => (await invitations()).length).toBe(2);
  const [newest] = await invitations();
  await setUpThroughInvitation(page, { ...operator, invitation: newest && linkIn(newest) });
  await keepRecoveryCodes(page);
  await openStaffPage(page, 'Sessions');
  await expect(twoStep).toContainText('On: each sign-in asks for a code from your authenticator app');

  // The admin, in a browser of their own (this project's screen), disables the operator after a confirm step.
  const { isMobile, hasTouch } = testInfo.project.use;
  const admin = await (await browser.newContext({ viewport: page.viewportSize(), isMobile, hasTouch })).newPage();
  await signInStaff(admin, adminAccount);
  await openStaffPage(admin, 'Team');
  const operatorRow = accountRow(admin, email);

  // A lost phone: the admin resets the operator's app, which signs them out and mails a new invitation;
  // the password lets them in again here.
  await expect(operatorRow).toContainText('App set up');
  await operatorRow.getByRole('button', { name: `Reset two-step of ${name}` }).click();
  await operatorRow.getByRole('button', { name: 'Yes, reset' }).click();
  await expect(operatorRow).toContainText(/Invited\s*until/);
  await page.reload();
  await expect(signInForm(page)).toBeVisible();
  await signInStaff(page, operator);

  await operatorRow.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(operatorRow).toContainText(`Disable ${name}? Their sessions end now.`);
  await screenshot(admin, testInfo, 'staff-team-confirm');
  await operatorRow.getByRole('button', { name: 'Yes, disable' }).click();
  await expect(operatorRow).toContainText('Disabled');
  await expect(operatorRow.getByRole('button', { name: `Enable ${name}` })).toBeVisible();

  // The operator's next step lands on the sign-in, and the password no longer opens it.
  await openStaffPage(page, 'Inbox');
  await expect(signInForm(page)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(t('errors:login_failed'));
  await expect(signInForm(page)).toBeVisible();

  // Ending this device's own session signs the admin out.
  await openStaffPage(admin, 'Sessions');
  const current = admin.getByRole('listitem').filter({ hasText: 'This device' });
  await current.getByRole('button', { name: 'End and sign out' }).click();
  await expect(signInForm(admin)).toBeVisible();
  await admin.context().close();
});
