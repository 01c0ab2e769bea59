/**
 * Finding and viewing members: search with each filter and page through; a hosted profile as a
 * visitor, a free member and a premium member; one member blocking another.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import {
  enterSite,
  expectAccessible,
  openServerRendered,
  otherPerson,
  screenshot,
  searchFilters,
  signUpMember,
} from './support.js';

const t = catalogue('en');
const CLIENT = { 'x-request-type': 'client' };

interface Card {
  id: number;
  name: string;
  age: number;
  hosted: boolean;
}

async function logInAsDemo(page: Page) {
  const response = await page.request.post('/api/user.php', {
    headers: CLIENT,
    data: { email: 'demo@amora.test', password: 'amora-demo-2026' },
  });
  expect(response.ok()).toBe(true);
}

/** A hosted profile with photos only premium members see, as a free member finds it. */
async function profileWithPremiumPhotos(request: APIRequestContext): Promise<Card> {
  // Members who signed up in parallel journeys come first (recently active); hosted ones follow.
  const pages = await Promise.all(
    [1, 2, 3, 4].map(
      async (page) => (await (await request.get(`/api/members.php?page=${page}`)).json()) as { profiles: Card[] },
    ),
  );
  for (const card of pages.flatMap((page) => page.profiles).filter((profile) => profile.hosted)) {
    const { profile } = (await (await request.get(`/api/member.php?id=${card.id}`)).json()) as {
      profile: { photos_for_premium: number };
    };
    if (profile.photos_for_premium > 0) return card;
  }
  throw new Error('the demo seed has no hosted profile with premium photos on the first four pages');
}

const searchForm = (page: Page) =>
  searchFilters(page, { filters: t('members:search.filters'), button: t('members:search.filtersButton') });
const nameSearch = (page: Page) => page.getByRole('searchbox', { name: t('members:search.name') });

/** Block and Report are no buttons of the page, only items of its "…" menu; Report opens its form. */
async function expectSafetyOnlyInMenu(page: Page, name: string) {
  const block = page.getByRole('button', { name: t('members:member.block') });
  const report = page.getByRole('button', { name: t('members:report.open') });
  await expect(block).toHaveCount(0);
  await expect(report).toHaveCount(0);
  await page.getByRole('button', { name: t('members:member.more') }).click();
  await expect(block).toBeVisible();
  await report.click();
  const dialog = page.getByRole('dialog', { name: t('members:report.title', { name }) });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: t('members:gallery.close') })
    .first()
    .click();
  await expect(dialog).toHaveCount(0);
}

const totalOf = async (page: Page) => Number((await page.locator('#results-title').innerText()).replace(/\D/g, ''));

