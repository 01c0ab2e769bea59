/**
 * The landers: the light marketing pages of SPEC §2 (web/landers.html). Every design and profile
 * lander in every language, with the faces the server put in the page; signing up from one with the traffic
 * source of the first visit; the swipe stack by drag, buttons and keys; a members-only site.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { chooseDateOfBirth, expectAccessible, hostedProfiles, screenshot, uniqueEmail } from './support.js';

const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const DESIGNS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding/amsterdam',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video/noord-holland',
];
const PROFILE_LANDERS = ['landing', 'signup', 'landing2', 'landing3/amsterdam'];

const en = catalogue('en');
const nl = catalogue('nl');

/** Waits for the lander to stand: its texts, faces and form in place of the loading ground. */
async function openLander(page: Page, path: string) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  await page.goto(path);
  await expect(page.locator('main#main').or(page.locator('.lander-failure'))).toBeVisible();
  page.off('pageerror', onError);
  expect(errors, path).toEqual([]);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.locator('.lander-loading')).toHaveCount(0);
}

/** Loads the photos further down too, so a full-page screenshot shows the page as a person scrolling sees it. */
async function showEveryImage(page: Page) {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

/** A raw key (`swipe.title`, `app:footer.pricing`) or a placeholder left in anything a person reads or hears. */
async function missingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [alt], [placeholder]'))) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) texts.push(element.getAttribute(name) ?? '');
    }
    const rawKey =
      /\b(?:app|errors|pages|landers):[\w.]+|\b(?:swipe|tonight|collage|gallery|icons|map|social|slides|video|profile|duo|chat|starters|signup|faces|cta|audience|headline|nav|failure)\.[a-z]\w*/;
    return texts.flatMap((text) => text.split('\n')).filter((line) => rawKey.test(line) || line.includes('{{'));
  });
}

let profileId = 0;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  [{ id: profileId }] = await hostedProfiles(page, 1);
  await page.close();
});

const allLanders = () => [
  ...DESIGNS.map((design) => `/landers/${design}`),
  ...PROFILE_LANDERS.map((design) => `/members/${profileId}/${design}`),
];

for (const locale of LOCALES) {
  test(`every lander speaks ${locale} without a missing text`, { tag: '@texts' }, async ({ page }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'lang', value: locale, url: test.info().project.use.baseURL as string }]);
    for (const path of allLanders()) {
      await openLander(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await missingTexts(page), `${locale} ${path}`).toEqual([]);
      await expect(page.getByRole('link', { name: catalogue(locale)('nav.login') }).first()).toBeVisible();
    }
  });
}

