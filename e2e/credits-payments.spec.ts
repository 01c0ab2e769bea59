/**
 * Paying beyond the first checkout: a repeat order charges the saved card in one step (a declined
 * card offers a retry or PayPal), direct debit with a texted code, the trial package and a discount
 * offered to a member about to delete the account, and a second trial package refunded.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  checkout,
  chooseBundle,
  expectAccessible,
  expectTapTargets,
  getPremium,
  screenshot,
  signUpMember,
  topBarCredits,
} from './support.js';

const t = catalogue('en');

test('a repeat order charges the saved card in one step; a declined card offers a retry or PayPal', async ({
  page,
}, testInfo) => {
  await signUpMember(page, 'Mats', { activate: true });
  await chooseBundle(page, 50);
  await page.getByRole('radio', { name: t('credits:methods.creditcard') }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: t('credits:sandbox.outcomes.paid'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible();

  await page.goto('/credits');
  await page.getByRole('link', { name: t('credits:repeat.link') }).click();
  await expect(page.getByText(t('credits:repeat.savedCard'))).toBeVisible();
  await screenshot(page, testInfo, 'credits-repeat-order');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Buy again for/ }).click();
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible();
  // 20 signup credits and two bundles of 50.
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '120' }));

  // Another card, whose later charges the bank declines.
  await chooseBundle(page, 50);
  await page.getByRole('radio', { name: t('credits:methods.creditcard') }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: t('credits:sandbox.outcomes.paid_card_declines'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible();
  await page.goto('/credits/repeat-order');
  await page.getByRole('button', { name: /^Buy again for/ }).click();
  await expect(page.getByRole('heading', { name: t('credits:outcome.failed.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('credits:outcome.failed.retry') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('credits:outcome.failed.paypal') })).toBeVisible();
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '170' }));
  await page.getByRole('link', { name: t('credits:outcome.failed.paypal') }).click();
  await expect(page.getByRole('radio', { name: t('credits:methods.paypal') })).toBeChecked();
});

test('direct debit: the form, a wrong and a right texted code, then paid once the bank collects', async ({
  page,
}, testInfo) => {
  await signUpMember(page, 'Femke', { activate: true });
  // Without a chosen bundle, /directdebit sends the member to pick one first.
  await page.goto('/directdebit');
  await expect(page).toHaveURL(/\/credits\?reason=pick-bundle$/);
  await expect(page.getByText(t('credits:directDebit.pickBundle'))).toBeVisible();
  await chooseBundle(page, 50);
  await page.getByRole('radio', { name: t('credits:methods.directdebit') }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: t('credits:directDebit.title') })).toBeVisible();

  const phone = `+3161${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await page.getByLabel(t('credits:directDebit.accountHolder')).fill('Femke Jansen');
  await page.getByLabel(t('credits:directDebit.iban')).fill('NL91 ABNA 0417 1643 01');
  await page.getByLabel(t('credits:directDebit.street')).fill('Prinsengracht');
  await page.getByLabel(t('credits:directDebit.houseNumber')).fill('263');
  await page.getByLabel(t('credits:directDebit.zip')).fill('1016 GV');
  await page.getByLabel(t('credits:directDebit.city')).fill('Amsterdam');
  await page.getByLabel(t('credits:directDebit.phone')).fill(phone);
  await page.getByRole('button', { name: t('credits:directDebit.sendCode') }).click();
  await expect(page.getByText(t('errors:field.iban_invalid'))).toBeVisible();
  await page.getByLabel(t('credits:directDebit.iban')).fill('NL91 ABNA 0417 1643 00');
  await screenshot(page, testInfo, 'direct-debit');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);
  await page.getByRole('button', { name: t('credits:directDebit.sendCode') }).click();

  const codeField = page.getByLabel(t('credits:directDebit.code'));
  await expect(codeField).toBeVisible();
  const texts = (await (await page.request.get(`/api/dev/texts.php?to=${encodeURIComponent(phone)}`)).json()) as {
    texts: { body: string }[];
  };
  const code = texts.texts[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: /^Confirm and pay/ }).click();
  await expect(page.getByText(t('errors:otp_invalid'))).toBeVisible();
  await codeField.fill(code);
  await page.getByRole('button', { name: /^Confirm and pay/ }).click();

  await expect(page.getByRole('heading', { name: t('credits:outcome.pending.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(t('credits:methods.directdebit')).first()).toBeVisible();
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '70' }));
});

test('a member about to delete the account is offered the trial package and a discount to stay', async ({ page }) => {
  await signUpMember(page, 'Vera', { activate: true });
  await page.goto('/notifications/delete-account');
  await expect(
    page.getByRole('link', { name: /^Start small with the trial package: 30 credits for €2\.99$/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: t('app:settings.delete.alternativeDiscount', { percentage: '50' }) }).click();
  await expect(page).toHaveURL(/\/credits\?code=STAY50-/);
  await expect(
    page.getByRole('status').filter({ hasText: t('credits:discount.off', { percentage: '50' }) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: t('credits:bundle.buy', { price: '€4.99' }) })).toBeVisible();
});

/** Opens the trial package from /credits: its card is known by its flag, "Trial package". */
async function chooseTrial(page: Page) {
  await page.goto('/credits');
  const bundles = page.getByRole('region', { name: t('credits:bundles') });
  const trial = bundles.getByRole('article').filter({ hasText: t('credits:bundle.trial') });
  await expect(trial).toHaveAccessibleName(/\b30 credits\b/);
  await trial.getByRole('link').click();
  await expect(page.getByRole('heading', { name: t('credits:payment.title') })).toBeVisible();
}

