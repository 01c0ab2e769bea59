/**
 * A member from the UK, browsing in en-GB: signs up (day, month, year), activates, writes to a
 * hosted profile with the free messages and then with credits, runs short, buys a bundle through
 * the sandbox and writes again. At every step the price the screen names is what the top bar's
 * balance loses, and the bundle's credits are what it gains; premium shows without typing a URL.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  checkout,
  enterSite,
  expectAccessible,
  expectTapTargets,
  hostedProfiles,
  latestMail,
  linkIn,
  screenshot,
  uniqueEmail,
} from './support.js';

test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

const t = catalogue('en');
/** From this width the conversation stands beside the list, under the top bar (ChatsLayout). */
const SPLIT_VIEW_MIN_WIDTH = 992;

const balance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^You have \d+ credits?$/ });
const composer = (page: Page) => page.getByRole('textbox', { name: t('chat:composer.label') });
const messageCost = (page: Page) => page.getByTestId('message-cost');

/** The balance the top bar shows, in credits. */
async function shownBalance(page: Page): Promise<number> {
  const name = (await balance(page).getAttribute('aria-label')) ?? (await balance(page).textContent()) ?? '';
  return Number(name.match(/\d+/)?.[0]);
}

/** The composer's line once the free messages are used: the price of a message and the balance. */
const pricedLine = (price: number, credits: number) =>
  `${t('chat:composer.perMessage', { count: String(price) })} · ${t('credits:balance', { count: String(credits) })}`;

async function expectBalance(page: Page, credits: number) {
  await expect(balance(page)).toHaveAccessibleName(t('credits:balance', { count: String(credits) }));
}

/** The free messages left, or the credit price of the next message, as the composer names it. */
async function composerSays(page: Page): Promise<{ free: number } | { price: number }> {
  const text = (await messageCost(page).textContent()) ?? '';
  const count = Number(text.match(/\d+/)?.[0]);
  return /free/.test(text) ? { free: count } : { price: count };
}

/** Opens the conversation with `name` from the list of messages. */
async function openConversation(page: Page, name: string) {
  await page
    .getByRole('list', { name: t('chat:list.title'), exact: true })
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('link')
    .click();
  await expect(composer(page)).toBeVisible();
}

/**
 * The top bar's balance while chatting: on a desktop it stands above the conversation; on a phone
 * the conversation fills the screen, so back to the list of messages, where the bar is, and in again.
 */
async function expectBalanceBeside(page: Page, hostedName: string, credits: number) {
  if ((page.viewportSize()?.width ?? 0) >= SPLIT_VIEW_MIN_WIDTH) {
    await expectBalance(page, credits);
    return;
  }
  await page.getByRole('link', { name: t('chat:back') }).click();
  await expectBalance(page, credits);
  await openConversation(page, hostedName);
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  await expect(composer(page)).toHaveValue('');
}

