/**
 * A member's whole account life, as a person clicks through it: signup → activation mail →
 * log out and in → password reset → email change → password change → delete → reactivate.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  chooseDateOfBirth,
  enterSite,
  expectAccessible,
  expectTapTargets,
  latestMail,
  linkIn,
  screenshot,
  uniqueEmail,
} from './support.js';

const NATIVE = { en: 'English', nl: 'Nederlands' } as const;

// A visitor in the UK: the English site writes dates as the UK does; the Dutch one as Dutch does.
test.use({ locale: 'en-GB' });
const DATE_LOCALE = { en: 'en-GB', nl: 'nl' } as const;

for (const locale of ['en', 'nl'] as const) {
  test(`account lifecycle in ${locale}`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const t = catalogue(locale);
    const shot = (name: string) => screenshot(page, testInfo, `${locale}-${name}`);
    const email = uniqueEmail(`life-${locale}`);
    const name = `Sam${locale.toUpperCase()}`;
    let password = 'first-password-1';

    await enterSite(page, '/');
    await page
      .getByRole('button', { name: 'Language' })
      .or(page.getByRole('button', { name: t('nav.language') }))
      .click();
    await page.getByRole('button', { name: NATIVE[locale] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.heroTitle'));
    await expectAccessible(page);
    await shot('01-home');

    // Signup: bad input first, then a good one.
    await page.goto('/signup');
    const submitSignup = page.getByRole('button', { name: t('nav.join') });
    await page.getByLabel(t('fields.email'), { exact: true }).fill('not-an-email');
    await page.getByLabel(t('fields.name'), { exact: true }).fill('@sam');
    await page.getByLabel(t('fields.password'), { exact: true }).fill('short');
    const dateParts = { day: t('fields.day'), month: t('fields.month'), year: t('fields.year') };
    // The date of birth reads as the visitor's region writes dates (day first in the UK), in the site's words.
    const dateOfBirth = page.getByRole('group', { name: t('fields.dateOfBirth') });
    const order = new Intl.DateTimeFormat(DATE_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric' })
      .formatToParts(new Date(Date.UTC(2000, 0, 2)))
      .map((part) => part.type)
      .filter((type) => type === 'day' || type === 'month' || type === 'year');
    const selects = dateOfBirth.getByRole('combobox');
    await expect(selects).toHaveCount(3);
    for (const [index, part] of order.entries()) {
      await expect(selects.nth(index)).toHaveAccessibleName(dateParts[part]);
    }
    const may = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 4, 1)),
    );
    await expect(dateOfBirth.getByRole('option', { name: may, exact: true })).toHaveCount(1);
    // The terms' date too.
    const settings = (await (await page.request.get('/api/settings.php')).json()) as { terms_version_date: string };
    const termsDate = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'long' }).format(
      new Date(settings.terms_version_date),
    );
    await expect(page.getByText(termsDate)).toBeVisible();
    await chooseDateOfBirth(page, dateParts, `${new Date().getFullYear() - 30}-02-31`);
    await submitSignup.click();
    await expect(page.getByText(t('errors:field.invalid_email'))).toBeVisible();
    await expect(page.getByText(t('errors:field.name_starts_with_at'))).toBeVisible();
    await expect(page.getByText(t('errors:field.birthdate_invalid'))).toBeVisible();
    await expectAccessible(page);
    if (testInfo.project.name === 'phone') await expectTapTargets(page);
    await shot('02-signup-errors');

    await page.getByLabel(t('fields.email'), { exact: true }).fill('sam@example.test');
    await page.getByLabel(t('fields.name'), { exact: true }).fill('Sam@Example.test');
    await submitSignup.click();
    await expect(page.getByText(t('errors:field.name_equals_email'))).toBeVisible();
    await page.getByLabel(t('fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('fields.name'), { exact: true }).fill(name);
    await page.getByLabel(t('fields.password'), { exact: true }).fill(password);
    await chooseDateOfBirth(page, dateParts, '1990-05-17');
    await submitSignup.click();
    await expect(page.getByRole('heading', { name: t('members:complete.title') })).toBeVisible();
    await expect(page.getByText(t('activation.title')).first()).toBeVisible();
    // It says when the mail comes, where it went and where else to look.
    await expect(page.getByText(t('activation.body', { email })).first()).toBeVisible();
    await expect(page.getByText(t('activation.arrives')).first()).toBeVisible();
    await shot('03-after-signup');

    const activation = await latestMail(request, email, t('mail:activate.subject', { site: 'Amora' }));
    await page.goto(linkIn(activation));
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByText(t('activate.done'))).toBeVisible();
    await expectAccessible(page);
    await shot('04-activated');
    // The signup steps are not finished: "Continue" goes back to them.
    await page.getByRole('link', { name: t('activate.continue') }).click();
    await expect(page).toHaveURL(/\/complete-signup$/);
    await expect(page.getByRole('heading', { name: t('members:complete.title') })).toBeVisible();
    await page.goto('/');
    await expect(page.getByText(t('home.activated'))).toBeVisible();
    await expect(page.getByText(t('activation.title'))).toHaveCount(0);

    await logOut(page, name, t('nav.logout'));

    // Log in: a wrong password, then the right one.
    await page.goto('/login');
    await page.getByLabel(t('fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('fields.password'), { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(t('errors:login_failed'));
    await expectAccessible(page);
    await shot('05-login-failed');
    await page.getByLabel(t('fields.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByRole('heading', { name: t('home.welcome', { name }) })).toBeVisible();
    await logOut(page, name, t('nav.logout'));

    // Password reset by mail.
    await page.goto('/login');
    await page.getByRole('link', { name: t('login.forgot') }).click();
    await expect(page.getByRole('heading', { name: t('reset.title') })).toBeVisible();
    await page.getByLabel(t('fields.email'), { exact: true }).fill(`nobody-${email}`);
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByText(t('errors:email_not_found'))).toBeVisible();
    await page.getByLabel(t('fields.email'), { exact: true }).fill(email);
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByText(t('reset.sent', { email }))).toBeVisible();
    await shot('06-reset-sent');
    const resetMail = await latestMail(request, email, t('mail:reset.subject', { site: 'Amora' }));
    await page.goto(linkIn(resetMail));
    password = 'second-password-2';
    await page.getByLabel(t('fields.newPassword'), { exact: true }).fill(password);
    await page.getByLabel(t('fields.repeatPassword'), { exact: true }).fill('something-else');
    await page.getByRole('button', { name: t('resetDo.submit') }).click();
    await expect(page.getByText(t('errors:field.passwords_differ'))).toBeVisible();
    await expectAccessible(page);
    await shot('07-reset-mismatch');
    await page.getByLabel(t('fields.repeatPassword'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('resetDo.submit') }).click();
    await expect(page.getByText(t('reset.done'))).toBeVisible();
    await page.goto(linkIn(resetMail));
    await expect(page.getByText(t('errors:link_invalid'))).toBeVisible();

    // Settings: change email.
    // Settings are a list; a link to a section opens it.
    await page.goto('/notifications#email');
    const newEmail = uniqueEmail(`moved-${locale}`);
    const emailForm = page.locator('#email');
    await emailForm.getByLabel(t('fields.newEmail'), { exact: true }).fill(newEmail);
    await emailForm.getByLabel(t('fields.oldPassword'), { exact: true }).fill('not-my-password');
    await emailForm.getByRole('button', { name: t('settings.email.submit') }).click();
    await expect(emailForm.getByText(t('errors:old_password_wrong'))).toBeVisible();
    await emailForm.getByLabel(t('fields.oldPassword'), { exact: true }).fill(password);
    await emailForm.getByLabel(t('fields.newEmail'), { exact: true }).fill('broken@');
    await emailForm.getByRole('button', { name: t('settings.email.submit') }).click();
    await expect(emailForm.getByText(t('errors:mail_change_invalid'))).toBeVisible();
    await emailForm.getByLabel(t('fields.newEmail'), { exact: true }).fill('demo@amora.test');
    await emailForm.getByRole('button', { name: t('settings.email.submit') }).click();
    await expect(emailForm.getByText(t('errors:mail_change_duplicate'))).toBeVisible();
    await emailForm.getByLabel(t('fields.newEmail'), { exact: true }).fill(newEmail);
    await emailForm.getByRole('button', { name: t('settings.email.submit') }).click();
    await expect(emailForm.getByText(t('settings.email.pending', { email: newEmail }))).toBeVisible();
    await expectAccessible(page);
    if (testInfo.project.name === 'phone') await expectTapTargets(page);
    await shot('08-settings');
    const changeMail = await latestMail(request, newEmail, t('mail:mail_change.subject', { site: 'Amora' }));
    await page.goto(linkIn(changeMail));
    await expect(page.getByText(t('mailChange.done'))).toBeVisible();
    await shot('08-mail-changed');
    await page.getByRole('link', { name: t('mailChange.toSettings') }).click();
    await expect(page.getByRole('heading', { name: t('settings.title'), level: 1 })).toBeVisible();
    await expect(page.getByText(t('settings.email.current', { email: newEmail }))).toBeVisible();
    await latestMail(request, email, t('mail:mail_changed.subject', { site: 'Amora' }));

    // Settings: change password.
    const passwordForm = page.locator('#password');
    await passwordForm.getByText(t('settings.password.title'), { exact: true }).click();
    await passwordForm.getByLabel(t('fields.oldPassword'), { exact: true }).fill('not-my-password');
    await passwordForm.getByLabel(t('fields.newPassword'), { exact: true }).fill('third-password-3');
    await passwordForm.getByLabel(t('fields.repeatPassword'), { exact: true }).fill('third-password-3');
    await passwordForm.getByRole('button', { name: t('settings.password.submit') }).click();
    await expect(passwordForm.getByText(t('errors:old_password_wrong'))).toBeVisible();
    await passwordForm.getByLabel(t('fields.oldPassword'), { exact: true }).fill(password);
    await passwordForm.getByRole('button', { name: t('settings.password.submit') }).click();
    await expect(passwordForm.getByText(t('settings.password.done'))).toBeVisible();
    password = 'third-password-3';

    // Delete the account, fail to log in, get it back with the mailed link.
    await page.getByRole('link', { name: t('settings.delete.title') }).click();
    await expect(page).toHaveURL(/\/notifications\/delete-account$/);
    const deleteForm = page.locator('#delete');
    await deleteForm.getByRole('button', { name: t('settings.delete.submit') }).click();
    await expect(deleteForm.getByText(t('errors:field.invalid_choice'))).toBeVisible();
    await deleteForm.getByLabel(t('settings.delete.reasons.found_partner')).check();
    await deleteForm.getByLabel(t('fields.password'), { exact: true }).fill(password);
    await expectAccessible(page);
    if (testInfo.project.name === 'phone') await expectTapTargets(page);
    await shot('09-delete');
    await deleteForm.getByRole('button', { name: t('settings.delete.submit') }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { name: t('deleted.title') })).toBeVisible();
    await expectAccessible(page);
    await shot('10-deleted');

    await page.goto('/login');
    await page.getByLabel(t('fields.email'), { exact: true }).fill(newEmail);
    await page.getByLabel(t('fields.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(t('errors:account_deleted', { date: '' }).split(' ')[0]);

    const reactivateMail = await latestMail(request, newEmail, t('mail:reactivate.subject', { site: 'Amora' }));
    await page.goto(linkIn(reactivateMail));
    await shot('11-reactivate');
    await page.getByRole('button', { name: t('deleted.reactivate') }).click();
    await expect(page.getByText(t('deleted.welcomeBack'))).toBeVisible();
    await expect(page.getByRole('heading', { name: t('home.welcome', { name }) })).toBeVisible();
  });
}

async function logOut(page: Page, name: string, logoutLabel: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: logoutLabel }).click();
  await expect(page.getByRole('link', { name: /log ?in|inloggen/i }).first()).toBeVisible();
}
