/**
 * Likes: two members like each other and both see the match; the likes badge and tab title count
 * new likes; the swipe game until the day's likes are used, by touch on a phone and by keyboard
 * and buttons on a desktop.
 */
import { LIKES_PAGE_SIZE } from '@amora/common';
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, hostedProfiles, otherPerson, screenshot, signUpMember } from './support.js';

const t = catalogue('en');
const CLIENT = { 'x-request-type': 'client' };

async function likeThroughApi(page: Page, profileId: number) {
  const response = await page.request.post('/api/like.php', { headers: CLIENT, data: { profile_id: profileId } });
  expect(response.ok()).toBe(true);
}

/** New likes as the API counts them (parallel journeys may like anyone, so counts are read, not assumed). */
async function newLikes(page: Page): Promise<number> {
  const { counts } = (await (await page.request.get('/api/likes.php')).json()) as { counts: { new_likes: number } };
  return counts.new_likes;
}

/** Collects what the match popup raises on window (MATCH_POPUP_EVENT in MatchPopup.tsx). */
async function listenToMatchPopup(page: Page) {
  await page.evaluate(() => {
    const browser = globalThis as unknown as EventTarget & { matchPopupEvents: unknown[] };
    browser.matchPopupEvents = [];
    browser.addEventListener('amora:match-popup', (event: Event) =>
      browser.matchPopupEvents.push((event as Event & { detail: unknown }).detail),
    );
  });
}
const matchPopupEvents = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { matchPopupEvents: unknown[] }).matchPopupEvents);

const matchPopup = (page: Page) => page.getByRole('dialog', { name: t('likes:match.title') });

