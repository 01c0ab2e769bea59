import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSite, client, useTestApp } from './helpers.js';

// Every settings field SPEC §3 names ("push public key" is push_public_key).
const SPEC_SETTINGS_FIELDS = [
  'countries name index_title description visible_profile_fields visible_profile_notes geoip_country',
  'geoip_selected_country niche signups logged_out_search logged_out_search_trafficsource',
  'enable_site_entry_popup push_public_key cdn_prefix domain domain_language support_phone',
  'support_email minimum_message_costs message_credits photo_credits gift_credits signup_credits',
  'message_length search_fields fictional_warning fictional_singular fictional_plural refund_days',
  'member_resell company_id mail_name fictional_icon',
].flatMap((line) => line.split(' '));

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'liefde.test', domainLanguage: 'nl-NL', name: 'Liefde' });
  },
});

describe('GET /api/settings.php', () => {
  it('answers every settings field of the specification for the site of the host', async () => {
    const response = await client(t.app).get('/api/settings.php');
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    for (const field of SPEC_SETTINGS_FIELDS) expect(settings, field).toHaveProperty(field);
    expect(settings).toMatchObject({
      name: 'Amora',
      domain: 'amora.test',
      domain_language: 'en-GB',
      signup_credits: 20,
    });
    expect(settings.niche).toBeGreaterThanOrEqual(1);
    expect(settings.niche).toBeLessThanOrEqual(7);
    expect(settings.minimum_message_costs.NL).toEqual({ costs: 99, currency: 'EUR' });
  });

  it('answers for the site named by a forced ?domain=', async () => {
    const response = await client(t.app).get('/api/settings.php?domain=liefde.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Liefde', domain: 'liefde.test', domain_language: 'nl-NL' });
  });

  it('answers 404 site_not_found for a host no site serves', async () => {
    const response = await client(t.app, { host: 'nobody.example' }).get('/api/settings.php');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'site_not_found' });
  });

  it('sets the locale cookie from domain_language when the visitor has none', async () => {
    const visitor = client(t.app, { host: 'liefde.test' });
    const response = await visitor.get('/api/settings.php');
    const lang = response.cookies.find((cookie) => cookie.name === 'lang');
    expect(lang).toMatchObject({ value: 'nl', path: '/' });
    expect(lang?.maxAge).toBe(365 * 24 * 60 * 60);
    expect(visitor.cookie('lang')).toBe('nl');

    // The cookie now chooses the language of later answers.
    const error = await visitor.post('/api/reset-password.php', { email: 'nobody@example.test' });
    expect(error.json().fields.email.message).toBe('E-mailadres niet gevonden');
  });

  it('does not overwrite a locale cookie the visitor already has', async () => {
    const visitor = client(t.app, { host: 'liefde.test', cookies: { lang: 'de' } });
    const response = await visitor.get('/api/settings.php');
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'lang')).toBeUndefined();
    expect(visitor.cookie('lang')).toBe('de');
  });

  it('sets the locale of the demo site (en-GB) as en', async () => {
    const response = await client(t.app).get('/api/settings.php');
    expect(response.cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');
  });

  it("places the visitor by their address: the country, and the site's country to choose from", async () => {
    const dutch = (await client(t.app, { remoteAddress: '145.53.1.1' }).get('/api/settings.php')).json();
    expect(dutch).toMatchObject({ geoip_country: 'NL', geoip_selected_country: 'NL' });
    const german = (await client(t.app, { remoteAddress: '2a02:2e0:3fe:1001:302::' }).get('/api/settings.php')).json();
    expect(german).toMatchObject({ geoip_country: 'DE', geoip_selected_country: 'DE' });

    const american = (await client(t.app, { remoteAddress: '8.8.8.8' }).get('/api/settings.php')).json();
    expect(american.geoip_country).toBe('US');
    expect(american.geoip_selected_country).toBe(t.site.settings.countries[0]);
    const local = (await client(t.app, { remoteAddress: '10.1.2.3' }).get('/api/settings.php')).json();
    expect(local).toMatchObject({ geoip_country: null, geoip_selected_country: t.site.settings.countries[0] });
  });

  it("takes the current route's query along and ignores what it does not know", async () => {
    const response = await client(t.app).get('/api/settings.php?network=ads&sub1=x%00y&page=2&domain=amora.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Amora', domain: 'amora.test' });
  });

  it('travels in the encoding the browser takes best, each decoding to the same answer, and plain to one that takes none', async () => {
    const asked = (encoding: string) =>
      client(t.app).get('/api/settings.php', { headers: { 'accept-encoding': encoding } });
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.json();
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', vary: expect.stringMatching(/accept-encoding/i) });
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(answer);
    const gzip = await asked('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(answer);
    // Asked again: the same bytes, compressed once.
    expect((await asked('br')).rawPayload).toEqual(brotli.rawPayload);
  });
});
