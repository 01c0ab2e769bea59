/** Every static page in every language: its own texts, the company's details filled in, nothing missing. */
import { LOCALES, STATIC_PAGE_SLUGS } from '@amora/common';
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { enterSite, expectAccessible, openServerRendered, screenshot } from './support.js';

const COMPANY = { name: 'Amora Media B.V.', kvk: '12345678', vat: 'NL001234567B01', phone: '+31201234567' };

for (const locale of LOCALES) {
  test(
    `the static pages in ${locale} show their own texts with the company's details`,
    { tag: '@texts' },
    async ({ page, baseURL }, testInfo) => {
      const t = catalogue(locale);
      await enterSite(page, '/');
      await page.context().addCookies([{ name: 'lang', value: locale, url: baseURL ?? '' }]);
      for (const slug of STATIC_PAGE_SLUGS) {
        await page.goto(`/pages/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(`pages:${slug}.title`));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
        expect(text, `${locale} ${slug}`).not.toMatch(/{{|}}|pages:|\.sections|\.title\b/);
        if (slug === 'terms' || slug === 'service') {
          for (const detail of [COMPANY.name, COMPANY.kvk, COMPANY.vat])
            expect(text, `${locale} ${slug}`).toContain(detail);
        }
        if (slug === 'faq' || slug === 'service') expect(text, `${locale} ${slug}`).toContain(COMPANY.phone);
      }
      if (locale === 'de' || locale === 'pl') {
        await page.goto('/pages/terms');
        await expectAccessible(page);
        await screenshot(page, testInfo, `terms-${locale}`);
      }
    },
  );
}

test('each static page answers at its short address too, and an unknown one is not found', async ({ page }) => {
  const t = catalogue('en');
  await enterSite(page, '/');
  for (const slug of STATIC_PAGE_SLUGS) {
    const response = await page.goto(`/${slug}`);
    expect(response?.status(), slug).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(`pages:${slug}.title`));
  }
  const unknown = await page.goto('/secret-offer');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: t('errors:not_found') })).toBeVisible();
});

test('the home page and a footer page are taken over by React as the server drew them', async ({ page }) => {
  const problems: string[] = [];
  for (const path of ['/', '/pages/terms']) {
    const sameNodes = await openServerRendered(page, path, 'header.top-bar, main h1, footer', problems);
    await expect(page.locator('main h1')).toHaveCount(1);
    expect(await sameNodes()).toBe(true);
  }
  expect(problems).toEqual([]);
});