test('search narrows with each filter and pages through the results', async ({ page }, testInfo) => {
  await enterSite(page, '/members');
  await expect(page.getByRole('heading', { name: t('members:search.title') })).toBeVisible();
  await expect(page.locator('#results-title')).toBeVisible();
  const everyone = await totalOf(page);
  expect(everyone).toBeGreaterThanOrEqual(200);
  await firstCardsHavePhotos(page, 6);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'search-01-all');

  const apply = (form: Locator) => form.getByRole('button', { name: t('members:search.submit') }).click();
  let filters = await searchForm(page);
  await filters.getByLabel(t('members:search.gender')).selectOption({ label: t('members:search.genders.female') });
  await apply(filters);
  await expect(page).toHaveURL(/gender=female/);
  await expect.poll(() => totalOf(page)).toBeLessThan(everyone);
  const women = await totalOf(page);

  filters = await searchForm(page);
  await filters.getByLabel(t('members:search.country')).selectOption({ label: 'Germany' });
  await apply(filters);
  await expect(page).toHaveURL(/country=DE/);
  await expect.poll(() => totalOf(page)).toBeLessThan(women);
  const inGermany = await totalOf(page);

  filters = await searchForm(page);
  await filters.getByLabel(t('members:search.minAge')).selectOption('25');
  await filters.getByLabel(t('members:search.maxAge')).selectOption('45');
  await apply(filters);
  await expect(page).toHaveURL(/min_age=25.*max_age=45/);
  await expect.poll(() => totalOf(page)).toBeLessThanOrEqual(inGermany);
  // The cards of the new search replace the previous ones once it answers.
  const results = page.getByRole('list', { name: t('members:search.results') });
  const ages = async () =>
    (await results.getByRole('heading').allInnerTexts()).map((heading) => Number(heading.match(/, (\d+)/)?.[1]));
  await expect.poll(async () => (await ages()).every((age) => age >= 25 && age <= 45)).toBe(true);
  expect((await ages()).length).toBeGreaterThan(0);

  filters = await searchForm(page);
  const region = filters.getByLabel(t('members:search.region'));
  const firstRegion = (await region.locator('option').nth(1).textContent()) ?? '';
  await region.selectOption({ label: firstRegion });
  await apply(filters);
  await expect(page).toHaveURL(/countryregion=/);
  await expect(page.locator('#results-title')).toBeVisible();
  await screenshot(page, testInfo, 'search-02-filtered');

  // Back to everyone, then page through.
  await page.goto('/members');
  await page.getByRole('link', { name: t('members:search.next') }).click();
  // Next goes on from the last card shown (keyset paging), so a deep page costs what the first does.
  await expect(page).toHaveURL(/page=2&after=/);
  await expect(page.locator('.pagination .page-item.active')).toContainText('2');
  const secondPage = await page
    .getByRole('list', { name: t('members:search.results') })
    .getByRole('link')
    .count();
  expect(secondPage).toBe(24);
  await page.getByRole('link', { name: t('members:search.previous') }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await screenshot(page, testInfo, 'search-03-paged');
});

/** Whether each of the first `count` result cards shows a photo rather than the silhouette. */
async function firstCardsHavePhotos(page: Page, count: number) {
  const cards = page.getByRole('list', { name: t('members:search.results') }).locator('.profile-card');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < count; i++) await expect(cards.nth(i).locator('img.profile-card-photo')).toHaveCount(1);
}

test('a man seeking women opens the search on women, and finds it as he left it', async ({ page }, testInfo) => {
  await enterSite(page, '/');
  await logInAsDemo(page);
  await page.goto('/members');
  await expect(page.locator('#results-title')).toBeVisible();
  let filters = await searchForm(page);
  const gender = filters.getByLabel(t('members:search.gender'));
  // The demo member is a straight man: women first, not "Anyone".
  await expect(gender).toHaveValue('female');
  const women = (await (await page.request.get('/api/members.php?gender=female')).json()) as { total: number };
  await expect.poll(() => totalOf(page)).toBe(women.total);
  await firstCardsHavePhotos(page, 6);
  await screenshot(page, testInfo, 'search-04-seeking');

  await gender.selectOption({ label: t('members:search.anyone') });
  await filters.getByLabel(t('members:search.minAge')).selectOption('30');
  await filters.getByRole('button', { name: t('members:search.submit') }).click();
  await expect(page).toHaveURL(/min_age=30/);
  await expect(page).not.toHaveURL(/gender=/);

  // Away and back by the menu's plain /members: the filters he last used, not his default.
  await page.goto('/');
  await page.goto('/members');
  filters = await searchForm(page);
  await expect(filters.getByLabel(t('members:search.gender'))).toHaveValue('');
  await expect(filters.getByLabel(t('members:search.minAge'))).toHaveValue('30');
});