test('a second trial package paid from an old checkout brings no credits and is refunded, and the purchase says why', async ({
  page,
}, testInfo) => {
  await signUpMember(page, 'Sanne', { activate: true });
  // The trial package started, its checkout left open in another tab as it were.
  await chooseTrial(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(t('credits:sandbox.tag'))).toBeVisible();
  const firstCheckout = page.url();
  expect(firstCheckout).toMatch(/\/sandbox\/checkout\/[^/]+$/);

  // The trial package again, paid: its 30 credits join the 20 every new member gets.
  await chooseTrial(page);
  await checkout(page, 'paid');
  const paidUrl = page.url();
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible();
  await expect(page.getByText(t('credits:outcome.paid.body', { count: '30' }))).toBeVisible();
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '50' }));

  // The first checkout paid after all: the member had the trial already, so it is refused.
  await page.goto(firstCheckout);
  await page.getByRole('button', { name: t('credits:sandbox.outcomes.paid'), exact: true }).click();
  await page.waitForURL(/\/transactions\/\d+\?return=1$/);
  expect(page.url()).not.toBe(paidUrl);
  const refusal = page.getByRole('status').filter({ hasText: t('credits:refusal.trial_used') });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('link', { name: t('credits:bundles') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeHidden();
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '50' }));

  // The refund goes through the provider in a job: the purchase shows it once it is back.
  const status = page.getByRole('article').locator('.status-pill');
  await expect(async () => {
    await page.reload();
    await expect(status).toHaveText(t('credits:status.refunded'), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(refusal.getByRole('heading', { name: t('credits:refusal.title_refunded') })).toBeVisible();
  await expect(refusal.getByText(t('credits:refusal.refunded', { amount: '€2.24' }))).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: new RegExp(`^${t('credits:status.refunded')} · `) }),
  ).toHaveCount(1);
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '50' }));
  await expect(getPremium(page)).toBeHidden();
  await screenshot(page, testInfo, 'credits-refused');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);

  // Among the purchases: the trial paid, and the one refunded.
  await page.getByRole('link', { name: t('credits:transactions.link') }).click();
  await expect(page.getByRole('link', { name: new RegExp(t('credits:status.paid')) })).toHaveCount(1);
  await expect(page.getByRole('link', { name: new RegExp(t('credits:status.refunded')) })).toHaveCount(1);
});
