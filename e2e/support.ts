/// <reference lib="dom" />
/** Shared steps of the end-to-end journeys: mails from the dev mailbox, axe, screenshots. */
import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { catalogue } from './catalogue.js';

export const CLIENT = { 'x-request-type': 'client' };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

interface DevMail {
  subject: string;
  text: string;
}

/** The newest mail to `to` with this subject, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/mails.php?to=${encodeURIComponent(to)}`);
      const { mails } = (await response.json()) as { mails: DevMail[] };
      found = mails.find((mail) => mail.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found as DevMail;
}

export function linkIn(mail: DevMail): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** Waits for the page's animations that end (a dialog fading in); one cancelled meanwhile counts as ended. */
export async function animationsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page) {
  // Colours are judged as shown: a dialog still fading in would read as low contrast.
  await animationsEnded(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * On a phone, every control a thumb aims at is at least 44 by 44 px. Links inside running text are
 * exempt (WCAG 2.5.8); a checkbox or radio counts with its label, which takes the tap too.
 */
export async function expectTapTargets(page: Page) {
  const small = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]',
    );
    const found: string[] = [];
    for (const control of Array.from(controls)) {
      const style = getComputedStyle(control);
      if (style.display === 'inline' || style.visibility === 'hidden') continue;
      if (control.closest('[aria-hidden="true"], .visually-hidden, [hidden]')) continue;
      let box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
        box = (control.closest('.form-check, label') ?? control).getBoundingClientRect();
      }
      if (box.width < 44 || box.height < 44) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        found.push(
          `${control.tagName.toLowerCase()}.${control.className} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  });
  expect(small).toEqual([]);
}

/**
 * The window as the person sees it, under e2e/screenshots/<project>/ (the README's gallery takes
 * these), and the whole page under its full/, to look at after the run. Only the first is true to a
 * phone: to draw the whole page, Chromium stretches the window, so heights in vh change and an
 * emulated phone answers as a mouse (hover), showing what a touch screen hides.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  // From the top, at once (the page scrolls smoothly otherwise, and would be pictured on its way).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const folder = `e2e/screenshots/${testInfo.project.name}`;
  await page.screenshot({ path: `${folder}/${name}.png` });
  await page.screenshot({ path: `${folder}/full/${name}.png`, fullPage: true });
}

/** Visitors see the adult-content warning first; close it as a person would. */
export async function enterSite(page: Page, path = '/', enterLabel: RegExp = /18/) {
  await page.goto(path);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: enterLabel }).click();
  await expect(dialog).toBeHidden();
}

/** The member search's filters: beside the results on a wide screen, behind the Filters button on a phone. */
export async function searchFilters(page: Page, labels: { filters: string; button: string }) {
  const button = page.getByRole('button', { name: labels.button });
  if (await button.isVisible()) await button.click();
  const form = page.getByRole('form', { name: labels.filters });
  await expect(form).toBeVisible();
  return form;
}

/** Chooses a date of birth (YYYY-MM-DD) in the signup form's day, month and year selects. */
export async function chooseDateOfBirth(
  page: Page | Locator,
  labels: { day: string; month: string; year: string },
  date: string,
) {
  const [year, month, day] = date.split('-').map(Number);
  await page.getByRole('combobox', { name: labels.day, exact: true }).selectOption(String(day));
  await page.getByRole('combobox', { name: labels.month, exact: true }).selectOption(String(month));
  await page.getByRole('combobox', { name: labels.year, exact: true }).selectOption(String(year));
}

/** A second person in the same test: a page in a browser context of its own (own cookies). */
export async function otherPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const en = catalogue('en');

/** Opens /credits and chooses the bundle of `credits` (an English-speaking member's page). */
export async function chooseBundle(page: Page, credits: number) {
  await page.goto('/credits');
  const bundles = page.getByRole('region', { name: en('credits:bundles') });
  const card = bundles.getByRole('article', { name: new RegExp(`^${credits} credits$`) });
  await card.getByRole('link', { name: /^Buy for / }).click();
  await expect(page.getByRole('heading', { name: en('credits:payment.title') })).toBeVisible();
}

/** Pays the chosen bundle and decides the sandbox checkout's outcome. */
export async function checkout(page: Page, outcome: string) {
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(en('credits:sandbox.tag'))).toBeVisible();
  await page.getByRole('button', { name: en(`credits:sandbox.outcomes.${outcome}`), exact: true }).click();
  await page.waitForURL(/\/transactions\/\d+\?return=1$/);
}

/** The same path on the demo's members-only site (Liefdevol), which browsers reach on this machine like localhost. */
export function membersOnly(path: string): string {
  const url = new URL(path, test.info().project.use.baseURL);
  url.hostname = 'liefdevol.localhost';
  return url.toString();
}

/** Signs up through the API in this page's browser context, activated when asked; returns the profile id. */
export async function signUpMember(
  page: Page,
  name: string,
  { activate, site = 'Amora' }: { activate: boolean; site?: string },
) {
  const email = uniqueEmail(name.toLowerCase());
  const response = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name, password: 'a-good-password-1', date_of_birth: '1991-06-15' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { user } = (await response.json()) as { user: { profile: { id: number } } };
  if (activate) {
    const subject = catalogue('en')('mail:activate.subject', { site });
    await page.request.get(linkIn(await latestMail(page.request, email, subject)));
  }
  return user.profile.id;
}

/** The member's profile is complete, as after the signup steps: the push prompt may show. */
export async function finishSignupSteps(page: Page) {
  const response = await page.request.put('/api/profile.php', { headers: CLIENT, data: { signup_step: 'done' } });
  expect(response.ok()).toBe(true);
}

export async function emailOf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/user.php')).json()) as { user: { email: string } }).user.email;
}

/** Another member who likes and writes to `profileId`. */
export async function admirer(page: Page, name: string, profileId: number, message?: string): Promise<number> {
  await enterSite(page, '/');
  const admirerId = await signUpMember(page, name, { activate: true });
  if (message) {
    const sent = await page.request.post('/api/chat.php', {
      headers: CLIENT,
      data: { client_id: randomUUID(), text: message, profile_id: profileId },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  const liked = await page.request.post('/api/like.php', { headers: CLIENT, data: { profile_id: profileId } });
  expect(liked.ok()).toBe(true);
  return admirerId;
}

/** The top bar's link to /credits, named by the balance. */
export const topBarCredits = (page: Page) => page.getByRole('banner').getByRole('link', { name: /credit/i });
export const getPremium = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: en('credits:getPremium') });

/**
 * Hosted profiles as the search lists them, skipping `except` (by name). Members of parallel
 * journeys are recently active and fill the first pages, so this reads on until it has `count`.
 */
export async function hostedProfiles(page: Page, count: number, except?: string) {
  const found: { id: number; name: string }[] = [];
  for (let number = 1; number <= 20 && found.length < count; number++) {
    const { profiles } = (await (await page.request.get(`/api/members.php?page=${number}`)).json()) as {
      profiles: { id: number; name: string; hosted: boolean }[];
    };
    found.push(...profiles.filter((profile) => profile.hosted && profile.name !== except));
  }
  if (found.length < count) throw new Error(`the e2e site lists fewer than ${count} hosted profiles in 20 pages`);
  return found.slice(0, count);
}

/**
 * Opens `path` with the app's script held until the server's `selector` nodes are noted, lets React
 * take the page over, and returns whether the nodes matching `selector` are still those very nodes
 * (a screen drawn again would have new ones). Errors and warnings on the console land in `problems`.
 */
export async function openServerRendered(page: Page, path: string, selector: string, problems: string[]) {
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  let releaseScript = () => {};
  const scriptHeld = new Promise<void>((resolve) => {
    releaseScript = resolve;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  // The whole page parsed; its module script runs only after that, and is held.
  await page.waitForFunction(() => document.readyState !== 'loading');
  await expect(page.locator(selector).first()).toBeAttached();
  await page.evaluate(
    (nodes) => Object.assign(window, { serverNodes: Array.from(document.querySelectorAll(nodes)) }),
    selector,
  );
  releaseScript();
  // React's own mark on the root it has taken over.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
      ),
    )
    .toBe(true);
  return () =>
    page.evaluate((nodes) => {
      const { serverNodes } = window as unknown as { serverNodes: Element[] };
      const now = Array.from(document.querySelectorAll(nodes));
      return now.length === serverNodes.length && now.every((node, index) => node === serverNodes[index]);
    }, selector);
}

/**
 * Controls that sit too close in `scope`: boxes that overlap, and neighbours (side by side, or one
 * row above the next) less than 8 px apart. Segmented groups (.btn-group) and menu items are one
 * control made of parts, so they are left out.
 */
export async function crowdedControls(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const GAP = 8;
    const root = document.querySelector(scopeSelector);
    if (!root) return [`${scopeSelector} is not on the page`];
    const visible = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    const controls = Array.from(
      root.querySelectorAll<HTMLElement>('a.btn, button, [role="button"], .photo-badge, .badge'),
    ).filter(
      (element) =>
        visible(element) &&
        !element.closest('[aria-hidden="true"], .visually-hidden, .btn-group, .dropdown-menu, .pagination') &&
        !element.closest('details:not([open]) > :not(summary)') &&
        !element.parentElement?.closest('a.btn, button, [role="button"]'),
    );
    const label = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 24)}"`;
    const found: string[] = [];
    for (let first = 0; first < controls.length; first++) {
      for (let second = first + 1; second < controls.length; second++) {
        const [a, b] = [controls[first], controls[second]];
        if (a.contains(b) || b.contains(a)) continue;
        const [boxA, boxB] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const across = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const down = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
        const apart = Math.round(Math.max(-across, -down));
        if (apart < GAP) found.push(`${label(a)} and ${label(b)}: ${apart} px apart`);
      }
    }
    return found;
  }, scope);
}
