import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  APP_ANSWER_ELEMENT_ID,
  type AppFirstAnswer,
  HOME_FACES,
  LANDER_ANSWER_ELEMENT_ID,
  LOCALE_COOKIE,
  PAGE_SCRIPTS_FILE,
  SESSION_COOKIE,
  TRAFFIC_SOURCE_COOKIE,
} from '@amora/common';
import { appFirstAnswer } from '@amora/common/schemas';
import { describe, expect, it } from 'vitest';
import type { StoredSettings } from '../src/platform/site.js';
import { birthDate, buildSite, client, loggedInMember, type Response, testPhoto, useTestApp } from './helpers.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-web-'));
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Amora</title></head><body><div id="root"></div></body></html>';
const LANDERS_HTML =
  '<!doctype html><html lang="en"><head><title>Amora</title></head><body><main></main></body></html>';
fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
fs.writeFileSync(path.join(webDist, 'landers.html'), LANDERS_HTML);
const SCRIPT = `console.log(${JSON.stringify('Amora '.repeat(500))});`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b.js'), SCRIPT);
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b.js.br'), zlib.brotliCompressSync(SCRIPT));
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b.js.gz'), zlib.gzipSync(SCRIPT));
const SEARCH_PAGE_SCRIPTS = ['/assets/SearchPage-3c4d.js', '/assets/ProfileCard-5e6f.js'];
fs.writeFileSync(path.join(webDist, PAGE_SCRIPTS_FILE), JSON.stringify({ '/members': SEARCH_PAGE_SCRIPTS, '/': [] }));

const t = useTestApp({ env: { WEB_DIST: webDist } });

/** The page's JSON block `id`, read as the browser would: the text between its tags. */
function blockOf(response: Response, id: string): unknown {
  const match = response.body.match(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's'));
  if (!match?.[1]) throw new Error(`no ${id} block in ${response.body.slice(0, 200)}`);
  return JSON.parse(match[1]);
}

const firstAnswerOf = (response: Response): AppFirstAnswer =>
  appFirstAnswer.parse(blockOf(response, APP_ANSWER_ELEMENT_ID));

let siteCount = 0;
async function otherSite(
  overrides: { domainLanguage?: string; name?: string; settings?: Partial<StoredSettings> } = {},
) {
  const domain = `page-${++siteCount}.test`;
  await buildSite(t.db, { domain, ...overrides });
  return client(t.app, { host: domain });
}

