/**
 * The push prompt: asked after a first match, in a conversation once the member wrote, and as the
 * last signup step; turned on (the browser allows), blocked (the browser refuses) and put off.
 *
 * Chromium without a network cannot register at a real push service, so where push is turned on
 * this browser's PushManager hands out a subscription made here (keys from WebCrypto); delivering
 * and decrypting pushes is tested against a local push service in server/test/push.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  admirer,
  CLIENT,
  enterSite,
  expectAccessible,
  expectTapTargets,
  finishSignupSteps,
  hostedProfiles,
  otherPerson,
  screenshot,
  signUpMember,
} from './support.js';

const t = catalogue('en');

/** Stands in for the browser's push service registration, which needs Google's servers. */
async function allowPush(context: BrowserContext) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    const KEY = 'e2e-push-subscription';
    const base64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const asSubscription = (json: PushSubscriptionJSON) =>
      ({
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => {
      const stored = localStorage.getItem(KEY);
      return stored ? asSubscription(JSON.parse(stored)) : null;
    };
    PushManager.prototype.subscribe = async () => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const json = {
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: {
          p256dh: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: base64url(crypto.getRandomValues(new Uint8Array(16)).buffer),
        },
      };
      localStorage.setItem(KEY, JSON.stringify(json));
      return asSubscription(json);
    };
  });
}

