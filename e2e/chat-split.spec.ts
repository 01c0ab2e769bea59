/**
 * Chat on a desktop is a split view: the conversations on the left, the open one beside them, each
 * scrolling on its own under the top bar. On a phone the list is a page and a conversation fills
 * the screen, with a way back.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { CLIENT, enterSite, expectAccessible, hostedProfiles, screenshot, signUpMember } from './support.js';

const t = catalogue('en');

const conversations = (page: Page) => page.getByRole('navigation', { name: t('chat:list.title') });
const row = (page: Page, name: string) =>
  page.getByRole('list', { name: t('chat:list.title'), exact: true }).getByRole('link', { name: new RegExp(name) });
const conversation = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
const pick = (page: Page) => page.getByRole('heading', { name: t('chat:pick.title') });

async function write(page: Page, profileId: number, text: string) {
  const sent = await page.request.post('/api/chat.php', {
    headers: CLIENT,
    data: { client_id: randomUUID(), text, profile_id: profileId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

test('the conversations stand beside the open one on a desktop, one at a time on a phone', async ({
  page,
}, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Evelien', { activate: true });
  // With no conversation yet there is nothing to pick: the list's invitation stands alone.
  await page.goto('/chats');
  await expect(page.getByText(t('chat:list.empty'))).toBeVisible();
  await expect(pick(page)).toBeHidden();
  await screenshot(page, testInfo, 'chat-split-00-empty');

  const [first, second] = await hostedProfiles(page, 2);
  if (!first || !second) throw new Error('two hosted profiles expected');
  await write(page, first.id, `Hi ${first.name}, how was your weekend?`);
  await write(page, second.id, `Hello ${second.name}!`);
  const desktop = testInfo.project.name === 'desktop';

  await page.goto('/chats');
  await expect(row(page, second.name)).toBeVisible();
  if (desktop) {
    // Nothing open yet: an invitation to pick a conversation beside the list.
    await expect(pick(page)).toBeVisible();
  } else {
    await expect(pick(page)).toBeHidden();
  }
  await expectAccessible(page);
  await screenshot(page, testInfo, 'chat-split-01-list');

  await row(page, first.name).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(conversation(page, first.name)).toContainText(`how was your weekend?`);
  const back = page.getByRole('link', { name: t('chat:back') });
  if (desktop) {
    await expect(row(page, first.name)).toHaveAttribute('aria-current', 'page');
    await expectSideBySide(page, first.name);
    await expect(back).toBeHidden();
    // The page itself does not scroll: the list and the conversation do, each on its own.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  } else {
    await expect(conversations(page)).toBeHidden();
    await expect(back).toBeVisible();
  }
  await expectAccessible(page);
  await screenshot(page, testInfo, 'chat-split-02-conversation');

  if (desktop) {
    // Picking another conversation changes the right side only: the list stays as it was (no reload).
    await conversations(page).evaluate((list) => {
      list.dataset.kept = 'yes';
    });
    // By keyboard, as a mouse would.
    await row(page, second.name).focus();
    await page.keyboard.press('Enter');
    await expect(conversation(page, second.name)).toContainText(`Hello ${second.name}!`);
    await expect(conversation(page, first.name)).toHaveCount(0);
    await expect(conversations(page)).toHaveAttribute('data-kept', 'yes');
    await expect(row(page, second.name)).toHaveAttribute('aria-current', 'page');
    await expect(row(page, first.name)).not.toHaveAttribute('aria-current', 'page');
    await expectSideBySide(page, second.name);
    await expect(
      page.getByRole('navigation', { name: t('app:nav.label') }).getByRole('link', { name: t('app:nav.messages') }),
    ).toHaveAttribute('aria-current', 'page');
  } else {
    await back.click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(row(page, second.name)).toBeVisible();
    await row(page, second.name).click();
    await expect(conversation(page, second.name)).toContainText(`Hello ${second.name}!`);
    await expect(conversations(page)).toBeHidden();
  }
});

/** The list on the left, the conversation on the right, both in the window and not overlapping. */
async function expectSideBySide(page: Page, name: string) {
  await expect(conversations(page)).toBeVisible();
  await expect(conversation(page, name)).toBeVisible();
  const list = await conversations(page).boundingBox();
  const open = await conversation(page, name).boundingBox();
  if (!list || !open) throw new Error('the list and the conversation have no boxes');
  expect(list.x + list.width).toBeLessThanOrEqual(open.x);
  expect(open.width).toBeGreaterThan(list.width);
  const window = page.viewportSize();
  expect(open.x + open.width).toBeLessThanOrEqual(window?.width ?? 0);
  expect(open.y + open.height).toBeLessThanOrEqual(window?.height ?? 0);
  // The composer is at the bottom of the conversation, in view.
  await expect(page.getByRole('textbox', { name: t('chat:composer.label') })).toBeInViewport();
}
