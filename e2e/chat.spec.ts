/**
 * Chat: two members in two browsers talk live (typing, read, gift, photo), see their unread badges
 * and tab titles, run out of credits, and delete a conversation; a free member meets the free
 * tier's limit of conversations.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { photoFile } from './images.js';
import {
  CLIENT,
  enterSite,
  expectAccessible,
  expectTapTargets,
  hostedProfiles,
  otherPerson,
  screenshot,
  signUpMember,
} from './support.js';

const t = catalogue('en');

async function like(page: Page, profileId: number) {
  const response = await page.request.post('/api/like.php', { headers: CLIENT, data: { profile_id: profileId } });
  expect(response.ok()).toBe(true);
}

const messagesTab = (page: Page) =>
  page
    .getByRole('navigation', { name: t('app:nav.label') })
    .getByRole('link', { name: new RegExp(t('app:nav.messages')) });
const messageList = (page: Page, name: string) => page.getByRole('list', { name: t('chat:messages', { name }) });
const chatList = (page: Page) => page.getByRole('list', { name: t('chat:list.title'), exact: true });
const messageCost = (page: Page) => page.getByTestId('message-cost');
const composer = (page: Page) => page.getByRole('textbox', { name: t('chat:composer.label') });

/** The match popup greets a new match once; a tap anywhere closes it. */
async function greetMatch(page: Page, path: string) {
  await page.goto(path);
  const popup = page.getByRole('dialog', { name: t('likes:match.title') });
  await expect(popup).toBeVisible();
  await popup.click();
  await expect(popup).toBeHidden();
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  await expect(composer(page)).toHaveValue('');
}

/** What waits for a member as the API counts it: unread messages plus new likes. */
async function waiting(page: Page): Promise<number> {
  const chats = (await (await page.request.get('/api/chats.php')).json()) as { num_unread_messages: number };
  const likes = (await (await page.request.get('/api/likes.php')).json()) as { counts: { new_likes: number } };
  return chats.num_unread_messages + likes.counts.new_likes;
}

