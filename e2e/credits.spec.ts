/**
 * Buying credits: a new member sees the time-bonus price, tries a bundle that fails at the sandbox
 * checkout, tries again (pending, then paid), becomes premium with the credits in the top bar;
 * cancelled and expired payments add nothing; discount codes are refused with a reason or applied
 * once; the time bonus counts down and, for a member without credits, opens once as a modal; the
 * price list is open to visitors; the credits badge turns amber, then red.
 * Repeat orders, direct debit and the trial package: credits-payments.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  checkout,
  chooseBundle,
  enterSite,
  expectAccessible,
  expectTapTargets,
  getPremium,
  hostedProfiles,
  screenshot,
  signUpMember,
  topBarCredits,
} from './support.js';

const t = catalogue('en');

test('a new member buys credits through the sandbox and becomes premium', async ({ page }, testInfo) => {
  await signUpMember(page, 'Noor', { activate: true });
  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: t('credits:becomePremium') })).toBeVisible();
  await expect(getPremium(page)).toBeVisible();
  // Within four hours of signing up the time bonus takes 25% off every bundle.
  await expect(
    page.getByRole('status').filter({ hasText: t('credits:discount.off', { percentage: '25' }) }),
  ).toBeVisible();
  await expect(page.getByText('€18.74')).toBeVisible();
  // Each bundle buys in one tap, its price on the button; the methods show by their marks.
  const bundles = page.getByRole('region', { name: t('credits:bundles') });
  await expect(
    bundles.getByRole('article', { name: '150 credits' }).getByRole('link', { name: 'Buy for €18.74' }),
  ).toBeVisible();
  await expect(bundles.getByText(t('credits:bundle.bestValue'))).toHaveCount(1);
  for (const method of ['ideal', 'creditcard', 'paypal', 'directdebit']) {
    await expect(page.getByRole('img', { name: t(`credits:methods.${method}`) })).toBeVisible();
  }
  // What a free member gets before buying anything.
  await expect(page.getByRole('heading', { name: t('credits:free.title') })).toBeVisible();
  await expect(page.getByText(t('credits:free.conversations', { count: '2' }))).toBeVisible();
  await screenshot(page, testInfo, 'credits');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);

  await chooseBundle(page, 150);
  await page.getByLabel(t('credits:payment.bank')).selectOption({ label: 'ING' });
  await screenshot(page, testInfo, 'credits-payment');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(t('credits:sandbox.tag'))).toBeVisible();
  await expect(page.getByText('iDEAL · ING')).toBeVisible();
  await screenshot(page, testInfo, 'credits-sandbox-checkout');
  await page.getByRole('button', { name: t('credits:sandbox.outcomes.failed'), exact: true }).click();

  await expect(page.getByRole('heading', { name: t('credits:outcome.failed.title') })).toBeVisible();
  await expect(page.getByText(t('credits:outcome.failed.body'))).toBeVisible();
  await screenshot(page, testInfo, 'credits-failed');
  await expect(getPremium(page)).toBeVisible();

  // Try again: the bank confirms a few seconds later, and the page shows it by itself.
  await page.getByRole('link', { name: t('credits:outcome.failed.retry') }).click();
  await checkout(page, 'pending');
  await expect(page.getByRole('heading', { name: t('credits:outcome.pending.title') })).toBeVisible();
  await screenshot(page, testInfo, 'credits-pending');
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(t('credits:outcome.paid.body', { count: '150' }))).toBeVisible();
  // The 20 credits every new member gets, and the 150 bought.
  await expect(topBarCredits(page)).toHaveAccessibleName(t('credits:balance', { count: '170' }));
  await expect(getPremium(page)).toBeHidden();
  await screenshot(page, testInfo, 'credits-paid');
  await expectAccessible(page);

  // The invoice keeps the discount, the VAT and every state the payment passed through.
  await expect(page.getByText(t('credits:transaction.discount', { code: 'TIMEBONUS25' }))).toBeVisible();
  await expect(page.getByText('€18.74').first()).toBeVisible();
  await page.getByRole('link', { name: t('credits:transactions.link') }).click();
  await expect(page.getByRole('link', { name: new RegExp(t('credits:status.paid')) })).toHaveCount(1);
  await expect(page.getByRole('link', { name: new RegExp(t('credits:status.failed')) })).toHaveCount(1);
  await screenshot(page, testInfo, 'transactions');

  // What premium unlocks stays a tap away from /credits after the first purchase.
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: t('credits:title') })).toBeVisible();
  await page.getByRole('link', { name: t('credits:premium.what') }).click();
  await expect(page.getByRole('heading', { name: t('credits:premium.youArePremium') })).toBeVisible();
});

test('cancelled and expired payments add nothing', async ({ page }) => {
  await signUpMember(page, 'Ilse', { activate: true });
  for (const outcome of ['cancelled', 'expired']) {
    await chooseBundle(page, 50);
    await checkout(page, outcome);
    await expect(page.getByRole('heading', { name: t('credits:outcome.failed.title') })).toBeVisible();
    await expect(getPremium(page)).toBeVisible();
  }
});

/** Types a code on /credits; returns the refusal shown, or null when the code applies. */
async function enterCode(page: Page, code: string) {
  await page.getByRole('button', { name: t('credits:discount.have') }).click();
  await page.getByLabel(t('credits:discount.label')).fill(code);
  await page.getByRole('button', { name: t('credits:discount.apply') }).click();
}