test('finds members by the start of a name, in name order', async ({ page, isMobile }, testInfo) => {
  await enterSite(page, '/');
  const { profiles } = (await (await page.request.get('/api/members.php')).json()) as { profiles: Card[] };
  const wanted = profiles[0];
  const prefix = wanted.name.slice(0, 3);

  if (isMobile) {
    // A phone has no room for a search box in the top bar: the home page leads to the member search.
    await page.getByRole('link', { name: t('app:home.seeAll') }).click();
    await nameSearch(page).fill(prefix.toUpperCase());
    await nameSearch(page).press('Enter');
  } else {
    // The top bar's search is an icon that opens its box.
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('app:nav.searchBox') })
      .click();
    const box = page.getByRole('search').getByRole('searchbox', { name: t('app:nav.searchBox') });
    await box.fill(prefix.toUpperCase());
    await box.press('Enter');
  }
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(prefix.toUpperCase());
  const results = page.getByRole('list', { name: t('members:search.results') });
  await expect(results.getByRole('heading', { name: new RegExp(`^${wanted.name},`) }).first()).toBeVisible();
  // Every name found starts with the text, whatever its case and accents, in name order.
  const key = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const found = async () =>
    (await results.getByRole('heading').allInnerTexts()).map((heading) => key(heading.split(',')[0]));
  // The previous results stay until the search answers.
  await expect.poll(async () => (await found()).every((name) => name.startsWith(key(prefix)))).toBe(true);
  expect(await found()).toEqual([...(await found())].sort());
  // The search page has the one name box; the top bar leaves its own out there.
  await expect(nameSearch(page)).toHaveValue(prefix.toUpperCase());
  await expect(page.getByRole('searchbox', { name: t('app:nav.searchBox') })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'search-04-name');
});