test('two members chat live, run out of credits and delete the conversation', async ({ page, browser }, testInfo) => {
  // Two members' browsers, two accessibility checks and four screenshots: more than a minute on a busy machine.
  test.setTimeout(120_000);
  await enterSite(page, '/');
  const annaId = await signUpMember(page, 'Annelies', { activate: true });
  const other = await otherPerson(browser);
  await enterSite(other, '/');
  const bramId = await signUpMember(other, 'Bartholomeus', { activate: true });
  await like(page, bramId);
  await like(other, annaId);
  await greetMatch(other, '/members');

  // Annelies opens a chat from Bartholomeus's page: it is empty, and an icebreaker starts it in one tap.
  await greetMatch(page, '/members');
  await page.goto(`/members/${bramId}`);
  await page.getByRole('link', { name: t('members:member.chat') }).click();
  await expect(
    page.getByRole('heading', { name: t('chat:icebreakers.title', { name: 'Bartholomeus' }) }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'chat-01-icebreakers');
  await page.getByRole('button', { name: t('chat:icebreakers.weekend') }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(messageList(page, 'Bartholomeus')).toContainText(t('chat:icebreakers.weekend'));
  await expect(page.getByText(t('chat:status.sent'))).toBeVisible();
  // Beside Send, what the next message costs: her first one was free.
  await expect(messageCost(page)).toHaveText(t('chat:composer.free', { count: '2' }));

  // Bartholomeus sees the unread message in his tab bar and the tab title, then reads it.
  await other.goto('/members');
  await expect(messagesTab(other)).toContainText(t('app:nav.unreadMessages', { count: '1' }));
  await expect(other).toHaveTitle(new RegExp(`^\\(${await waiting(other)}\\) `));
  await messagesTab(other).click();
  const row = chatList(other).getByRole('listitem').filter({ hasText: 'Annelies' });
  await expect(row).toContainText(t('chat:icebreakers.weekend'));
  await expectAccessible(other);
  await screenshot(other, testInfo, 'chat-02-list');
  await row.getByRole('link').click();
  await expect(messageList(other, 'Annelies')).toContainText(t('chat:icebreakers.weekend'));

  // Annelies sees, live, that it was read, and that he is typing; then his answer arrives.
  await expect(page.getByText(t('chat:status.read'))).toBeVisible();
  await composer(other).pressSequentially('Hello Annelies', { delay: 20 });
  await expect(page.getByText(t('chat:typing', { name: 'Bartholomeus' }))).toBeVisible();
  await other.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  await expect(messageList(page, 'Bartholomeus')).toContainText('Hello Annelies');
  await expect(page.getByText(t('chat:typing', { name: 'Bartholomeus' }))).toBeHidden();

  // He sends a photo; she sends a gift. Both arrive on the other side without a reload.
  const photo = await photoFile('beach.jpg', '#3a7bd5');
  await other.locator('input[type="file"]').setInputFiles(photo);
  await expect(messageList(page, 'Bartholomeus').getByRole('img', { name: t('chat:photo.alt') })).toBeVisible();
  await page.getByRole('button', { name: t('chat:gift.open') }).click();
  const gifts = page.getByRole('dialog', { name: t('chat:gift.title') });
  await expect(gifts).toContainText(t('chat:gift.price', { count: '20' }));
  await expect(gifts.getByRole('button', { name: t('chat:gifts.rose') })).toContainText(
    t('chat:composer.cost', { count: '20' }),
  );
  await expect(gifts.getByTestId('gift-short')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'chat-03-gifts');
  await gifts.getByRole('button', { name: t('chat:gifts.rose') }).click();
  await expect(messageList(other, 'Annelies')).toContainText(t('chat:gifts.rose'));

  // Her signup credits went on the gift; two free messages are left, then the credits run out.
  await send(page, 'Second');
  await expect(messageCost(page)).toHaveText(t('chat:composer.free', { count: '1' }));
  await send(page, 'Third');
  // Then the price of a message, beside the balance it comes off: the gift took the signup credits.
  await expect(messageCost(page)).toHaveText(
    `${t('chat:composer.perMessage', { count: '10' })} · ${t('credits:balance', { count: '0' })}`,
  );
  await expect(messageList(other, 'Annelies')).toContainText('Third');
  await composer(page).fill('One too many');
  await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: /credits/ });
  await expect(alert).toBeVisible();
  // Buying leads back here afterwards.
  await expect(alert.getByRole('link', { name: t('chat:credits.buy') })).toHaveAttribute(
    'href',
    /^\/credits\?next=%2Fchats%2F\d+$/,
  );
  await expect(composer(page)).toHaveValue('One too many');
  await expect(messageList(other, 'Annelies')).not.toContainText('One too many');
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);
  await screenshot(page, testInfo, 'chat-04-conversation');
  await screenshot(other, testInfo, 'chat-05-conversation-other-side');

  // Bartholomeus deletes the conversation: it leaves his list at once and stays in hers. On a phone
  // he goes back to the list first; on a desktop it is beside the conversation.
  if (testInfo.project.name === 'phone') await other.getByRole('link', { name: t('chat:back') }).click();
  await other.getByRole('button', { name: t('chat:delete.label', { name: 'Annelies' }) }).click();
  await other
    .getByRole('dialog')
    .getByRole('button', { name: t('chat:delete.confirm') })
    .click();
  await expect(chatList(other).getByRole('listitem').filter({ hasText: 'Annelies' })).toHaveCount(0);
  await expect(other.getByText(t('chat:list.empty'))).toBeVisible();
  await other.reload();
  await expect(other.getByText(t('chat:list.empty'))).toBeVisible();
  await page.goto('/chats');
  await expect(chatList(page).getByRole('listitem').filter({ hasText: 'Bartholomeus' })).toBeVisible();
});

test('a free member chats in two conversations, and the third asks to become premium', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Cornelia', { activate: true });
  const [first, second, third] = await hostedProfiles(page, 3);
  for (const profile of [first, second]) {
    await page.goto(`/members/${profile.id}/chat`);
    await send(page, `Hi ${profile.name}`);
    await expect(page).toHaveURL(/\/chats\/\d+$/);
  }
  await page.goto(`/members/${third.id}/chat`);
  await composer(page).fill(`Hi ${third.name}`);
  await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: t('errors:free_conversation_limit', { limit: '2' }) });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: t('chat:credits.premium') })).toHaveAttribute(
    'href',
    `/credits?next=%2Fmembers%2F${third.id}%2Fchat`,
  );
  await expect(page).toHaveURL(`/members/${third.id}/chat`);
  await screenshot(page, testInfo, 'chat-06-free-tier');
});