test('a UK member signs up in en-GB, uses the free messages, then credits, buys a bundle and sees premium', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) => screenshot(page, testInfo, `en-gb-${name}`);
  const email = uniqueEmail('harriet');
  const name = `Harriet${Date.now().toString(36).slice(-4)}`;

  // 1. Signing up: the date of birth reads day, month, year, as in the UK.
  await enterSite(page, '/');
  await page.goto('/signup');
  const dateParts = page.locator('.date-of-birth-parts select');
  await expect(dateParts).toHaveCount(3);
  expect(await dateParts.evaluateAll((selects) => selects.map((select) => select.getAttribute('aria-label')))).toEqual([
    t('fields.day'),
    t('fields.month'),
    t('fields.year'),
  ]);
  await page.getByLabel(t('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(t('fields.name'), { exact: true }).fill(name);
  await page.getByLabel(t('fields.password'), { exact: true }).fill('a-good-password-1');
  await page.getByRole('combobox', { name: t('fields.day'), exact: true }).selectOption('9');
  await page.getByRole('combobox', { name: t('fields.month'), exact: true }).selectOption({ label: 'March' });
  await page.getByRole('combobox', { name: t('fields.year'), exact: true }).selectOption('1992');
  await shot('01-signup');
  await page.getByRole('button', { name: t('nav.join') }).click();
  await expect(page.getByRole('heading', { name: t('members:complete.title') })).toBeVisible();
  if (testInfo.project.name === 'phone') {
    const reminder = page.getByRole('dialog', { name: t('activation.title') });
    await expect(reminder).toBeVisible();
    await reminder.getByRole('button', { name: t('common.close') }).click();
    await expect(reminder).toBeHidden();
  }
  // She lives in London: she pays in pounds.
  await page.getByRole('button', { name: t('members:complete.skip') }).click();
  await expect(page.getByRole('heading', { name: t('members:complete.steps.location.title') })).toBeVisible();
  await page.getByLabel(t('members:fields.country')).selectOption('GB');
  await page.getByLabel(t('members:fields.region')).selectOption({ label: 'England' });
  await page.getByLabel(t('members:fields.city')).fill('London');
  await page.getByRole('button', { name: t('members:complete.next') }).click();
  await expect(page.getByRole('heading', { name: t('members:complete.steps.personal.title') })).toBeVisible();

  // 2. The link in the mail activates the account; the top bar shows the signup credits.
  await page.goto(linkIn(await latestMail(page.request, email, t('mail:activate.subject', { site: 'Amora' }))));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(balance(page)).toBeVisible();
  const signupCredits = await shownBalance(page);
  expect(signupCredits).toBeGreaterThan(0);

  // 3. A hosted profile with a photo, and its Message button.
  const [hosted] = await hostedProfiles(page, 1);
  const hostedName = hosted?.name ?? '';
  await page.goto(`/members/${hosted?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(hostedName);
  await expect(page.getByRole('main').getByRole('img', { name: hostedName }).first()).toBeVisible();
  await page.getByRole('link', { name: t('members:member.chat') }).click();
  await expect(composer(page)).toBeVisible();
  await expect(messageCost(page)).toHaveText(/^\d+ free messages? left$/);
  await shot('02-composer-free');
  await expectAccessible(page);
  const start = await composerSays(page);
  expect('free' in start).toBe(true);
  const freeMessages = 'free' in start ? start.free : 0;
  expect(freeMessages).toBeGreaterThan(0);
  for (let left = freeMessages; left > 0; left--) {
    await send(page, `Hello from London, ${left}`);
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    if (left > 1) await expect(messageCost(page)).toHaveText(t('chat:composer.free', { count: String(left - 1) }));
    await expectBalanceBeside(page, hostedName, signupCredits);
  }

  // 4. The free messages used: the composer names the price, and a message costs exactly that.
  await expect(messageCost(page)).toHaveText(/^\d+ credits? per message · You have \d+ credits?$/);
  await shot('03-composer-price');
  const after = await composerSays(page);
  const price = 'price' in after ? after.price : 0;
  expect(price).toBeGreaterThan(0);
  let credits = signupCredits;
  await expect(messageCost(page)).toHaveText(pricedLine(price, credits));
  while (credits >= price) {
    await send(page, `Still here, ${credits} credits`);
    credits -= price;
    await expectBalanceBeside(page, hostedName, credits);
    await expect(messageCost(page)).toHaveText(pricedLine(price, credits));
  }
  // Short of credits: the message stays, and the screen leads to buying.
  await composer(page).fill('One more, please');
  await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  const short = page.getByRole('alert').filter({ hasText: /credits/ });
  await expect(short).toBeVisible();
  await expect(composer(page)).toHaveValue('One more, please');
  await shot('04-short');
  await expectAccessible(page);
  const conversationPath = new URL(page.url()).pathname;
  await short.getByRole('link', { name: t('chat:credits.buy') }).click();

  // 5. A bundle in pounds, bought through the sandbox: the balance rises by the card's credits.
  await expect(page).toHaveURL(/\/credits\?next=/);
  await expect(page.getByRole('heading', { name: t('credits:becomePremium') })).toBeVisible();
  const card = page.getByRole('region', { name: t('credits:bundles') }).getByRole('article', { name: /^50 credits$/ });
  const buy = card.getByRole('link', { name: /^Buy for / });
  await expect(buy).toHaveText(/£\d+\.\d\d/);
  // The price list names the free messages and the price the composer named and the chat charged.
  await expect(page.getByText(t('credits:uses.message', { count: String(price) }))).toBeVisible();
  await expect(page.getByText(t('credits:free.messages', { count: String(freeMessages) }))).toBeVisible();
  const bundleCredits = Number(((await card.getByRole('heading').first().textContent()) ?? '').match(/\d+/)?.[0]);
  const bundlePrice = ((await buy.textContent()) ?? '').match(/£\d+\.\d\d/)?.[0] ?? '';
  await shot('05-credits');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);
  await buy.click();
  await expect(page.getByRole('heading', { name: t('credits:payment.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toContainText(bundlePrice);
  await checkout(page, 'paid');
  await expect(page.getByRole('heading', { name: t('credits:outcome.paid.title') })).toBeVisible();
  credits += bundleCredits;
  await expectBalance(page, credits);
  await shot('06-paid');
  // The receipt leads back to where the member ran short.
  await expect(page.getByRole('link', { name: t('credits:outcome.paid.carryOn') })).toHaveAttribute(
    'href',
    conversationPath,
  );

  // 6. Premium shows on the avatar and in the account menu, which leads to /premium.
  const bar = page.getByRole('banner');
  const account = bar.getByRole('button', { name: `${name}, ${t('credits:premium.premium')}` });
  await expect(account.locator('.premium-mark')).toBeVisible();
  await account.click();
  await shot('07-account-menu');
  await bar.getByRole('link', { name: t('credits:premium.youArePremium') }).click();
  await expect(page).toHaveURL(/\/premium$/);
  await expect(page.getByRole('heading', { level: 1, name: t('credits:premium.youArePremium') })).toBeVisible();

  // 7. Back to the conversation: the next message costs the named price again; times read 24-hour.
  await page
    .getByRole('navigation', { name: t('app:nav.label') })
    .getByRole('link', { name: new RegExp(t('app:nav.messages')) })
    .click();
  await openConversation(page, hostedName);
  // The message that did not go out is still in the composer.
  await expect(composer(page)).toHaveValue('One more, please');
  await expect(messageCost(page)).toHaveText(pricedLine(price, credits));
  await send(page, 'Bought some credits, hello again');
  credits -= price;
  await expect(messageCost(page)).toHaveText(pricedLine(price, credits));
  const times = page.getByRole('list', { name: t('chat:messages', { name: hostedName }) }).locator('time');
  await expect(times.first()).toBeVisible();
  for (const time of await times.allTextContents()) {
    expect(time).toMatch(/\b([01]\d|2[0-3]):[0-5]\d\b/);
    expect(time).not.toMatch(/\b(am|pm)\b/i);
  }
  await shot('08-conversation');
  await expectBalanceBeside(page, hostedName, credits);
});
