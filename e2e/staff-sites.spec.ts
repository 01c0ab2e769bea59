/**
 * Sites in the back office: an admin adds a site, which members reach at once; changes a price and
 * the company's details, watching the preview follow before saving; members see the new values
 * once saved; another host name is added, reaches the site, and is removed again. An admin narrows a
 * site's search filters, and its members' search offers only those.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { addStaffByCommand, openStaffPage, signInStaff } from './staff.js';
import { CLIENT, expectAccessible, latestMail, linkIn, screenshot, searchFilters, uniqueEmail } from './support.js';

const t = catalogue('en');

/** settings.php as a member's browser on that domain asks for it (the app names its host). */
const memberSettings = async (page: Page, domain: string) => {
  const response = await page.request.get(`/api/settings.php?domain=${encodeURIComponent(domain)}`, {
    headers: CLIENT,
  });
  return { status: response.status(), settings: response.ok() ? await response.json() : null };
};

/**
 * A new, activated member of the site at `origin`, in a browser of their own. Signed up from the
 * site's page: only the browser reaches a *.localhost host; the mail is read from the shared server's.
 */
async function memberOfSite(browser: Browser, staffPage: Page, origin: string, name: string) {
  const context = await browser.newContext({
    baseURL: origin,
    // As on the shared server: the push prompt was answered "not now" before.
    storageState: {
      cookies: [],
      origins: [{ origin, localStorage: [{ name: 'amora.push-prompt-dismissed', value: '1' }] }],
    },
  });
  const member = await context.newPage();
  await member.goto('/api/settings.php');
  const email = uniqueEmail(name.toLowerCase());
  const signedUp = await member.evaluate(
    async ({ client, data }) =>
      (
        await fetch('/api/signup.php', {
          method: 'POST',
          headers: { ...client, 'content-type': 'application/json' },
          body: JSON.stringify(data),
        })
      ).status,
    { client: CLIENT, data: { email, name, password: 'a-good-password-1', date_of_birth: '1991-06-15' } },
  );
  expect(signedUp).toBe(200);
  const activation = await latestMail(staffPage.request, email, t('mail:activate.subject', { site: 'Zoekliefde' }));
  await member.goto(linkIn(activation));
  // The signup steps are done, as after finishing them.
  const finished = await member.evaluate(
    async (client) =>
      (
        await fetch('/api/profile.php', {
          method: 'PUT',
          headers: { ...client, 'content-type': 'application/json' },
          body: JSON.stringify({ signup_step: 'done' }),
        })
      ).status,
    CLIENT,
  );
  expect(finished).toBe(200);
  return member;
}