test('two members like each other and both see the match', async ({ page, browser }, testInfo) => {
  await enterSite(page, '/');
  const annaId = await signUpMember(page, 'Anneke', { activate: true });
  const other = await otherPerson(browser);
  await enterSite(other, '/');
  const bramId = await signUpMember(other, 'Bastiaan', { activate: true });

  // Anneke likes Bastiaan on his page.
  await page.goto(`/members/${bramId}`);
  await page.getByRole('button', { name: t('likes:member.like') }).click();
  await expect(page.getByRole('button', { name: t('likes:member.liked') })).toHaveAttribute('aria-pressed', 'true');
  await expect(matchPopup(page)).toBeHidden();

  // Bastiaan gets the like: it is counted in his top bar, and his page of Anneke says so.
  await other.goto('/likes');
  const bramsBadge = other
    .getByRole('navigation', { name: t('app:nav.label') })
    .getByRole('link', { name: new RegExp(t('app:nav.likes')) });
  await expect(bramsBadge).toContainText(t('app:nav.newLikes', { count: String(await newLikes(other)) }));
  await expect(other.getByRole('list', { name: t('likes:tabs.received') })).toContainText('Anneke');
  await other.goto(`/members/${annaId}`);
  await expect(other.getByText(t('likes:member.likesYou', { name: 'Anneke' }))).toBeVisible();
  await other.getByRole('button', { name: t('likes:member.like') }).click();
  await expect(matchPopup(other)).toBeVisible();
  await expect(matchPopup(other)).toContainText(t('likes:match.text', { name: 'Anneke' }));
  await expectAccessible(other);
  await screenshot(other, testInfo, 'likes-01-match-popup');
  // A click anywhere closes it; on the photo it also says so to listeners.
  await listenToMatchPopup(other);
  await matchPopup(other).getByRole('button', { name: 'Anneke', exact: true }).click();
  await expect(matchPopup(other)).toBeHidden();
  expect(await matchPopupEvents(other)).toEqual([{ action: 'image-pressed', profileId: annaId }]);

  // Anneke sees the match at once, on the page she is on: her live connection brings it.
  await expect(matchPopup(page)).toBeVisible();
  await expect(matchPopup(page)).toContainText(t('likes:match.text', { name: 'Bastiaan' }));
  await matchPopup(page)
    .getByRole('button', { name: t('likes:match.button', { name: 'Bastiaan' }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/members/${bramId}$`));
  await expect(page.getByText(t('likes:member.match', { name: 'Bastiaan' }))).toBeVisible();

  for (const [person, name] of [
    [page, 'Bastiaan'],
    [other, 'Anneke'],
  ] as const) {
    await person.goto('/likes/matches');
    await expect(person.getByRole('list', { name: t('likes:tabs.matches') })).toContainText(name);
    // Seen once, the popup does not come back.
    await expect(matchPopup(person)).toBeHidden();
  }
  await expectAccessible(page);
  await screenshot(page, testInfo, 'likes-02-matches');
});

test('the likes badge and the tab title count new likes', async ({ page, browser }, testInfo) => {
  await enterSite(page, '/');
  const memberId = await signUpMember(page, 'Carmen', { activate: true });
  const admirers: number[] = [];
  for (const name of ['Dirk', 'Eelco']) {
    const admirer = await otherPerson(browser);
    await enterSite(admirer, '/');
    admirers.push(await signUpMember(admirer, name, { activate: true }));
    await likeThroughApi(admirer, memberId);
  }

  await page.goto('/profile');
  const badge = page
    .getByRole('navigation', { name: t('app:nav.label') })
    .getByRole('link', { name: new RegExp(t('app:nav.likes')) });
  // Parallel journeys may like Carmen too (auto-like picks recent members): the badge and the
  // title show what the API counts at that moment.
  expect(await newLikes(page)).toBeGreaterThanOrEqual(2);
  await expect
    .poll(async () => {
      const count = String(await newLikes(page));
      const shown = (await badge.textContent()) ?? '';
      return shown.includes(t('app:nav.newLikes', { count })) && (await page.title()).startsWith(`(${count}) `);
    })
    .toBe(true);
  await screenshot(page, testInfo, 'likes-03-badge');

  await page.goto('/likes');
  const received = page.getByRole('list', { name: t('likes:tabs.received') });
  // Parallel journeys may like Carmen too; the list marks as many new as the API counts.
  await expect
    .poll(async () => (await received.getByText(t('likes:list.new')).count()) === (await newLikes(page)))
    .toBe(true);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'likes-04-received');

  // Opening one admirer's profile makes that like seen.
  await received.getByRole('link', { name: /Dirk/ }).click();
  await expect(page).toHaveURL(new RegExp(`/likes/m/${admirers[0]}$`));
  await expect(page.getByText(t('likes:member.likesYou', { name: 'Dirk' }))).toBeVisible();
  // Others may have liked Carmen meanwhile; Dirk's like is seen either way.
  const after = await newLikes(page);
  await expect(badge).toContainText(t('app:nav.newLikes', { count: String(after) }));
  await expect(page).toHaveTitle(new RegExp(`^\\(${after}\\) `));
  await page.goto('/likes');
  const dirk = received.getByRole('listitem').filter({ hasText: 'Dirk' });
  await expect(dirk).toBeVisible();
  await expect(dirk.getByText(t('likes:list.new'))).toHaveCount(0);
  await expect(received.getByRole('listitem').filter({ hasText: 'Eelco' }).getByText(t('likes:list.new'))).toHaveCount(
    1,
  );
});

test('a likes list shows a page at a time, and More brings the next', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Fenna', { activate: true });
  const liked = await hostedProfiles(page, LIKES_PAGE_SIZE + 2);
  for (const profile of liked) await likeThroughApi(page, profile.id);

  await page.goto('/likes/given');
  await expect(page.getByRole('link', { name: new RegExp(t('likes:tabs.given')) })).toContainText(
    `(${LIKES_PAGE_SIZE + 2})`,
  );
  const given = page.getByRole('list', { name: t('likes:tabs.given') });
  await expect(given.getByRole('listitem')).toHaveCount(LIKES_PAGE_SIZE);
  const more = page.getByRole('button', { name: t('likes:list.more') });
  await expectAccessible(page);
  await more.click();
  await expect(given.getByRole('listitem')).toHaveCount(LIKES_PAGE_SIZE + 2);
  await expect(more).toBeHidden();
  // Newest first: the first liked is last, each once.
  await expect(given.getByRole('listitem').last()).toContainText(liked[0]?.name ?? '');
  await screenshot(page, testInfo, 'likes-05-more');
});

test('the swipe game until the likes of the day are used', async ({ page, isMobile }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Femke', { activate: true });
  await page.goto('/swipe-game');
  await expect(page.getByRole('heading', { name: t('likes:swipe.title') })).toBeVisible();
  const left = (count: number) => t('likes:swipe.likesLeft', { count: String(count) });
  await expect(page.getByText(left(4))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'swipe-01-start');

  const card = page.getByTestId('swipe-card');
  const cardName = async () => (await card.getByRole('heading').innerText()).split(',')[0];
  const cardLink = () => card.getByRole('heading').getByRole('link').getAttribute('href');
  const liked: string[] = [];

  /** A finger across the card, through Chromium's touch input (real touch, not mouse). */
  const swipeWithFinger = async (direction: 1 | -1) => {
    const box = await card.boundingBox();
    if (!box) throw new Error('no swipe card');
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 3;
    const from = box.x + box.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 6; step += 1) {
      const x = from + direction * step * 30;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };

  const decide = async (choice: 'like' | 'skip', way: 'touch' | 'key' | 'button') => {
    const shown = await cardLink();
    if (choice === 'like') liked.push(await cardName());
    if (way === 'touch') await swipeWithFinger(choice === 'like' ? 1 : -1);
    if (way === 'key') await page.keyboard.press(choice === 'like' ? 'ArrowRight' : 'ArrowLeft');
    if (way === 'button') {
      await page
        .getByRole('region', { name: t('likes:swipe.deckLabel') })
        .getByRole('button', { name: t(`likes:swipe.${choice}`) })
        .click();
    }
    await expect.poll(cardLink).not.toBe(shown);
  };

  const swipeWay = isMobile ? 'touch' : 'key';
  await decide('like', swipeWay);
  await expect(page.getByText(left(3))).toBeVisible();
  await decide('skip', swipeWay);
  await expect(page.getByText(left(3))).toBeVisible();
  await decide('like', 'button');
  await decide('like', swipeWay);
  await decide('like', swipeWay);
  await expect(page.getByText(left(0))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('likes:swipe.limitTitle') })).toBeVisible();

  // A fifth like is not given: the card stays.
  const fifth = await cardLink();
  if (isMobile) await swipeWithFinger(1);
  else await page.keyboard.press('ArrowRight');
  await expect(page.getByText(left(0))).toBeVisible();
  expect(await cardLink()).toBe(fifth);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'swipe-02-limit');

  await page.goto('/likes/given');
  const given = page.getByRole('list', { name: t('likes:tabs.given') });
  await expect(given.getByRole('listitem')).toHaveCount(4);
  for (const name of liked) await expect(given).toContainText(name);
});

test('the match finder suggests members from the questions', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Gerda', { activate: true });
  await page.goto('/match-finder');
  const results = page.getByRole('list', { name: t('likes:finder.results') });
  await expect(results.getByRole('listitem').first()).toBeVisible();

  const questions = page.getByRole('form', { name: t('likes:finder.questions') });
  await questions.getByLabel(t('likes:finder.lookingFor')).selectOption({ label: t('members:search.genders.male') });
  await questions.getByLabel(t('members:search.minAge')).selectOption('30');
  await questions.getByLabel(t('members:search.maxAge')).selectOption('40');
  await questions.getByRole('button', { name: t('likes:finder.submit') }).click();
  const ages = async () =>
    (await results.getByRole('heading').allInnerTexts()).map((heading) => Number(heading.match(/, (\d+)/)?.[1]));
  await expect.poll(async () => (await ages()).every((age) => age >= 30 && age <= 40)).toBe(true);

  const first = results.getByRole('listitem').first();
  const likedId = Number((await first.getByRole('link').first().getAttribute('href'))?.split('/').pop());
  const likedName = (await first.getByRole('heading').innerText()).split(',')[0];
  const like = first.getByRole('button', { name: t('likes:card.like', { name: likedName }) });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'finder-01');

  // The member liked first is not suggested again for the same answers.
  const again = await page.request.get('/api/match-finder.php?gender=male&min_age=30&max_age=40');
  const { profiles } = (await again.json()) as { profiles: { id: number }[] };
  expect(profiles.length).toBeGreaterThan(0);
  expect(profiles.map((profile) => profile.id)).not.toContain(likedId);
});

test('a like, or a match, arrives after the delay a link asks for', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await signUpMember(page, 'Hanna', { activate: true });
  await page.goto('/likes?t=1');
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/likes$/);
  const title = await modal.getByRole('heading').innerText();
  const name = title.replace(t('likes:likeModal.title', { name: '' }), '').trim();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'likes-05-like-modal');

  await modal.getByRole('button', { name: t('likes:likeModal.button', { name }) }).click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByText(t('likes:member.likesYou', { name }))).toBeVisible();
  await page.goto('/likes');
  await expect(page.getByRole('list', { name: t('likes:tabs.received') })).toContainText(name);

  // A hosted profile she liked first likes back: the popup announces a match, once.
  const [liked] = await hostedProfiles(page, 1, name);
  await likeThroughApi(page, liked.id);
  await page.goto('/likes/matches?t=0');
  await expect(matchPopup(page)).toBeVisible();
  await expect(matchPopup(page)).toContainText(t('likes:match.text', { name: liked.name }));
  await listenToMatchPopup(page);
  await matchPopup(page)
    .getByRole('button', { name: t('likes:match.button', { name: liked.name }) })
    .click();
  expect(await matchPopupEvents(page)).toEqual([{ action: 'button-pressed', profileId: liked.id }]);
  await expect(page).toHaveURL(new RegExp(`/members/${liked.id}$`));
  await page.goto('/likes/matches');
  await expect(page.getByRole('list', { name: t('likes:tabs.matches') })).toContainText(liked.name);
  await expect(matchPopup(page)).toBeHidden();
});