async function bundleId(page: Page, credits: number): Promise<string> {
  const offer = (await (await page.request.get('/api/credits.php')).json()) as {
    bundles: { id: number; credits: number }[];
  };
  return String(offer.bundles.find((bundle) => bundle.credits === credits)?.id);
}

test('discount codes: each refusal says why, a good one lowers the prices, and it is used once', async ({
  page,
}, testInfo) => {
  await signUpMember(page, 'Joris', { activate: true });
  await page.goto('/credits');
  for (const [code, refusal] of [
    ['NOPE', 'discount_not_found'],
    ['SUMMER2024', 'discount_expired'],
    ['BELGIE15', 'discount_country'],
  ] as const) {
    await enterCode(page, code);
    await expect(page.getByText(t(`errors:${refusal}`))).toBeVisible();
    await page.reload();
  }

  // BIGGER30 needs an order of €50: only the two largest bundles get it.
  await enterCode(page, 'bigger30');
  await expect(
    page.getByRole('status').filter({ hasText: t('credits:discount.off', { percentage: '30' }) }),
  ).toBeVisible();
  await expect(page.getByText('€69.30')).toBeVisible();
  await expect(page.getByRole('link', { name: t('credits:bundle.buy', { price: '€9.99' }) })).toBeVisible();
  await page.goto(`/credits/${await bundleId(page, 50)}/ideal?code=BIGGER30`);
  await expect(page.getByText(t('errors:discount_minimum_order'))).toBeVisible();

  await page.goto('/credits');
  await enterCode(page, 'SPRING10');
  await expect(page.getByText('€8.99')).toBeVisible();
  await page
    .getByRole('region', { name: t('credits:bundles') })
    .getByRole('article', { name: /^50 / })
    .getByRole('link')
    .click();
  await expect(page.getByText(t('credits:payment.discount', { code: 'SPRING10', percentage: '10' }))).toBeVisible();
  await screenshot(page, testInfo, 'credits-discount');
  await checkout(page, 'paid');
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible();

  await page.goto('/credits');
  await enterCode(page, 'SPRING10');
  await expect(page.getByText(t('errors:discount_used'))).toBeVisible();
});

test('a new member without credits is shown the time bonus and when it ends, then once a modal', async ({
  page,
}, testInfo) => {
  await signUpMember(page, 'Tess', { activate: true });
  // Three free messages, then two of 10 credits: the 20 signup credits are spent.
  const [hosted] = await hostedProfiles(page, 1);
  for (let i = 0; i < 5; i++) {
    const sent = await page.request.post('/api/chat.php', {
      headers: { 'x-request-type': 'client' },
      data: { client_id: crypto.randomUUID(), profile_id: hosted?.id, text: `Hello ${i}` },
    });
    expect(sent.ok()).toBe(true);
  }

  await page.clock.install();
  await page.goto('/members');
  // The photo alert goes first in the one banner slot; the offer follows.
  await page
    .getByRole('alert')
    .filter({ hasText: t('members:photoAlert.body') })
    .getByRole('button', { name: t('members:gallery.close') })
    .click();
  const banner = page.getByRole('alert').filter({ hasText: t('credits:timeBonus.offer', { percentage: '25' }) });
  await expect(banner).toBeVisible();
  // The end time, not a ticking clock.
  const until = banner.locator('.time-bonus-until');
  await expect(until).toHaveText(/^until \d{1,2}:\d\d/);
  const before = await until.textContent();
  await page.clock.runFor(2_000);
  await expect(until).toHaveText(before ?? '');
  await screenshot(page, testInfo, 'time-bonus-banner');

  await page.clock.runFor(40_000);
  const modal = page.getByRole('dialog', { name: t('credits:timeBonus.offer', { percentage: '25' }) });
  await expect(modal).toBeVisible();
  await expect(modal.locator('.time-bonus-until')).toHaveText(before ?? '');
  await screenshot(page, testInfo, 'time-bonus-modal');
  await expectAccessible(page);
  await modal.getByRole('button', { name: t('app:common.close') }).click();
  await expect(modal).toBeHidden();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
});

