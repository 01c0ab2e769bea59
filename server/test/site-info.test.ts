import { describe, expect, it } from 'vitest';
import { buildSite, client, useTestApp } from './helpers.js';

const t = useTestApp();

describe('GET /api/companyinfo.php', () => {
  it('answers the company behind the site', async () => {
    const response = await client(t.app).get('/api/companyinfo.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Amora Media B.V.',
      address: 'Herengracht 100',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: ['Amora'],
      vat_numbers: ['NL001234567B01'],
      support_phone: '+31 20 123 45 67',
      delete_discount: 50,
      added: '2024-03-01T09:00:00Z',
    });
  });
});

describe('GET /api/interests.php', () => {
  it('names the interests in the language of the lang cookie', async () => {
    const nl = await client(t.app, { cookies: { lang: 'nl' } }).get('/api/interests.php');
    const en = await client(t.app, { cookies: { lang: 'en' } }).get('/api/interests.php');
    expect(nl.statusCode).toBe(200);
    const nlInterests = nl.json().interests as { id: string; name: string }[];
    expect(nlInterests).toContainEqual({ id: 'travel', name: 'Reizen' });
    expect(nlInterests).toContainEqual({ id: 'cooking', name: 'Koken' });
    expect(en.json().interests).toContainEqual({ id: 'travel', name: 'Travel' });
    expect(nlInterests.map((interest) => interest.id)).toEqual(en.json().interests.map((i: { id: string }) => i.id));
  });
});

describe('GET /api/regions.php', () => {
  it("answers the regions of the site's countries and no others", async () => {
    const response = await client(t.app).get('/api/regions.php');
    expect(response.statusCode).toBe(200);
    const regions = response.json().regions as { country: string; code: string; name: string }[];
    const siteCountries = t.site.settings.countries;
    expect(new Set(regions.map((region) => region.country))).toEqual(new Set(siteCountries));
    expect(regions).toContainEqual(expect.objectContaining({ country: 'NL', name: 'Noord-Holland' }));
    expect(regions).toContainEqual(expect.objectContaining({ country: 'DE', name: 'Bayern' }));
    expect(regions.every((region) => region.code !== '' && region.name !== '')).toBe(true);
  });
});

describe('GET /api/openapi.json', () => {
  it('describes the API calls', async () => {
    const response = await client(t.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.description).toContain('x-request-type: client');
    expect(document.components.securitySchemes.clientHeader).toMatchObject({ in: 'header', name: 'x-request-type' });
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/settings.php',
      '/api/companyinfo.php',
      '/api/interests.php',
      '/api/regions.php',
      '/api/user.php',
      '/api/logout.php',
      '/api/signup.php',
      '/api/activate.php',
      '/api/reset-password.php',
      '/api/reset-password-do.php',
      '/api/mail-change.php',
      '/api/password.php',
      '/api/delete-account.php',
      '/api/reactivate.php',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(Object.keys(document.paths['/api/user.php'])).toEqual(expect.arrayContaining(['get', 'post', 'put']));
    expect(paths.some((path) => path.startsWith('/api/dev/'))).toBe(false);
  });
});

describe('GET /manifest.webmanifest', () => {
  it("makes each site installable under its own name, in the app's colours", async () => {
    await buildSite(t.db, { domain: 'hartjes.test', domainLanguage: 'nl-NL', name: 'Hartjes' });
    const response = await client(t.app, { host: 'hartjes.test' }).get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Hartjes',
      short_name: 'Hartjes',
      lang: 'nl-NL',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d1a3a',
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect((await client(t.app).get('/manifest.webmanifest')).json().name).toBe('Amora');
  });

  it('answers site_not_found for a host no site serves', async () => {
    const response = await client(t.app, { host: 'nobody.example' }).get('/manifest.webmanifest');
    expect(response.statusCode).toBe(404);
  });
});