test('each design stands on its own: faces, a heading, the footer, no serious axe finding', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  for (const path of allLanders()) {
    await openLander(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('#signup')).toHaveCount(1);
    await expect(page.getByRole('link', { name: en('footer.pricing') })).toBeVisible();
    await expect(page.getByRole('link', { name: en('pages:ban.title') })).toBeVisible();
    const faces = page.locator('main img.face-photo');
    await expect(faces.first()).toBeVisible();
    await expect.poll(() => faces.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Showcased are hosted profiles, never the demo member's account.
    await expect(page.locator('main')).not.toContainText(/\bDemo\b|software tester/i);
    await expectAccessible(page);
    await showEveryImage(page);
    const name = path
      .replace(/^\/members\/\d+\//, 'profile-')
      .replace(/^\/landers\//, '')
      .replace(/\/.*$/, '');
    await screenshot(page, testInfo, `lander-${name}`);
  }
});

test('a lander signs up with the traffic source of the first visit, offers a few members to like, then completing the profile', async ({
  page,
}, testInfo) => {
  await openLander(page, '/landers/gallery?network=ads&sub1=x');
  const form = page.getByRole('form', { name: en('signup.title') });
  await form.getByLabel(en('fields.email'), { exact: true }).fill(uniqueEmail('lander'));
  await form.getByLabel(en('fields.name'), { exact: true }).fill(`Lander${Date.now().toString(36).slice(-4)}`);
  await form.getByLabel(en('fields.password'), { exact: true }).fill('a-good-password-1');
  await chooseDateOfBirth(
    page,
    { day: en('fields.day'), month: en('fields.month'), year: en('fields.year') },
    '1992-03-08',
  );
  const signup = page.waitForRequest((request) => request.url().endsWith('/api/signup.php'));
  await form.getByRole('button', { name: en('nav.join') }).click();
  const request = await signup;
  expect(request.headers()['x-request-type']).toBe('client');
  expect(request.postDataJSON()).toMatchObject({
    date_of_birth: '1992-03-08',
    tracking: { network: 'ads', sub1: 'x' },
  });

  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByRole('heading', { level: 1, name: en('members:signupMatches.title') })).toBeVisible();
  await closeActivationDialogOnPhone(page);
  const suggestions = page.getByRole('list', { name: en('members:signupMatches.results') });
  await expect(suggestions.getByRole('article').first()).toBeVisible();
  expect(await suggestions.getByRole('article').count()).toBeLessThanOrEqual(8);
  const like = suggestions.locator('.card-like').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'signup-matches');
  await page.getByRole('link', { name: en('members:signupMatches.continue') }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
  await expect(page.getByRole('heading', { name: en('members:complete.title') })).toBeVisible();
});

test('a profile lander signs up and then leads on to the profile', async ({ page }) => {
  await openLander(page, `/members/${profileId}/signup`);
  const form = page.getByRole('form', { name: en('signup.title') });
  await form.getByLabel(en('fields.email'), { exact: true }).fill(uniqueEmail('profile-lander'));
  await form.getByLabel(en('fields.name'), { exact: true }).fill(`Visitor${Date.now().toString(36).slice(-4)}`);
  await form.getByLabel(en('fields.password'), { exact: true }).fill('a-good-password-1');
  await chooseDateOfBirth(
    page,
    { day: en('fields.day'), month: en('fields.month'), year: en('fields.year') },
    '1988-11-30',
  );
  await form.getByRole('button', { name: en('nav.join') }).click();
  await expect(page).toHaveURL(new RegExp(`/signup-matches\\?next=(/|%2F)members(/|%2F)${profileId}$`));
  await closeActivationDialogOnPhone(page);
  await page.getByRole('link', { name: en('members:signupMatches.continue') }).click();
  await expect(page).toHaveURL(new RegExp(`/complete-signup\\?next=(/|%2F)members(/|%2F)${profileId}$`));
});

test("the form checks the fields in the visitor's language and shows the server's refusals at their fields", async ({
  page,
}) => {
  await page.context().addCookies([{ name: 'lang', value: 'nl', url: test.info().project.use.baseURL as string }]);
  await openLander(page, '/landers/iconslanding');
  const form = page.getByRole('form', { name: nl('signup.title') });
  await form.getByRole('button', { name: nl('nav.join') }).click();
  await expect(form.getByText(nl('errors:field.required')).first()).toBeVisible();
  await expect(form.getByText(nl('errors:field.password_too_short'))).toBeVisible();
  await expect(form.getByText(nl('errors:field.birthdate_required'))).toBeVisible();
  const email = form.getByLabel(nl('fields.email'), { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('demo@amora.test');
  await form.getByLabel(nl('fields.name'), { exact: true }).fill('demo@amora.test');
  await expect(form.getByText(nl('errors:field.name_equals_email'))).toBeVisible();
  await form.getByLabel(nl('fields.name'), { exact: true }).fill('Bestaand');
  await form.getByLabel(nl('fields.password'), { exact: true }).fill('a-good-password-1');
  await chooseDateOfBirth(
    page,
    { day: nl('fields.day'), month: nl('fields.month'), year: nl('fields.year') },
    '1990-01-01',
  );
  await form.getByRole('button', { name: nl('nav.join') }).click();
  await expect(form.getByText(nl('errors:email_taken'))).toBeVisible();
  await expect(page).toHaveURL(/\/landers\/iconslanding$/);
});

test('the swipe stack: drag to like, buttons and arrow keys, then the likes wait for a signup', async ({
  page,
}, testInfo) => {
  await openLander(page, '/landers/tinderswipe');
  const stack = page.getByRole('group', { name: en('landers:swipe.stackLabel') });
  const top = stack.locator('.swipe-card[data-depth="0"]');
  const firstName = (await top.getByRole('heading').innerText()).split(',')[0] as string;
  const box = await top.boundingBox();
  if (!box) throw new Error('no card to swipe');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + box.width / 2 + step * 25, box.y + box.height / 2 + step);
  await page.mouse.up();
  await expect(page.getByText(en('landers:swipe.liked', { name: firstName }))).toBeAttached();

  await page.getByRole('button', { name: en('landers:swipe.nope'), exact: true }).click();
  await page.getByRole('button', { name: en('landers:swipe.like'), exact: true }).click();
  await stack.focus();
  await page.keyboard.press('ArrowLeft');
  const waiting = page.getByRole('heading', { name: en('landers:swipe.waiting', { count: '2' }) });
  await expect(waiting).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'lander-tinderswipe-waiting');
  await page.getByRole('button', { name: en('landers:swipe.seeWho') }).click();
  await expect(page.getByLabel(en('fields.email'), { exact: true })).toBeFocused();
});

// The swipe lander has no fallback language: a form a locale lacked (_one, pl _few) showed its raw key.
for (const locale of ['nl', 'en', 'pl']) {
  test(`with one like the swipe lander says so in a sentence (${locale})`, async ({ page }, testInfo) => {
    const text = catalogue(locale);
    await page.context().addCookies([{ name: 'lang', value: locale, url: test.info().project.use.baseURL as string }]);
    await openLander(page, '/landers/tinderswipe');
    await page.getByRole('button', { name: text('landers:swipe.like'), exact: true }).click();
    // One like and three passes: after four cards the lander asks for a signup.
    for (let pass = 1; pass < 4; pass++) {
      await page.getByRole('button', { name: text('landers:swipe.nope'), exact: true }).click();
    }
    await expect(page.getByRole('heading', { name: text('landers:swipe.waiting', { count: '1' }) })).toBeVisible();
    await expect(page.getByText(text('landers:swipe.waitingText', { count: '1' }), { exact: true })).toBeVisible();
    expect(await missingTexts(page)).toEqual([]);
    await screenshot(page, testInfo, `lander-tinderswipe-one-like-${locale}`);
  });
}

test('tapping a face opens the signup to meet them', async ({ page }, testInfo) => {
  await openLander(page, '/landers/gallery');
  const first = page.locator('.face-tile').first().locator('button.stretched');
  const name = ((await first.innerText()).split(',')[0] as string).trim();
  await first.click();
  const dialog = page.getByRole('dialog', { name: en('landers:meet', { name }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(en('fields.email'), { exact: true })).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'lander-gallery-dialog');
  await dialog.getByRole('button', { name: en('common.close') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#signup').getByLabel(en('fields.email'), { exact: true })).toBeVisible();
});

test('the video lander shows a profile as what it is, with no call controls', async ({ page }, testInfo) => {
  await openLander(page, '/landers/video/noord-holland');
  const stage = page.locator('.stage');
  const name = ((await stage.getByRole('heading', { level: 2 }).innerText()).split(',')[0] as string).trim();
  // No microphone, call button or camera preview of "you": a photo, a next profile and a message.
  await expect(page.getByText(/^(You|Jij)$/)).toHaveCount(0);
  await expect(stage.locator('button:not(.hosted-pill)')).toHaveText([
    en('landers:video.next'),
    en('landers:video.message'),
  ]);
  await stage.getByRole('button', { name: en('landers:video.next') }).click();
  await expect(stage.getByRole('heading', { level: 2 })).not.toContainText(name);
  await screenshot(page, testInfo, 'lander-video-profile');
  await stage.getByRole('button', { name: en('landers:video.message') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

/** Right after signing up, a phone shows the activation reminder as a dialog (SPEC §2). */
async function closeActivationDialogOnPhone(page: Page) {
  if (test.info().project.name !== 'phone') return;
  const dialog = page.getByRole('dialog', { name: en('activation.title') });
  await dialog.getByRole('button', { name: en('common.close') }).click();
  await expect(dialog).toHaveCount(0);
}

/** The same path on the members-only site (Liefdevol: niche 2, Dutch). */
function membersOnly(path: string): string {
  const url = new URL(path, test.info().project.use.baseURL);
  url.hostname = 'liefdevol.localhost';
  return url.toString();
}

test('a members-only site shows a visitor without a traffic source no faces and no form', async ({
  page,
}, testInfo) => {
  await openLander(page, membersOnly('/landers/gallery/amsterdam'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    nl('landers:headline.in', { audience: nl('landers:audience.she'), place: 'Amsterdam' }),
  );
  await expect(page.locator('main img.face-photo')).toHaveCount(0);
  await expect(page.getByText(nl('errors:signup_closed'))).toBeVisible();
  await expect(page.getByLabel(nl('fields.email'), { exact: true })).toHaveCount(0);
  expect(await missingTexts(page)).toEqual([]);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'lander-members-only-closed');
});

test('a members-only site shows a visitor with a traffic source its women and the form', async ({ page }, testInfo) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
  });
  await openLander(page, membersOnly('/landers/socialnetwork?network=partner'));
  // The page came with its faces: the lander asked the API for nothing to stand.
  const answer = JSON.parse((await page.locator('#lander-answer').textContent()) ?? 'null');
  expect(answer.faces.prefix).toBe('she');
  expect(answer.faces.profiles.length).toBeGreaterThan(0);
  expect(calls).toEqual([]);
  await expect(page.locator('main img.face-photo').first()).toBeVisible();
  await expect(page.getByLabel(nl('fields.email'), { exact: true })).toBeVisible();
  expect(await missingTexts(page)).toEqual([]);
  await screenshot(page, testInfo, 'lander-members-only-source');
});