test('an admin adds a site, changes its prices and company with a live preview, and its host names', async ({
  page,
}, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  const domain = `zomer-${project}-${Date.now().toString(36)}.localhost`;
  const admin = addStaffByCommand('admin', `Ada ${project}`);
  await signInStaff(page, admin);
  await openStaffPage(page, 'Sites');
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sites' }).getByRole('link', { name: /Liefdevol/ })).toContainText(
    'Dutch (Netherlands)',
  );
  await screenshot(page, testInfo, 'staff-sites');
  await page.getByRole('button', { name: 'About: New site' }).click();
  await expect(page.getByRole('tooltip')).toContainText("Point the domain's DNS at this server first.");
  await page.keyboard.press('Escape');

  // A domain another site is reached at: refused at the field; a fresh one opens the new site's page.
  const form = page.getByRole('form', { name: 'New site' });
  await form.getByLabel('Domain').fill('liefdevol.localhost');
  await form.getByLabel('Name').fill('Zomerliefde');
  await form.getByLabel('Language').selectOption('nl');
  await form.getByLabel('Country (optional)').selectOption('NL');
  await form.getByRole('button', { name: 'Add site' }).click();
  await expect(form.getByLabel('Domain')).toHaveAccessibleDescription(new RegExp(t('errors:field.domain_taken')));
  await form.getByLabel('Domain').fill(domain);
  await form.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('heading', { name: 'Zomerliefde', level: 1 })).toBeVisible();
  expect((await memberSettings(page, domain)).settings).toMatchObject({ name: 'Zomerliefde', message_credits: 10 });

  // The preview follows what is typed, before anything is saved.
  const preview = page.getByRole('region', { name: 'Preview' });
  const money = page.getByRole('region', { name: 'Credits and money' });
  const texts = page.getByRole('region', { name: 'Texts' });
  const company = page.getByRole('region', { name: 'Company' });
  const saveBar = page.getByRole('form', { name: "Save the site's changes" });
  await expect(preview).toContainText('A message10 credits');
  await money.getByLabel('A message costs').fill('12');
  await texts.getByLabel('Headline').fill('Zomerliefde: zonnige dates in de buurt');
  await texts.getByLabel('A hosted profile is called').fill('gastprofiel');
  await expect(preview).toContainText('A message12 credits');
  await expect(preview).toContainText('Zomerliefde: zonnige dates in de buurt');
  await expect(preview).toContainText('Gastprofiel');
  expect((await memberSettings(page, domain)).settings.message_credits).toBe(10);
  // Leaving with changes not saved asks first; staying keeps them.
  await openStaffPage(page, 'Sites');
  await expect(saveBar.getByRole('status')).toHaveText('Leave without saving 3 changes?');
  await saveBar.getByRole('button', { name: 'Stay' }).click();
  await expect(money.getByLabel('A message costs')).toHaveValue('12');

  // A bad value is refused at its field and nothing changes; corrected, everything is saved.
  await money.getByLabel('Longest message').fill('0');
  await company.getByLabel('Company name').fill('Zomer B.V.');
  await company.getByLabel('KvK / registration number').fill('87654321');
  await expect(saveBar.getByRole('status')).toHaveText('6 changes not saved');
  await saveBar.getByRole('button', { name: 'Save changes' }).click();
  // The bar says the refusal first: when this journey once waited in vain for the field's reason,
  // nothing told whether the save was sent, refused otherwise, or taken.
  await expect(saveBar).toContainText(t('staff:sites.save.refused'));
  await expect(money.getByLabel('Longest message')).toHaveAccessibleDescription(
    new RegExp(`^${t('errors:field.invalid')}`),
  );
  expect((await memberSettings(page, domain)).settings.message_credits).toBe(10);
  await money.getByLabel('Longest message').fill('500');
  await saveBar.getByRole('button', { name: 'Save changes' }).click();
  await expect(saveBar.getByRole('status')).toHaveText('Saved: members see it now.');
  await expectAccessible(page);
  // From the top, where the save bar and the preview stand in their places.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, 'staff-site');

  // Members see the new values at once.
  const { settings } = await memberSettings(page, domain);
  expect(settings).toMatchObject({
    message_credits: 12,
    message_length: 500,
    index_title: 'Zomerliefde: zonnige dates in de buurt',
    fictional_singular: 'gastprofiel',
  });
  const site = page.waitForEvent('popup');
  await preview.getByRole('link', { name: /Open the site/ }).click();
  const member = await site;
  await expect(member).toHaveURL(new RegExp(`^http://${domain.replaceAll('.', '\\.')}:\\d+/`));
  await expect(member.locator('.top-bar .brand-name')).toHaveText('Zomerliefde');
  const companyInfo = await member.evaluate(async () =>
    (await fetch('/api/companyinfo.php', { headers: { 'x-request-type': 'client' } })).json(),
  );
  expect(companyInfo).toMatchObject({ name: 'Zomer B.V.', kvk: '87654321' });
  await member.close();

  // What a section is for stands behind the info button beside its title.
  const hosts = page.getByRole('region', { name: 'Host names' });
  await hosts.getByRole('button', { name: 'About: Host names' }).click();
  await expect(page.getByRole('tooltip')).toContainText('Point each one');
  await screenshot(page, testInfo, 'staff-site-help');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();

  // Another host name reaches the site at once; the site's own cannot be removed; the other can.
  const alias = `www.${domain}`;
  await hosts.getByLabel('Another host name').fill('liefdevol.localhost');
  await hosts.getByRole('button', { name: 'Add host name' }).click();
  await expect(hosts.getByLabel('Another host name')).toHaveAccessibleDescription(
    new RegExp(t('errors:field.domain_taken')),
  );
  await hosts.getByLabel('Another host name').fill(alias);
  await hosts.getByRole('button', { name: 'Add host name' }).click();
  const names = hosts.getByRole('list', { name: 'Host names' }).getByRole('listitem');
  await expect(names).toHaveText([`${domain}The site's own`, new RegExp(`^${alias.replaceAll('.', '\\.')}Remove`)]);
  await expect(hosts.getByRole('button', { name: `Remove ${domain}`, exact: true })).toHaveCount(0);
  expect((await memberSettings(page, alias)).settings.name).toBe('Zomerliefde');
  await hosts.getByRole('button', { name: `Remove ${alias}` }).click();
  await expect(names).toHaveCount(1);
  expect((await memberSettings(page, alias)).status).toBe(404);
});

test('an admin narrows the search filters of a site, and its members are offered only those', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  const domain = `zoek-${project}-${Date.now().toString(36)}.localhost`;
  const admin = addStaffByCommand('admin', `Alma ${project}`);
  await signInStaff(page, admin);
  await openStaffPage(page, 'Sites');
  const form = page.getByRole('form', { name: 'New site' });
  await form.getByLabel('Domain').fill(domain);
  await form.getByLabel('Name').fill('Zoekliefde');
  await form.getByLabel('Language').selectOption('en');
  await form.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('heading', { name: 'Zoekliefde', level: 1 })).toBeVisible();

  // Gender and the youngest age stay; country, region and the oldest age go.
  const filters = page.getByRole('group', { name: 'Search filters' });
  for (const field of ['Country', 'Region', 'Oldest age']) await filters.getByLabel(field, { exact: true }).uncheck();
  await page
    .getByRole('form', { name: "Save the site's changes" })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(page.getByRole('form', { name: "Save the site's changes" }).getByRole('status')).toHaveText(
    'Saved: members see it now.',
  );
  expect((await memberSettings(page, domain)).settings.search_fields).toEqual(['gender', 'min_age']);

  // A member of the site opens a link from before, which names a country: it narrows nothing.
  const site = new URL(testInfo.project.use.baseURL as string);
  site.hostname = domain;
  const member = await memberOfSite(browser, page, site.origin, 'Noor');
  const other = await memberOfSite(browser, page, site.origin, 'Mila');
  await member.goto('/members?country=DE');
  await expect(member.getByRole('list', { name: t('members:search.results') })).toContainText('Mila');
  const offered = await searchFilters(member, {
    filters: t('members:search.filters'),
    button: t('members:search.filtersButton'),
  });
  await expect(offered.getByRole('combobox')).toHaveCount(2);
  await expect(offered.getByLabel(t('members:search.gender'))).toBeVisible();
  await expect(offered.getByLabel(t('members:search.minAge'))).toBeVisible();
  for (const hidden of ['country', 'region', 'maxAge']) {
    await expect(offered.getByLabel(t(`members:search.${hidden}`))).toHaveCount(0);
  }
  await expectAccessible(member);
  await screenshot(member, testInfo, 'search-narrowed-filters');
  await member.context().close();
  await other.context().close();
});
