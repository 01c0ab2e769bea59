/// <reference lib="dom" />
/**
 * The design system on every main screen: the shared card, icons and navigation, the app's own
 * font, no serious axe finding and thumb-sized targets on a phone. Its screenshots make the
 * README's gallery (e2e/screenshots/<project>/design-*.png).
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, expectTapTargets, hostedProfiles, screenshot, signUpMember } from './support.js';

const t = catalogue('en');
/** The typed symbols the icon set replaced; none may show as text again. */
const TYPED_SYMBOLS = /[♥♡✕✓★‹›⌕]/;

/** What every screen shares: real icons, the web font, axe, thumb-sized targets on a phone. */
async function expectDesignSystem(page: Page, isMobile: boolean) {
  await expect(page.locator('body')).not.toContainText(TYPED_SYMBOLS);
  expect(await page.evaluate(() => document.fonts.check('700 1em "Plus Jakarta Sans"'))).toBe(true);
  await expectAccessible(page);
  if (isMobile) await expectTapTargets(page);
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: t('nav.label') });

test('a visitor sees faces first, labelled hosted profiles and one way to join', async ({
  page,
  isMobile,
}, testInfo) => {
  await enterSite(page, '/');
  const faces = page.getByRole('list', { name: t('home.newFaces') });
  await expect(faces.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: t('home.howTitle') })).toBeVisible();
  // No claim the site cannot back: the old "thousands of members" is gone.
  await expect(page.locator('body')).not.toContainText(/thousands/i);
  await expect(tabBar(page).getByRole('link', { name: t('nav.join') })).toBeVisible();
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-01-home');

  // A hosted profile's pill says what it means on a tap (found by name: journeys' members fill the first pages).
  const [hosted] = await hostedProfiles(page, 1);
  await page.goto(`/members?q=${encodeURIComponent(hosted.name)}`);
  const pill = page.getByRole('button', { name: /hosted profile/i }).first();
  await pill.click();
  const note = page
    .getByRole('note')
    .filter({ hasText: /No meetings in person/ })
    .first();
  await expect(note).toBeVisible();
  // The card clips what leaves its edge: the whole note stays on the card.
  const [noteBox, cardBox] = await Promise.all([
    note.boundingBox(),
    page.locator('.profile-card').filter({ has: pill }).boundingBox(),
  ]);
  expect(noteBox && cardBox && noteBox.x >= cardBox.x && noteBox.x + noteBox.width <= cardBox.x + cardBox.width).toBe(
    true,
  );
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-02-search');
});

test('on a phone the filters live in a sheet; on a desktop beside the results', async ({ page, isMobile }) => {
  await enterSite(page, '/members');
  const filters = page.getByRole('form', { name: t('members:search.filters') });
  const results = page.getByRole('list', { name: t('members:search.results') });
  await expect(results.getByRole('article').first()).toBeVisible();
  if (isMobile) {
    await expect(filters).toBeHidden();
    await page.getByRole('button', { name: t('members:search.filtersButton') }).click();
    await expect(filters).toBeVisible();
    // A greyed-out region says why.
    await expect(filters.getByLabel(t('members:search.region'))).toBeDisabled();
    await expect(filters.getByText(t('members:search.countryFirst'))).toBeVisible();
    // A bottom sheet: once slid in, its lower edge is the screen's.
    const sheetBottom = async () => {
      const sheet = await page.getByRole('dialog').boundingBox();
      return Math.round((sheet?.y ?? 0) + (sheet?.height ?? 0));
    };
    await expect.poll(sheetBottom).toBe(page.viewportSize()?.height);
  } else {
    await expect(filters).toBeVisible();
    const filterBox = await filters.boundingBox();
    const resultsBox = await results.boundingBox();
    expect(filterBox?.x ?? 0).toBeLessThan(resultsBox?.x ?? 0);
  }
  // The name search appears once.
  await expect(page.getByRole('searchbox')).toHaveCount(1);
});

