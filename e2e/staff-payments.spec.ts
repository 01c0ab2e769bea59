/**
 * Payments in the back office: a member buys credits; an admin sees it on the dashboard, finds the
 * purchase by the member's id and refunds it with a reason, and the list then shows it refunded with
 * the credits taken back. The admin adds a discount code, and puts a bundle on sale that the member
 * sees at its price.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { addStaffByCommand, openStaffPage, signInStaff } from './staff.js';
import { checkout, chooseBundle, expectAccessible, otherPerson, screenshot, signUpMember } from './support.js';

const en = catalogue('en');

/** A bundle of its own per window size, since both journeys price the same site at once. */
const NEW_BUNDLE = {
  phone: { credits: 65, price: '12.34', vat: '€2.14 VAT (21%) included; €10.20 net.', changed: '13.45' },
  desktop: { credits: 85, price: '16.78', vat: '€2.91 VAT (21%) included; €13.87 net.', changed: '17.89' },
} as const;

test('an admin refunds a member’s purchase with a reason, adds a code and sets a price the member sees', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const member = await otherPerson(browser);
  const profileId = await signUpMember(member, 'Ines', { activate: true });
  await chooseBundle(member, 150);
  await member.getByLabel(en('credits:payment.bank')).selectOption({ label: 'ING' });
  await checkout(member, 'paid');

  const admin = addStaffByCommand('admin', `Ada ${testInfo.project.name}`);
  await signInStaff(page, admin);

  // The dashboard, first in the bar: today's purchase counts (other journeys buy on the same site too).
  await openStaffPage(page, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Figures' });
  const figure = (label: string) => figures.getByRole('heading', { name: label, exact: true }).locator('xpath=..');
  for (const label of ['First purchases', 'Paying members']) {
    await expect(figure(label).locator('.staff-figure-value')).toHaveText(/^[1-9][\d,]*$/);
  }
  await expect(figure('Revenue')).toContainText(/€[\d.,]+ paid/);
  await expect(figure('Time to first answer')).toContainText('median');
  await expect(
    page.getByRole('figure', { name: 'Net revenue per day' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-dashboard');

  await openStaffPage(page, 'Payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter payments' });
  await filters.getByLabel('Member (profile id)').fill(String(profileId));
  await filters.getByLabel('Status').selectOption('paid');
  await filters.getByRole('button', { name: 'Filter' }).click();
  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
  // The header row and the one purchase.
  await expect(rows).toHaveCount(2);
  const purchase = rows.nth(1);
  await expect(purchase).toContainText(`Ines (#${profileId})`);
  await expect(purchase).toContainText('150 credits');
  await expect(purchase).toContainText('Paid');
  // The member's name leads to what the members desk knows of them.
  await expect(purchase.getByRole('link', { name: `Ines (#${profileId})` })).toHaveAttribute(
    'href',
    `/staff/members/${profileId}`,
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-payments');

  const refundButton = purchase.getByRole('button', { name: /^Refund payment #\d+$/ });
  const paymentId = (await refundButton.textContent())?.match(/#(\d+)$/)?.[1];
  await refundButton.click();
  const refund = purchase.getByRole('form', { name: /^Refund payment #\d+$/ });
  await expect(refund.getByRole('button', { name: 'Yes, refund' })).toBeDisabled();
  await refund.getByLabel(/Why \(for the audit log\)/).fill('Bought by mistake, asked by phone');
  await screenshot(page, testInfo, 'staff-payments-refund');
  await refund.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /refunded: €[\d.,]+ back to the member, 150 credits taken back\./,
  );

  await filters.getByLabel('Status').selectOption('refunded');
  await expect(rows.nth(1)).toContainText('Refunded');
  await expect(rows.nth(1)).toContainText('150 taken back');
  await expect(rows.nth(1).getByRole('button')).toHaveCount(0);

  // The audit log has it: who, which payment, before and after, and why.
  await openStaffPage(page, 'Log');
  const logFilter = page.getByRole('form', { name: 'Filter the log' });
  await logFilter.getByLabel('Record').fill(`payment:${paymentId}`);
  await logFilter.getByRole('button', { name: 'Filter' }).click();
  const entries = page
    .getByRole('list', { name: 'Audit log entries' })
    .getByRole('listitem')
    .filter({
      hasText: `Ada ${testInfo.project.name} refunded payment ${paymentId}`,
    });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('status: paid → refunded');
  await expect(entries).toContainText('Reason: Bought by mistake, asked by phone');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-log');

  // A campaign code: added for the site, then switched off; the list says how often it was used. The demo's
  // SUMMER2024, past its last day, reads expired though its switch is on.
  const code = `AUTUMN${testInfo.project.name.toUpperCase()}`;
  await openStaffPage(page, 'Codes');
  const form = page.getByRole('form', { name: 'New discount code' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('% off').fill('15');
  await form.getByLabel('Last day (optional)').fill('2099-12-31');
  await form.getByRole('button', { name: 'Add code' }).click();
  await expect(form.getByRole('alert')).toContainText(`${code} added`);
  const row = page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15% · Once per member');
  await expect(row).toContainText('until 31 December 2099');
  await expect(row).toContainText('Active');
  const summer = page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: 'SUMMER2024' });
  await expect(summer).toContainText('until 1 September 2024');
  await expect(summer).toContainText('Expired');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-discounts');
  await row.getByRole('button', { name: `Switch off ${code}` }).click();
  await expect(row).toContainText('Off');
  await expect(row.getByRole('button', { name: `Switch on ${code}` })).toBeVisible();

  // Prices: a bundle put on sale in the Netherlands, seen by the member at its price, changed, then taken off sale.
  const bundle = NEW_BUNDLE[testInfo.project.name as keyof typeof NEW_BUNDLE];
  const bundleName = `${bundle.credits} credits`;
  await openStaffPage(page, 'Prices');
  await expect(page.getByRole('heading', { name: 'Prices', level: 1 })).toBeVisible();
  await page
    .getByRole('group', { name: 'Price list' })
    .getByLabel('Country')
    .selectOption({ label: 'Netherlands (EUR)' });
  const bundles = page.getByRole('table', { name: 'Bundles in Netherlands' });
  await expect(bundles.getByRole('row').filter({ hasText: '400 credits' })).toContainText('Popular');
  const newBundle = page.getByRole('form', { name: 'New bundle' });
  await newBundle.getByLabel('Credits').fill(String(bundle.credits));
  await newBundle.getByLabel('Price (EUR)').fill(bundle.price);
  await expect(newBundle.getByLabel('Price (EUR)')).toHaveAccessibleDescription(bundle.vat);
  await newBundle.getByRole('button', { name: 'Add bundle' }).click();
  await expect(newBundle.getByRole('alert')).toContainText(`${bundleName} for €${bundle.price} added`);
  const bundleRow = bundles.getByRole('row').filter({ hasText: bundleName });
  await expect(bundleRow).toContainText(`€${bundle.price}`);
  await expect(bundleRow).toContainText('On sale');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-prices');

  const card = member
    .getByRole('region', { name: en('credits:bundles') })
    .getByRole('article', { name: new RegExp(`\\b${bundle.credits} credits\\b`) });
  await member.goto('/credits');
  await expect(card).toContainText(`€${bundle.price}`);

  await bundleRow.getByRole('button', { name: `Edit ${bundleName}` }).click();
  const change = bundleRow.getByRole('form', { name: `Change ${bundleName}` });
  await change.getByLabel('Price in EUR, VAT included').fill(bundle.changed);
  await screenshot(page, testInfo, 'staff-prices-change');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(bundleRow).toContainText(`€${bundle.changed}`);
  await member.reload();
  await expect(card).toContainText(`€${bundle.changed}`);

  await bundleRow.getByRole('button', { name: `Take off sale ${bundleName}` }).click();
  await expect(bundleRow).toContainText('Off sale');
  await member.reload();
  await expect(member.getByRole('region', { name: en('credits:bundles') })).toBeVisible();
  await expect(card).toHaveCount(0);
  await member.context().close();

  // The log has each step, before and after, in minor units.
  await openStaffPage(page, 'Log');
  await page.getByRole('form', { name: 'Filter the log' }).getByLabel('Action').selectOption('bundle');
  const bundleEntries = page
    .getByRole('list', { name: 'Audit log entries' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^Ada ${testInfo.project.name} (added|changed) credit bundle \\d+`) });
  await expect(bundleEntries).toHaveCount(3);
  const minor = (price: string) => price.replace('.', '');
  await expect(bundleEntries.nth(0)).toContainText('active: true → false');
  await expect(bundleEntries.nth(1)).toContainText(`price: ${minor(bundle.price)} → ${minor(bundle.changed)}`);
  await expect(bundleEntries.nth(2)).toContainText(`credits: – → ${bundle.credits}`);
});
