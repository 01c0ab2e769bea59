/**
 * The staff team: an admin adds an operator and passes on the first password, shown once; the
 * operator signs in with it and sees only what the role may use, manages their own sessions, and
 * is signed out at their next step once the admin disables the account.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { expectAccessible, otherPerson, screenshot, uniqueEmail } from './support.js';

const t = catalogue('en');
const ADMIN = { email: 'admin@amora.test', password: 'amora-admin-2026' };

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/staff');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff' });
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

  // The admin has every right: all three pages in the bar.
  await signIn(page, ADMIN);
  await expect(staffNav(page).getByRole('link')).toHaveText(['Inbox', 'Team', 'Sessions']);
  await staffNav(page).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(staffNav(page).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  // One's own account cannot be changed here: no role choice, no Disable.
  const own = accountRow(page, ADMIN.email);
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
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(signInForm(page)).toBeVisible();

  // The operator signs in with it: the inbox and their sessions, not the team.
  await signIn(page, { email, password });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(staffNav(page).getByRole('link')).toHaveText(['Inbox', 'Sessions']);
  await expect(page.getByRole('heading', { name: 'Waiting for an answer' })).toBeVisible();
  await page.goto('/staff/team');
  await expect(page.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(0);

  // Signed in on a second device too; the first ends that session, and the second is signed out.
  const otherDevice = await otherPerson(browser);
  await signIn(otherDevice, { email, password });
  await staffNav(page).getByRole('link', { name: 'Sessions' }).click();
  const sessions = page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.nth(1)).not.toContainText('This device');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-sessions');
  await sessions.nth(1).getByRole('button', { name: /^End/ }).click();
  await expect(sessions).toHaveCount(1);
  await staffNav(otherDevice).getByRole('link', { name: 'Sessions' }).click();
  await expect(signInForm(otherDevice)).toBeVisible();
  await otherDevice.context().close();

  // The admin, in a browser of their own (this project's screen), disables the operator after a confirm step.
  const { isMobile, hasTouch } = testInfo.project.use;
  const admin = await (await browser.newContext({ viewport: page.viewportSize(), isMobile, hasTouch })).newPage();
  await signIn(admin, ADMIN);
  await staffNav(admin).getByRole('link', { name: 'Team' }).click();
  const operatorRow = accountRow(admin, email);
  await operatorRow.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(operatorRow).toContainText(`Disable ${name}? Their sessions end now.`);
  await screenshot(admin, testInfo, 'staff-team-confirm');
  await operatorRow.getByRole('button', { name: 'Yes, disable' }).click();
  await expect(operatorRow).toContainText('Disabled');
  await expect(operatorRow.getByRole('button', { name: `Enable ${name}` })).toBeVisible();

  // The operator's next step lands on the sign-in, and the password no longer opens it.
  await staffNav(page).getByRole('link', { name: 'Inbox' }).click();
  await expect(signInForm(page)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(t('errors:login_failed'));
  await expect(signInForm(page)).toBeVisible();

  // Ending this device's own session signs the admin out.
  await staffNav(admin).getByRole('link', { name: 'Sessions' }).click();
  const current = admin.getByRole('listitem').filter({ hasText: 'This device' });
  await current.getByRole('button', { name: 'End and sign out' }).click();
  await expect(signInForm(admin)).toBeVisible();
  await admin.context().close();
});