test('a member finds the places in a tab bar, and the swipe game fits the screen', async ({
  page,
  isMobile,
}, testInfo) => {
  // Five screens, each checked against the design system and photographed: over a minute on a busy machine.
  test.setTimeout(120_000);
  await enterSite(page, '/');
  const name = 'Tove';
  await signUpMember(page, name, { activate: true });
  await page.goto('/');
  const places = [t('nav.members'), t('nav.swipe'), t('nav.likes'), t('nav.profile')];
  for (const place of places) await expect(tabBar(page).getByRole('link', { name: place })).toBeVisible();
  const bar = await tabBar(page).boundingBox();
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  if (isMobile) {
    // At the bottom of the screen, where a thumb is.
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(viewport.height, 0);
  } else {
    expect(bar?.y ?? viewport.height).toBeLessThan(80);
  }
  // No photo yet: the account menu shows a silhouette, not a letter.
  await expect(page.getByRole('button', { name }).locator('.profile-photo-empty svg')).toBeVisible();
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-03-member-home');

  await tabBar(page)
    .getByRole('link', { name: t('nav.swipe') })
    .click();
  const like = page.getByRole('button', { name: t('likes:swipe.like'), exact: true });
  const skip = page.getByRole('button', { name: t('likes:swipe.skip'), exact: true });
  await expect(like).toBeVisible();
  for (const button of [like, skip]) {
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(56);
    expect(box?.height).toBeGreaterThanOrEqual(56);
    // Reachable without scrolling, above the tab bar.
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(isMobile ? (bar?.y ?? 0) : viewport.height);
  }
  // The keyboard hint is for keyboards: a touch screen does not show it.
  await expect(page.getByText(t('likes:swipe.hint'))).toBeVisible({ visible: !isMobile });
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-04-swipe');

  await tabBar(page)
    .getByRole('link', { name: t('nav.likes') })
    .click();
  await expect(page.getByText(t('likes:empty.received'))).toBeVisible();
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-05-likes');

  await page.goto('/match-finder');
  // No country on the new profile: the greyed-out region says where a country is set.
  await expect(page.getByLabel(t('members:search.region'))).toBeDisabled();
  await expect(page.getByText(t('likes:finder.countryInProfile'))).toBeVisible();
  const suggestions = page.getByRole('list', { name: t('likes:finder.results') });
  const first = suggestions.getByRole('article').first();
  await expect(first).toBeVisible();
  // The like sits inside the card.
  const card = await first.boundingBox();
  const heart = await first.getByRole('button', { name: /^Like / }).boundingBox();
  expect(heart?.y ?? 0).toBeGreaterThan(card?.y ?? 0);
  expect((heart?.y ?? 0) + (heart?.height ?? 0)).toBeLessThanOrEqual((card?.y ?? 0) + (card?.height ?? 0));
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-06-match-finder');

  await page.goto('/members/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectDesignSystem(page, isMobile);
  await screenshot(page, testInfo, 'design-07-member');
});

test('the profile card is a 4:5 portrait with name, age and city over the photo', async ({ page }) => {
  await enterSite(page, '/members');
  const card = page
    .getByRole('list', { name: t('members:search.results') })
    .getByRole('article')
    .filter({ has: page.locator('img') })
    .first();
  const box = await card.boundingBox();
  expect((box?.height ?? 0) / (box?.width ?? 1)).toBeCloseTo(5 / 4, 1);
  // The photo fills the card edge to edge.
  const photo = await card.locator('img').boundingBox();
  expect(photo?.width).toBeCloseTo(box?.width ?? 0, 0);
  expect(photo?.height).toBeCloseTo(box?.height ?? 0, 0);
  const heading = await card.getByRole('heading').boundingBox();
  expect(heading?.y ?? 0).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0) / 2);
  await expect(card.getByRole('heading')).toHaveText(/^.+, \d+$/);
});