describe('pages of the web app', () => {
  it.each(['/', '/members', '/members/42?t=5', '/likes/m/7', '/pages/terms', '/credits/3/ideal', '/chats/12'])(
    'answer %s with the app and its first answer, and 200',
    async (url) => {
      const response = await client(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      const withoutAnswer = response.body.replace(
        /(<link rel="(?:module)?preload"[^>]*>)*<script type="application\/json".*<\/script>/s,
        '',
      );
      expect(withoutAnswer).toBe(INDEX_HTML);
      const answer = firstAnswerOf(response);
      expect(answer).toMatchObject({ locale: 'en', user: null, settings: { domain: 'amora.test' } });
      const settings = await client(t.app).get('/api/settings.php');
      expect(answer.settings).toEqual(settings.json());
      expect(answer.company).toEqual((await client(t.app).get('/api/companyinfo.php')).json());
    },
  );

  it("carries the texts of the visitor's language, which has every text of the fallback, nl", async () => {
    const answer = firstAnswerOf(await client(t.app).get('/'));
    expect(Object.keys(answer.catalogues)).toEqual(['en']);
    expect(answer.catalogues.en?.app).toMatchObject({ nav: { members: expect.any(String) } });
    expect(answer.catalogues.en?.errors).toEqual(
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../common/locales/en/errors.json'), 'utf8')),
    );
  });

  it('tells a signed-in member who they are, as user.php does', async () => {
    const { visitor, user } = await loggedInMember(t);
    const answer = firstAnswerOf(await visitor.get('/chats'));
    expect(answer.user).toMatchObject({ id: user.id, email: user.email });
    expect(answer.user).toEqual((await visitor.get('/api/user.php')).json().user);
  });

  it("enters a first visit in the site's language, as settings.php does, and keeps its network", async () => {
    const visitor = await otherSite({ domainLanguage: 'de-DE' });
    const response = await visitor.get('/?network=spring-ads');
    expect(response.body).toContain('<html lang="de">');
    expect(firstAnswerOf(response).locale).toBe('de');
    expect(Object.keys(firstAnswerOf(response).catalogues)).toEqual(['de']);
    expect(visitor.cookie(LOCALE_COOKIE)).toBe('de');
    expect(visitor.cookie(TRAFFIC_SOURCE_COOKIE)).toBe('spring-ads');

    const dutch = firstAnswerOf(await (await otherSite({ domainLanguage: 'nl-NL' })).get('/'));
    expect(Object.keys(dutch.catalogues)).toEqual(['nl']);
  });

  it('takes no network with a NUL byte or of 101 characters, and no member from a forged session', async () => {
    for (const network of ['ads%00x', 'a'.repeat(101)]) {
      const visitor = client(t.app);
      expect((await visitor.get(`/?network=${network}`)).statusCode).toBe(200);
      expect(visitor.cookie(TRAFFIC_SOURCE_COOKIE)).toBeUndefined();
    }
    const forged = client(t.app, { cookies: { [SESSION_COOKIE]: 'forged-session-token' } });
    const page = await forged.get('/chats');
    expect(page.statusCode).toBe(200);
    expect(firstAnswerOf(page).user).toBeNull();
  });

  it('keeps a name that would end the script block or the page inside the answer, as it is', async () => {
    const name = `Liebe</script><script>alert(1)</script><!-- $' $& $\``;
    const visitor = await otherSite({ name });
    for (const [url, id] of [
      ['/members', APP_ANSWER_ELEMENT_ID],
      ['/landers/gallery', LANDER_ANSWER_ELEMENT_ID],
    ] as const) {
      const response = await visitor.get(url);
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).not.toContain('<!--');
      expect(response.body.endsWith('</body></html>')).toBe(true);
      expect(blockOf(response, id)).toMatchObject({ settings: { name } });
    }
  });

  it("shows /members' faces as members.php would and the home page's as its showcase (landers.php), with their first photos asked for in the head", async () => {
    const site = await t.services.sites.findByDomain('localhost');
    const { id } = await t.services.members.createHostedProfile({
      site_id: (site as NonNullable<typeof site>).id,
      name: 'Showcased',
      date_of_birth: birthDate(30),
    });
    await t.services.photos.addPhoto(id, await testPhoto({ width: 400, height: 500 }), { main: true });
    const visitor = client(t.app);
    const home = await visitor.get('/');
    const { showcase, faces: homeSearch } = firstAnswerOf(home);
    expect(homeSearch).toBeUndefined();
    expect(showcase?.length).toBeGreaterThan(0);
    expect(showcase).toEqual((await visitor.get(`/api/landers.php?count=${HOME_FACES}`)).json().profiles);
    expect(showcase?.every((face) => face.hosted && face.main_image)).toBe(true);
    expect(home.body).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="[^"]*${showcase?.[0]?.main_image?.thumb_filename}" fetchpriority="high" />`,
      ),
    );

    const page = await visitor.get('/members');
    const { faces } = firstAnswerOf(page);
    expect(faces?.profiles.length).toBeGreaterThan(0);
    expect(faces).toEqual((await visitor.get('/api/members.php')).json());
    const first = faces?.profiles.find((profile) => profile.main_image)?.main_image?.thumb_filename;
    expect(page.body).toMatch(
      new RegExp(`<link rel="preload" as="image" href="[^"]*${first}" fetchpriority="high" />`),
    );
    expect(firstAnswerOf(await visitor.get('/members?network=ads')).faces).toEqual(faces);
    for (const filtered of ['/members?gender=f', '/members?page=2', '/members?q=Anna']) {
      expect(firstAnswerOf(await visitor.get(filtered)).faces).toBeUndefined();
    }
  });

  it("names a page's own scripts in its head, so they load beside the app's", async () => {
    const visitor = client(t.app);
    const page = await visitor.get('/members');
    for (const script of SEARCH_PAGE_SCRIPTS) {
      expect(page.body).toContain(`<link rel="modulepreload" crossorigin href="${script}" />`);
    }
    expect((await visitor.get('/members/1')).body).not.toContain('rel="modulepreload"');
  });

  it('leaves the faces out where a visitor may not search, and still answers the page', async () => {
    const visitor = await otherSite({ settings: { logged_out_search: false } });
    const page = await visitor.get('/');
    expect(page.statusCode).toBe(200);
    expect(firstAnswerOf(page).showcase).toEqual([]);
    expect(page.body).not.toContain('rel="preload"');
  });

  it('answers a domain without a site with the app alone, which shows the failure', async () => {
    const response = await client(t.app, { host: 'nowhere.test' }).get('/members');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/nothing-here', '/pages/secret', '/members/42/chat/more', '/wp-login.php', '/members%00'])(
    'answer %s with the app, which shows its not-found page, and 404',
    async (url) => {
      const response = await client(t.app).get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    '/landers/tinderswipe',
    '/landers/gallery',
    '/landers/maplanding/amsterdam',
    '/members/42/landing',
    '/members/42/signup',
    '/members/42/landing2',
    '/members/42/landing3/summer?network=ads',
  ])('answer the lander %s with the light lander page and 200', async (url) => {
    const response = await client(t.app).get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /^<!doctype html><html lang="en"><head><title>Amora<\/title>.*<\/head><body><main><\/main>/s,
    );
    expect(blockOf(response, LANDER_ANSWER_ELEMENT_ID)).toMatchObject({ locale: 'en' });
  });

  it.each(['/landers/nothing', '/landers/tinderswipe/extra', '/landers'])('answer %s with 404', async (url) => {
    const response = await client(t.app).get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('refuses a path with a broken escape as a bad request', async () => {
    expect((await client(t.app).get('/%E0%A4%A')).statusCode).toBe(400);
  });

  it('answers a page path with an 8 KB part with 404 in the error shape, without repeating it', async () => {
    const response = await client(t.app).get(`/members/${'7'.repeat(8 * 1024)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'This page could not be found' });
  });

  it('answers unknown API calls with a JSON not_found, not the app', async () => {
    const response = await client(t.app).get('/api/nothing.php');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends a built file compressed as the browser accepts it, from the copy made at build time', async () => {
    const brotli = await client(t.app).get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await client(t.app).get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await client(t.app).get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses an API answer over a kilobyte, and leaves a small one as it is', async () => {
    const large = await client(t.app).get('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString())).toMatchObject({ openapi: '3.0.3' });

    // Under 64 KB an answer is compressed in one call, not through a stream: the same bytes come out.
    const plainRegions = await client(t.app).get('/api/regions.php');
    const regions = await client(t.app).get('/api/regions.php', { headers: { 'accept-encoding': 'gzip' } });
    expect(regions.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(regions.rawPayload).toString()).toBe(plainRegions.body);

    const small = await client(t.app).get('/api/nothing.php', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ error: 'not_found' });
  });

  it('takes a request body as sent: a compressed one is not inflated', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'a@b.test', password: 'whatever-123' }));
    const response = await client(t.app).post('/api/login.php', body, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
  });
});