test.describe('the push prompt', () => {
  // A browser that was never asked: nothing dismissed yet.
  test.use({ storageState: { cookies: [], origins: [] } });

  const prompt = (page: Page) => page.getByRole('region', { name: t('notifications:prompt.title') });

  /** "Turn on" in the prompt, then the settings' push row as it is afterwards. */
  async function turnOnFromPrompt(page: Page) {
    await prompt(page)
      .getByRole('button', { name: t('notifications:prompt.enable') })
      .click();
    await expect(prompt(page)).toBeHidden();
    await page.goto('/notifications');
    return page.locator('#push');
  }

  /** Writes a first message, the moment being told of answers starts to matter. */
  async function firstMessage(page: Page) {
    const [hosted] = await hostedProfiles(page, 1);
    const sent = await page.request.post('/api/chat.php', {
      headers: CLIENT,
      data: { client_id: randomUUID(), text: 'Hi!', profile_id: hosted?.id },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  /** A member who just wrote a first message: the prompt asks in the conversations list. */
  async function memberWithPrompt(page: Page, name: string) {
    await enterSite(page, '/');
    await signUpMember(page, name, { activate: true });
    await finishSignupSteps(page);
    // Not before there is a reason, and never over a page's actions.
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await page.goto('/chats');
    await expect(page.getByText(t('chat:list.empty'))).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await firstMessage(page);
    await page.reload();
    await expect(prompt(page)).toBeVisible();
  }

  /**
   * The prompt covers no button around it: each one's box lies apart from the prompt's, once the
   * boxes stand still (a popup grows into place).
   */
  async function expectClearOf(page: Page, buttons: Locator) {
    await expect(async () => expectBoxesApart(page, buttons)).toPass();
  }

  async function expectBoxesApart(page: Page, buttons: Locator) {
    const box = await prompt(page).boundingBox();
    expect(box).not.toBeNull();
    const count = await buttons.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const other = await buttons.nth(index).boundingBox();
      if (!box || !other) continue;
      const apart =
        other.x + other.width <= box.x ||
        box.x + box.width <= other.x ||
        other.y + other.height <= box.y ||
        box.y + box.height <= other.y;
      expect(apart, `button ${index} overlaps the push prompt`).toBe(true);
    }
  }

  test('asks in the match popup after a first match, and "not now" holds', async ({
    page,
    browser,
    isMobile,
  }, testInfo) => {
    await enterSite(page, '/');
    const memberId = await signUpMember(page, 'Katja', { activate: true });
    await finishSignupSteps(page);
    // Nothing asks over the swipe game's buttons.
    await page.goto('/swipe-game');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    const larsId = await admirer(await otherPerson(browser), 'Lars', memberId);

    await page.goto(`/members/${larsId}`);
    const like = page.getByRole('button', { name: t('likes:member.like') });
    await like.click();
    const popup = page.getByRole('dialog', { name: t('likes:match.title') });
    await expect(popup).toBeVisible();
    // In the popup's flow, below its button, covering neither it nor the photo.
    await expect(popup.getByRole('region', { name: t('notifications:prompt.title') })).toBeVisible();
    await expectClearOf(
      page,
      popup
        .getByRole('button', { name: 'Lars', exact: true })
        .or(popup.getByRole('button', { name: t('likes:match.button', { name: 'Lars' }) })),
    );
    await expectAccessible(page);
    if (isMobile) await expectTapTargets(page);
    await screenshot(page, testInfo, 'push-prompt-match');

    // "Not now" answers the prompt only: the popup stays until the member closes it.
    await prompt(page)
      .getByRole('button', { name: t('notifications:prompt.later') })
      .click();
    await expect(prompt(page)).toBeHidden();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await page.reload();
    await expect(page.getByText(t('likes:member.match', { name: 'Lars' }))).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    // Nor does it come back where conversations are.
    await firstMessage(page);
    await page.goto('/chats');
    await expect(page.locator('.chat-list li').first()).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
  });

  test('asks in a conversation once the member wrote, above the composer', async ({ page, isMobile }, testInfo) => {
    await enterSite(page, '/');
    await signUpMember(page, 'Lotte', { activate: true });
    await finishSignupSteps(page);
    const [hosted] = await hostedProfiles(page, 1);
    await page.goto(`/members/${hosted?.id}/chat`);
    const composer = page.getByRole('textbox', { name: t('chat:composer.label') });
    await expect(composer).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await composer.fill(`Hi ${hosted?.name}!`);
    await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
    await expect(prompt(page)).toBeVisible();
    // Between the messages and the composer: the composer and its buttons stay clear.
    const [box, form] = [await prompt(page).boundingBox(), await page.locator('.chat-composer').boundingBox()];
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(form?.y ?? 0);
    await expectClearOf(page, page.locator('.chat-composer button, .chat-header a'));
    await expectAccessible(page);
    if (isMobile) await expectTapTargets(page);
    await screenshot(page, testInfo, 'push-prompt-conversation');

    await prompt(page)
      .getByRole('button', { name: t('notifications:prompt.later') })
      .click();
    await expect(prompt(page)).toBeHidden();
    await page.reload();
    await expect(composer).toBeVisible();
    await expect(page.getByRole('list', { name: t('chat:messages', { name: hosted?.name }) })).toContainText(
      `Hi ${hosted?.name}!`,
    );
    await expect(prompt(page)).toHaveCount(0);
  });

  test('turns push on when the browser allows it', async ({ page, context }, testInfo) => {
    await allowPush(context);
    await memberWithPrompt(page, 'Gijs');
    // In the page's flow, above the conversations, covering nothing.
    const [box, list] = [await prompt(page).boundingBox(), await page.locator('.chat-list').boundingBox()];
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(list?.y ?? 0);
    await expectAccessible(page);
    await screenshot(page, testInfo, 'push-prompt');
    const row = await turnOnFromPrompt(page);
    await expect(row).toContainText(t('notifications:push.states.subscribed'));
    await row.locator('summary').click();
    await screenshot(page, testInfo, 'push-on');
    await row.getByRole('button', { name: t('notifications:push.disable') }).click();
    await expect(row).toContainText(t('notifications:push.states.not_subscribed'));
    await expect(row.getByRole('button', { name: t('notifications:push.enable') })).toBeVisible();
  });

  test('says how to unblock push when the browser refuses it', async ({ page }, testInfo) => {
    await memberWithPrompt(page, 'Hanna');
    const row = await turnOnFromPrompt(page);
    await expect(row).toContainText(t('notifications:push.states.denied'));
    await row.locator('summary').click();
    await expect(row).toContainText(t('notifications:push.deniedHelp', { site: 'Amora' }));
    await expectAccessible(page);
    await screenshot(page, testInfo, 'push-denied');
  });

  test('remembers "not now"', async ({ page }) => {
    await memberWithPrompt(page, 'Ilse');
    await prompt(page)
      .getByRole('button', { name: t('notifications:prompt.later') })
      .click();
    await expect(prompt(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt(page)).toBeHidden();
  });

  test('counts skipping push in the signup steps as "not now"', async ({ page }) => {
    await enterSite(page, '/');
    await signUpMember(page, 'Joost', { activate: true });
    const step = await page.request.put('/api/profile.php', { headers: CLIENT, data: { signup_step: 'push' } });
    expect(step.ok()).toBe(true);
    await page.goto('/complete-signup');
    await expect(page.getByRole('heading', { name: t('members:complete.steps.push.title') })).toBeVisible();
    await page.getByRole('button', { name: t('members:complete.skip') }).click();
    await expect(page).toHaveURL(/\/members$/);
    await firstMessage(page);
    await page.goto('/chats');
    await expect(page.locator('.chat-list li').first()).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
  });
});

test('signing up offers push as the last step', async ({ page, context }) => {
  await allowPush(context);
  await enterSite(page, '/');
  await signUpMember(page, 'Jasper', { activate: true });
  const step = await page.request.put('/api/profile.php', { headers: CLIENT, data: { signup_step: 'push' } });
  expect(step.ok()).toBe(true);
  await page.goto('/complete-signup');
  await expect(page.getByRole('heading', { name: t('members:complete.steps.push.title') })).toBeVisible();
  await page.getByRole('button', { name: t('notifications:step.enable') }).click();
  await expect(page).toHaveURL(/\/members$/);
  await page.goto('/notifications');
  await expect(page.locator('#push')).toContainText(t('notifications:push.states.subscribed'));

  // Logging out ends this browser's pushes: whoever uses it next reads none of Jasper's.
  await page.getByRole('button', { name: 'Jasper', exact: true }).click();
  await page.getByRole('button', { name: t('nav.logout') }).click();
  await expect(
    page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('nav.login') }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
});