test('the price list is open to visitors from the footer, and premium says what it unlocks', async ({
  page,
}, testInfo) => {
  await enterSite(page, '/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('app:footer.pricing') })
    .click();
  await expect(page.getByRole('heading', { name: t('credits:pricing.title') })).toBeVisible();
  await page.getByLabel(t('credits:pricing.country')).selectOption('GB');
  // The cards of /credits; Buy leads a visitor to sign up, then on to that bundle.
  const fifty = page.getByRole('region', { name: t('credits:bundles') }).getByRole('article', { name: '50 credits' });
  await expect(fifty.getByRole('link', { name: 'Buy for £8.99' })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('credits:free.title') })).toBeVisible();
  await screenshot(page, testInfo, 'pricing');
  await expectAccessible(page);
  await fifty.getByRole('link', { name: 'Buy for £8.99' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Fcredits%2F\d+$/);

  await signUpMember(page, 'Lotte', { activate: true });
  await page.goto('/premium');
  await expect(page.getByRole('heading', { name: t('credits:premium.title') })).toBeVisible();
  await expect(page.getByText(t('credits:free.conversations', { count: '2' }))).toBeVisible();
  await expect(page.getByRole('table', { name: t('credits:premium.compare') })).toBeVisible();
  await screenshot(page, testInfo, 'premium');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);
  await page.getByRole('link', { name: /^Become premium from/ }).click();
  await expect(page.getByRole('heading', { name: t('credits:becomePremium') })).toBeVisible();
});

/** Sends `count` texts to a hosted profile through the API, as the chat would. */
async function sendMessages(page: Page, profileId: number, count: number) {
  for (let i = 0; i < count; i++) {
    const sent = await page.request.post('/api/chat.php', {
      headers: { 'x-request-type': 'client' },
      data: { client_id: crypto.randomUUID(), profile_id: profileId, text: `Hi ${i}` },
    });
    expect(sent.ok()).toBe(true);
  }
}

test('the credits badge turns amber at 10 credits or fewer, none included', async ({ page }, testInfo) => {
  await signUpMember(page, 'Ruben', { activate: true });
  const [hosted] = await hostedProfiles(page, 1);
  const hostedId = hosted?.id as number;
  // Three free messages and the 20 signup credits.
  await sendMessages(page, hostedId, 5);
  await chooseBundle(page, 30);
  await checkout(page, 'paid');
  const badge = topBarCredits(page);
  await expect(badge).toHaveAccessibleName(t('credits:balance', { count: '30' }));
  const plain = await badge.evaluate((element) => getComputedStyle(element).backgroundColor);

  await sendMessages(page, hostedId, 2);
  await page.goto('/members');
  await expect(badge).toHaveAccessibleName(t('credits:balance', { count: '10' }));
  await expect(badge).toHaveCSS('background-color', 'rgb(255, 243, 205)');
  await screenshot(page, testInfo, 'credits-badge-low');

  await sendMessages(page, hostedId, 1);
  await page.goto('/members');
  await expect(badge).toHaveAccessibleName(t('credits:balance', { count: '0' }));
  // An empty balance is a reason to buy, not an error: still amber, never an alarm's red.
  await expect(badge).toHaveCSS('background-color', 'rgb(255, 243, 205)');
  expect(plain).not.toBe('rgb(255, 243, 205)');
  await expectAccessible(page);
});