test('an operator answers a member who wrote to a hosted profile, and the member sees it live', async ({
  page,
  browser,
}, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Dorothea', { activate: true });
  // A hosted profile of its own per project: the two edit its persona sheet.
  const hosted = (await hostedProfiles(page, 2))[testInfo.project.name === 'phone' ? 0 : 1] as {
    id: number;
    name: string;
  };
  const question = `Are you there? Asked on a ${testInfo.project.name}`;
  await page.goto(`/members/${hosted.id}/chat`);
  // The header says the profile is hosted.
  await expect(page.getByRole('button', { name: /hosted profile/i })).toBeVisible();
  await send(page, question);
  await expect(page).toHaveURL(/\/chats\/\d+$/);

  const operator = await otherPerson(browser);
  await operator.goto('/staff');
  await operator.getByLabel('Email').fill('operator@amora.test');
  await operator.getByLabel('Password').fill('amora-operator-2026');
  await operator.getByRole('button', { name: 'Sign in' }).click();
  const entry = operator
    .getByRole('list', { name: 'Waiting conversations' })
    .getByRole('listitem')
    .filter({ hasText: question });
  await expect(entry).toContainText(`Dorothea wrote to ${hosted.name}`);
  await expectAccessible(operator);
  await screenshot(operator, testInfo, 'staff-01-inbox');
  await entry.getByRole('button', { name: 'Claim' }).click();

  await expect(operator.getByRole('list', { name: 'Messages' })).toContainText(question);
  await expect(operator.getByRole('region', { name: 'Member' })).toContainText('Dorothea');
  await expect(operator.getByRole('region', { name: 'Member' })).not.toContainText('@example.test');
  // The persona sheet beside the conversation: facts every operator answering as this profile keeps.
  const persona = operator.getByRole('region', { name: `Persona of ${hosted.name}` });
  await persona.getByLabel('Town').fill('Haarlem');
  await persona.getByLabel('Told members before').fill('Runs along the beach on Sundays.');
  await persona.getByRole('button', { name: 'Save persona' }).click();
  await expect(persona).toContainText('Last changed by Olivia');
  await expect(persona.getByLabel('Town')).toHaveValue('Haarlem');
  await operator.getByLabel('New note').fill('Likes hiking');
  await operator.getByRole('button', { name: 'Add note' }).click();
  await expect(operator.getByRole('region', { name: 'Notes' })).toContainText('Likes hiking');
  await operator.getByLabel(`Answer as ${hosted.name}`).fill('Yes, I am here. How are you?');
  await operator.getByRole('button', { name: 'Send answer' }).click();
  await expect(operator.getByRole('list', { name: 'Messages' })).toContainText('Yes, I am here. How are you?');
  await expectAccessible(operator);
  await screenshot(operator, testInfo, 'staff-02-conversation');

  await expect(messageList(page, hosted.name)).toContainText('Yes, I am here. How are you?');
  await screenshot(page, testInfo, 'chat-07-hosted-answer');
});

test('a message written without a connection waits, says why, and goes out with a tap once online', async ({
  page,
}, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Dagmar', { activate: true });
  const [profile] = await hostedProfiles(page, 1);
  await page.goto(`/members/${profile.id}/chat`);
  await expect(composer(page)).toBeVisible();
  const text = `Hi ${profile.name}, are you there?`;

  await page.context().setOffline(true);
  await composer(page).fill(text);
  await page.getByRole('button', { name: t('chat:composer.send'), exact: true }).click();
  // The client tries again a few times, seconds apart, before it gives up.
  const problem = page.getByRole('alert').filter({ hasText: t('app:common.networkError') });
  await expect(problem).toBeVisible({ timeout: 20_000 });
  const retry = page.getByRole('button', { name: t('chat:status.failed') });
  await expect(retry).toBeVisible();
  await screenshot(page, testInfo, 'chat-08-offline');

  await page.context().setOffline(false);
  await retry.click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(messageList(page, profile.name).getByText(text)).toHaveCount(1);
  await expect(retry).toHaveCount(0);
});
