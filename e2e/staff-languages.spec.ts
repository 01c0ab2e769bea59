/**
 * The back office in each staff member's language: a Dutch operator and a Polish admin each choose
 * theirs under Sessions, and from then on the bar, their pages, dates and the audit log's sentences
 * speak it, after a reload too, while the site stays in its own language for everyone else.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { addStaffByCommand, logOutStaff, openStaffPage, signInStaff, staffNav } from './staff.js';
import { expectAccessible, otherPerson, screenshot } from './support.js';

const en = catalogue('en');
const nl = catalogue('nl');
const pl = catalogue('pl');

/** Chooses the back office's language under Sessions, in the words of the language it is in now. */
async function chooseLanguage(page: Page, from: typeof en, language: string) {
  await openStaffPage(page, from('staff:nav.sessions'), from);
  await page.getByLabel(from('staff:language.label')).selectOption({ label: language });
}

test('a Dutch operator and a Polish admin work the back office in their own languages', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const admin = addStaffByCommand('admin', `Agnieszka ${testInfo.project.name}`);
  const operator = addStaffByCommand('operator', `Daan ${testInfo.project.name}`);

  // The admin signs in in the site's language (English here), then chooses Polish.
  await signInStaff(page, admin);
  await chooseLanguage(page, en, 'Polski');
  await expect(page.getByRole('heading', { name: pl('staff:sessions.title'), level: 1 })).toBeVisible();
  await expect(staffNav(page, pl).getByRole('link', { name: pl('staff:nav.dashboard') })).toBeVisible();
  await expect(page.getByText(pl('staff:twoStep.on'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-sessions-pl');

  // The Dutch operator, in a browser of their own, chooses Dutch: available, the inbox in the bar.
  const daan = await otherPerson(browser);
  await signInStaff(daan, operator);
  await chooseLanguage(daan, en, 'Nederlands');
  await expect(daan.getByRole('heading', { name: nl('staff:sessions.title'), level: 1 })).toBeVisible();
  await expect(daan.getByRole('switch', { name: nl('staff:shell.available') })).toBeChecked();
  await expect(daan.getByRole('button', { name: nl('staff:sessions.endAndSignOut') })).toBeVisible();
  // The switch follows the server's answer, as the bar does: clicked, then unchecked once saved.
  await daan.getByRole('switch', { name: nl('staff:shell.available') }).click();
  await expect(daan.getByRole('switch', { name: nl('staff:shell.available') })).not.toBeChecked();
  await expectAccessible(daan);
  await screenshot(daan, testInfo, 'staff-sessions-nl');
  // The choice is the account's: a reload keeps it.
  await daan.reload();
  await expect(staffNav(daan, nl).getByRole('link', { name: nl('staff:nav.inbox') })).toBeVisible();
  await expect(daan.getByRole('heading', { name: nl('staff:sessions.title'), level: 1 })).toBeVisible();

  // The admin reads the log in Polish sentences: the operator going away, her own set-up.
  await openStaffPage(page, pl('staff:nav.log'), pl);
  const entries = page.getByRole('list', { name: pl('staff:log.entries') });
  await expect(entries).toContainText(pl('staff:log.actions.status_away', { actor: operator.name }));
  await expect(entries).toContainText(pl('staff:log.actions.two_step_enrol', { actor: admin.name }));
  await expect(page.getByRole('heading', { name: pl('staff:log.title'), level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-log-pl');

  // The Dutch operator signs out: the sign-in is in the site's language again.
  await logOutStaff(daan, nl);
  await expect(daan.getByRole('heading', { name: en('staff:signIn.title') })).toBeVisible();
  await daan.context().close();
});
