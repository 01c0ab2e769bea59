/** The sites service as `npm run sites` uses it: an operator adds a site and lists them. */
import { LOCALE_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { SiteRefused } from '../src/sites/service.js';
import { client, signupBody, useTestApp } from './helpers.js';

const t = useTestApp();

describe('creating a site (npm run sites -- add)', () => {
  it('creates a site that answers at its domain in its language, with the default settings', async () => {
    const site = await t.services.sites.createSite({
      domain: 'Liefde.example',
      name: 'Liefde',
      language: 'nl',
      country: 'nl',
    });
    expect(site).toMatchObject({ domain: 'liefde.example', name: 'Liefde', domainLanguage: 'nl-NL' });

    const visitor = client(t.app, { host: 'liefde.example' });
    const settings = await visitor.get('/api/settings.php');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      name: 'Liefde',
      domain: 'liefde.example',
      domain_language: 'nl-NL',
      index_title: 'Liefde',
      countries: ['NL'],
      support_email: 'support@liefde.example',
      mail_name: 'Liefde',
      signups: 'all',
      signup_credits: 20,
    });
    expect(settings.cookies.find((cookie) => cookie.name === LOCALE_COOKIE)?.value).toBe('nl');
    const company = await visitor.get('/api/companyinfo.php');
    expect(company.json()).toMatchObject({ name: 'Liefde', tradenames: ['Liefde'] });
    expect((await visitor.post('/api/signup.php', signupBody())).statusCode).toBe(200);
  });

  it('serves every country it serves when no country is given', async () => {
    const site = await t.services.sites.createSite({ domain: 'kaerlighed.example', name: 'Kærlighed', language: 'da' });
    expect(site.domainLanguage).toBe('da');
    expect(site.settings.countries).toContain('DK');
    expect(site.settings.countries.length).toBeGreaterThan(1);
  });

  it('refuses a domain that already reaches a site, an unknown language and a host name that is none', async () => {
    const refusal = (request: Parameters<typeof t.services.sites.createSite>[0]) =>
      t.services.sites.createSite(request).then(
        () => 'created',
        (error: unknown) => (error instanceof SiteRefused ? error.message : String(error)),
      );
    expect(await refusal({ domain: 'localhost', name: 'Twin', language: 'en' })).toBe('localhost already has a site');
    expect(await refusal({ domain: 'amora.test', name: 'Twin', language: 'en' })).toBe('amora.test already has a site');
    expect(await refusal({ domain: 'new.example', name: 'New', language: 'xx' })).toMatch(
      /^language "xx" must be one of/,
    );
    expect(await refusal({ domain: 'not a host', name: 'New', language: 'en' })).toMatch(/is not a host name/);
    expect(await refusal({ domain: 'new.example', name: 'New', language: 'en', country: 'NLD' })).toMatch(
      /two-letter code/,
    );
  });
});

describe('listing the sites (npm run sites -- list)', () => {
  it('lists every site with the domains that reach it', async () => {
    const sites = await t.services.sites.listSites();
    const demo = sites.find((site) => site.domain === 'amora.test');
    expect(demo?.domains).toEqual(expect.arrayContaining(['amora.test', 'localhost']));
    expect(sites.map((site) => site.domain)).toEqual(
      expect.arrayContaining(['amora.test', 'liefde.example', 'kaerlighed.example']),
    );
  });
});