test('a hosted profile as a visitor, a free member and a premium member', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  await enterSite(page, '/');
  await signUpMember(page, 'Freya', { activate: false });
  const hosted = await profileWithPremiumPhotos(page.request);

  // Free member: the premium photos are announced, not shown.
  await page.goto(`/members/${hosted.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(hosted.name);
  await expect(page.getByText(/premium members/)).toBeVisible();
  // Like and Message are one bar, at the bottom of a phone's screen.
  const actions = page.locator('.member-actions');
  await expect(actions.getByRole('button', { name: t('likes:member.like') })).toBeInViewport();
  await expect(actions.getByRole('link', { name: t('members:member.chat') })).toBeInViewport();
  if (isMobile) {
    const bar = await actions.boundingBox();
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.75);
  }
  await expectSafetyOnlyInMenu(page, hosted.name);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'member-free');
  const freePhotos = await page.locator('.gallery img').count();

  // Visitor: one photo, the fictional warning and a way to log in or sign up.
  const visitor = await otherPerson(browser);
  await enterSite(visitor, `/members/${hosted.id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(hosted.name);
  await expect(visitor.locator('.gallery img')).toHaveCount(1);
  await expect(visitor.getByText(t('members:card.hostedNote', { site: 'Amora' }))).toBeVisible();
  await expect(visitor.getByRole('button', { name: t('nav.join') })).toBeVisible();
  await expectAccessible(visitor);
  await screenshot(visitor, testInfo, 'member-visitor');
  await visitor.context().close();

  // Premium member: every photo, no upgrade note; the gallery opens and moves with the keyboard.
  const premium = await otherPerson(browser);
  await enterSite(premium, '/');
  await logInAsDemo(premium);
  await premium.goto(`/members/${hosted.id}`);
  await expect(premium.getByRole('heading', { level: 1 })).toContainText(hosted.name);
  await expect(premium.getByText(/premium members/)).toHaveCount(0);
  await expect.poll(() => premium.locator('.gallery img').count()).toBeGreaterThan(freePhotos);
  // The photos open full size, where the arrow keys move on.
  await screenshot(premium, testInfo, 'member-premium-photos');
  await premium.getByRole('button', { name: /\(Photo 2 of \d+\)$/ }).click();
  const viewer = premium.getByRole('dialog');
  await expect(viewer).toContainText('Photo 2 of');
  await premium.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Photo 1 of');
  await screenshot(premium, testInfo, 'member-premium-gallery');
  await premium.keyboard.press('Escape');
  await premium.context().close();
});

test('a blocked member can no longer see the one who blocked them', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await enterSite(page, '/');
  const blockerId = await signUpMember(page, 'Bente', { activate: true });
  const other = await otherPerson(browser);
  await enterSite(other, '/');
  const blockedId = await signUpMember(other, 'Bram', { activate: true });

  await other.goto(`/members/${blockerId}`);
  await expect(other.getByRole('heading', { level: 1 })).toContainText('Bente');

  // A new member without photo or details: the initial on a gradient, and no empty section heading.
  await page.goto(`/members/${blockedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bram');
  await expect(page.locator('.gallery-initial')).toHaveText('B');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  await screenshot(page, testInfo, 'member-without-photos');
  await page.getByRole('button', { name: t('members:member.more') }).click();
  await page.getByRole('button', { name: t('members:member.block') }).click();
  await expect(page.getByText(t('members:member.blockedNote', { name: 'Bram' }))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'block-01-blocker');

  await other.reload();
  await expect(other.getByRole('heading', { name: t('members:member.notFound') })).toBeVisible();
  await screenshot(other, testInfo, 'block-02-blocked');

  // Settings list whom the member blocked; unblocking there undoes it.
  await page.goto('/notifications#blocked');
  const blocked = page.locator('#blocked');
  await expect(blocked.getByText(t('settings.blocked.count', { count: '1' }))).toBeVisible();
  await expect(blocked.getByRole('link', { name: /Bram/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'block-03-settings');
  await blocked.getByRole('button', { name: t('settings.blocked.unblock', { name: 'Bram' }) }).click();
  await expect(blocked.getByText(t('settings.blocked.none'))).toBeVisible();
  await expect(blocked.getByText(t('settings.blocked.count', { count: '0' }))).toBeVisible();

  await page.goto(`/members/${blockedId}`);
  await page.getByRole('button', { name: t('members:member.more') }).click();
  await expect(page.getByRole('button', { name: t('members:member.block') })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { level: 1 })).toContainText('Bente');
  await other.context().close();
});

test("a visitor's /members shows its faces before any script runs, and React takes the same page over without drawing it again", async ({
  browser,
  page,
}, testInfo) => {
  const withoutScripts = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  const bare = await withoutScripts.newPage();
  await bare.goto('/members');
  await expect(bare.getByRole('heading', { level: 1, name: t('members:search.title') })).toBeVisible();
  const bareCards = bare.locator('.profile-card');
  await expect(bareCards.first()).toBeVisible();
  // On a wide screen the filters come with the script; no empty card stands in their place.
  await expect(bare.locator('.filter-sheet')).toBeHidden();
  await expect(bareCards.locator('img.profile-photo').first()).toHaveJSProperty('complete', true);
  await screenshot(bare, testInfo, 'members-before-scripts');
  const cardCount = await bareCards.count();
  await withoutScripts.close();

  const problems: string[] = [];
  const sameNodes = await openServerRendered(page, '/members', '.profile-card', problems);
  await expect(page.locator('.profile-card')).toHaveCount(cardCount);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /18/ }).click();
  await expect(dialog).toBeHidden();
  // The same cards, once: the very nodes the server sent, not a second drawing of them.
  await expect(page.locator('.profile-grid')).toHaveCount(1);
  await expect(page.locator('header.top-bar')).toHaveCount(1);
  expect(await sameNodes()).toBe(true);
  // A card opens the profile inside the app: the page is not loaded again.
  await page.evaluate(() => Object.assign(window, { takenOver: true }));
  await page.locator('.profile-card-name a').first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'takenOver' in window)).toBe(true);
  expect(problems).toEqual([]);
});

test("a visitor's first page shows only faces, no test account, and hosted profiles at most half of it", async ({
  page,
}) => {
  await enterSite(page, '/members');
  const cards = page.getByRole('list', { name: t('members:search.results') }).getByRole('article');
  await expect(cards).toHaveCount(24);
  await expect(cards.locator('img.profile-card-photo')).toHaveCount(24);
  await expect(cards.getByRole('heading', { name: /^Demo, / })).toHaveCount(0);
  expect(await cards.filter({ has: page.locator('.hosted-mark') }).count()).toBeLessThanOrEqual(12);
});
