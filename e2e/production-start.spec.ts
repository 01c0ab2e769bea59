/**
 * A company starts a site from nothing, with the back office instead of SQL: on an empty database
 * with one site made by `npm run sites -- add` and its first admin by `npm run staff -- add`, the
 * admin adds an operator, creates a hosted profile with a photo, sets a price and a code; a member
 * buys credits with the code, and the admin sees the first purchase on the dashboard and refunds
 * it. The audit log has a row for each of the admin's actions.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { startFreshSite } from './fresh-site.js';
import { photoFile } from './images.js';
import { openStaffPage, signInStaff } from './staff.js';
import { checkout, expectAccessible, screenshot, signUpMember, uniqueEmail } from './support.js';

const en = catalogue('en');
const SITE = { name: 'Hartslag', language: 'en', country: 'NL' };

const ANY_ID = '\u0000';
const asPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(ANY_ID, '\\w+');

/** The log's English sentence for an action: the names given, and a record of `kind` with any id. */
function logSentence(action: string, names: Record<string, string>, kind?: string): RegExp {
  const record = kind ? en(`staff:log.records.${kind}`, { id: ANY_ID }) : '';
  return new RegExp(`^${asPattern(en(`staff:log.actions.${action}`, { ...names, record }))}`);
}

test('an admin runs a new site from the back office alone, up to refunding its first purchase', async ({
  browser,
}, testInfo) => {
  test.slow();
  const window = testInfo.project.name;
  // A server of its own per window, beside the journeys' shared one.
  const port = Number(process.env.E2E_PORT ?? 3100) + (window === 'phone' ? 50 : 51);
  const fresh = await startFreshSite(port, SITE);
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  try {
    const page = await (await fresh.newContext(browser, { viewport, isMobile, hasTouch })).newPage();
    await signInStaff(page, fresh.admin);

    // Staff: an operator, with a first password to pass on.
    await openStaffPage(page, 'Team');
    const team = page.getByRole('form', { name: 'Add staff' });
    await team.getByLabel('Email').fill(uniqueEmail('operator'));
    await team.getByLabel('Name').fill('Otto');
    await team.getByLabel('Role').selectOption('operator');
    await team.getByRole('button', { name: 'Add staff' }).click();
    await expect(page.getByRole('region', { name: 'Otto is added as operator' })).toBeVisible();

    // A hosted profile with a photo: the site has none until now.
    await openStaffPage(page, 'Profiles');
    await expect(page.getByText('No hosted profiles yet.')).toBeVisible();
    await page.getByRole('link', { name: 'New profile' }).click();
    const details = page.getByRole('form', { name: 'Details' });
    await details.getByLabel('Name').fill('Sanne');
    await details.getByLabel('Date of birth').fill('1990-04-21');
    await details.getByLabel('Gender').selectOption('female');
    await details.getByLabel('Looking for').selectOption('hetero');
    await details.getByLabel('Country (e.g. NL)').fill('NL');
    await details.getByLabel('Town').fill('Utrecht');
    await details.getByRole('button', { name: 'Create profile' }).click();
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.locator('input[type=file]').setInputFiles(await photoFile('sanne.jpg', '#c9826b'));
    await expect(photos.getByText('Main')).toBeVisible();

    // A price: a bundle of 120 credits for €19.99 in the Netherlands.
    await openStaffPage(page, 'Prices');
    await page
      .getByRole('group', { name: 'Price list' })
      .getByLabel('Country')
      .selectOption({ label: 'Netherlands (EUR)' });
    const newBundle = page.getByRole('form', { name: 'New bundle' });
    await newBundle.getByLabel('Credits').fill('120');
    await newBundle.getByLabel('Price (EUR)').fill('19.99');
    await newBundle.getByRole('button', { name: 'Add bundle' }).click();
    await expect(newBundle.getByRole('alert')).toContainText('120 credits for €19.99 added');

    // A code: 10% off, once per member.
    await openStaffPage(page, 'Codes');
    const newCode = page.getByRole('form', { name: 'New discount code' });
    await newCode.getByLabel('Code').fill('WELCOME10');
    await newCode.getByLabel('% off').fill('10');
    await newCode.getByRole('button', { name: 'Add code' }).click();
    await expect(newCode.getByRole('alert')).toContainText('WELCOME10 added');

    // A member finds the hosted profile, and buys the new bundle with the code.
    const member = await (await fresh.newContext(browser, { viewport, isMobile, hasTouch })).newPage();
    const memberId = await signUpMember(member, 'Ilse', { activate: true, site: SITE.name });
    await member.goto('/credits');
    await member.getByRole('button', { name: en('credits:discount.have') }).click();
    await member.getByLabel(en('credits:discount.label')).fill('WELCOME10');
    await member.getByRole('button', { name: en('credits:discount.apply') }).click();
    await expect(
      member.getByRole('status').filter({ hasText: en('credits:discount.off', { percentage: '10' }) }),
    ).toBeVisible();
    await member
      .getByRole('region', { name: en('credits:bundles') })
      .getByRole('article', { name: /\b120 credits\b/ })
      .getByRole('link')
      .click();
    await member.getByLabel(en('credits:payment.bank')).selectOption({ label: 'ING' });
    await checkout(member, 'paid');

    // The dashboard: the site's first purchase, exactly.
    await openStaffPage(page, 'Dashboard');
    const figures = page.getByRole('region', { name: 'Figures' });
    const figure = (label: string) => figures.getByRole('heading', { name: label, exact: true }).locator('xpath=..');
    for (const label of ['Signups', 'First purchases', 'Paying members']) {
      await expect(figure(label).locator('.staff-figure-value')).toHaveText('1');
    }
    await expect(figure('Revenue')).toContainText('€17.99');
    await screenshot(page, testInfo, 'production-start-dashboard');

    // The purchase, refunded with a reason.
    await openStaffPage(page, 'Payments');
    const filters = page.getByRole('form', { name: 'Filter payments' });
    await filters.getByLabel('Member (profile id)').fill(String(memberId));
    await filters.getByRole('button', { name: 'Filter' }).click();
    const purchase = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
    await expect(purchase).toContainText('120 credits');
    await expect(purchase).toContainText('€17.99');
    await purchase.getByRole('button', { name: /^Refund payment #\d+$/ }).click();
    const refund = purchase.getByRole('form', { name: /^Refund payment #\d+$/ });
    await refund.getByLabel(/Why \(for the audit log\)/).fill('Wrong bundle, asked by mail');
    await refund.getByRole('button', { name: 'Yes, refund' }).click();
    await expect(page.getByRole('alert')).toContainText('120 credits taken back');

    // Every step is in the audit log.
    await openStaffPage(page, 'Log');
    const log = page.getByRole('list', { name: 'Audit log entries' });
    const admin = fresh.admin.name;
    for (const sentence of [
      logSentence('staff_add', { actor: admin, subject: 'Otto' }),
      logSentence('hosted_add', { actor: admin, subject: 'Sanne' }),
      logSentence('hosted_photo_add', { actor: admin, subject: 'Sanne' }),
      logSentence('bundle_add', { actor: admin }, 'bundle'),
      logSentence('discount_add', { actor: admin }, 'discount'),
      logSentence('payment_refund', { actor: admin }, 'payment'),
    ]) {
      await expect(log.getByRole('listitem').filter({ hasText: sentence })).toHaveCount(1);
    }
    await expectAccessible(page);
    await screenshot(page, testInfo, 'production-start-log');
  } finally {
    await fresh.stop();
  }
});
