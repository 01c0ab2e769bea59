import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Gender, LANDER_ANSWER_ELEMENT_ID, type LanderFirstAnswer, type Sexuality } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../src/platform/clock.js';
import type { NewProfileRow } from '../src/platform/db/schema.js';
import type { Site, StoredSettings } from '../src/platform/site.js';
import { birthDate, buildMember, buildPhotos, buildSite, client, loggedIn, testPhoto, useTestApp } from './helpers.js';

// The built lander page as far as the server reads it: its language and the end of its head.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-landers-'));
const LANDERS_HTML =
  '<!doctype html><html lang="en"><head><title>Amora</title></head><body><main></main></body></html>';
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Amora</title>');
fs.writeFileSync(path.join(webDist, 'landers.html'), LANDERS_HTML);

const t = useTestApp({ env: { WEB_DIST: webDist } });

let siteCount = 0;
/** Each test asks a site of its own, so other tests' profiles never show up. */
async function freshSite(settings: Partial<StoredSettings> = {}, domainLanguage = 'en-GB') {
  const domain = `lander-${++siteCount}.test`;
  await buildSite(t.db, { domain, domainLanguage, settings });
  const site = (await t.services.sites.findByDomain(domain)) as Site;
  return { site, visitor: client(t.app, { host: domain }) };
}

type Hosted = Partial<Omit<NewProfileRow, 'site_id' | 'user_id' | 'hosted' | 'status' | 'created_at'>>;

let photo: Buffer | null = null;
let minutesAgo = 0;

/**
 * A hosted profile with a main photo unless `withPhoto` is false, aged 30; each one made is active
 * a minute earlier than the one before, so the order made is the order shown.
 */
async function profile(site: Site, name: string, values: Hosted = {}, { withPhoto = true } = {}) {
  const { id } = await t.services.members.createHostedProfile({
    site_id: site.id,
    name,
    date_of_birth: birthDate(30),
    last_active_at: addMinutes(t.clock.now(), -++minutesAgo).toISOString(),
    ...values,
  });
  photo ??= await testPhoto({ width: 400, height: 500 });
  if (withPhoto) await t.services.photos.addPhoto(id, photo, { main: true });
  return id;
}

interface Card {
  name: string;
  main_image: { filename: string } | null;
}
const names = (response: { json(): { profiles: Card[] } }) => response.json().profiles.map((card) => card.name);

/** Women and men of every kind a niche picks from. */
async function everyKind(site: Site) {
  await profile(site, 'Slim30', { gender: 'female', body_type: 'slim', date_of_birth: birthDate(30) });
  await profile(site, 'Curvy30', { gender: 'female', body_type: 'curvy', date_of_birth: birthDate(30) });
  await profile(site, 'Large45', { gender: 'female', body_type: 'large', date_of_birth: birthDate(45) });
  await profile(site, 'Woman55', { gender: 'female', body_type: 'average', date_of_birth: birthDate(55) });
  await profile(site, 'Woman62', { gender: 'female', body_type: 'average', date_of_birth: birthDate(62) });
  await profile(site, 'Man40', { gender: 'male', body_type: 'athletic', date_of_birth: birthDate(40) });
  await profile(site, 'Man65', { gender: 'male', date_of_birth: birthDate(65) });
}

describe('GET /api/landers.php', () => {
  it('shows active, visible profiles with a main photo, recently active first', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Anna', { gender: 'female' });
    await profile(site, 'NoPhoto', { gender: 'female' }, { withPhoto: false });
    await profile(site, 'Hidden', { gender: 'female', invisible: 1 });
    await profile(site, 'Bram', { gender: 'male' });
    const pending = await profile(site, 'PendingPhoto', { gender: 'female' });
    await t.db.updateTable('photos').set({ status: 'pending' }).where('profile_id', '=', pending).execute();
    const gone = await profile(site, 'Deleted');
    await t.db.updateTable('profiles').set({ status: 'deleted' }).where('id', '=', gone).execute();

    const response = await visitor.get('/api/landers.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ prefix: '', place: null });
    expect(names(response)).toEqual(['Anna', 'Bram']);
    const [anna] = response.json().profiles;
    expect(anna).toMatchObject({ hosted: true, age: 30 });
    expect(anna.main_image.thumb_filename).toMatch(/-thumb\.webp$/);
  });

  it('never shows a member, not even a complete one with a photo (the demo member): only hosted profiles', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Anna', { gender: 'female' });
    const member = await buildMember(t.services, { site, name: 'Demo' });
    await buildPhotos(t.services, member, 2);
    await t.services.members.updateProfile(
      site,
      { userId: member.user.id, email: member.email },
      { gender: 'male', sexuality: 'hetero', signup_step: 'done' },
    );

    expect(names(await visitor.get('/api/landers.php'))).toEqual(['Anna']);
  });

  it('shows as many as asked for, 24 unless told', async () => {
    const { site, visitor } = await freshSite();
    for (let i = 1; i <= 26; i++) await profile(site, `P${i}`);
    expect(names(await visitor.get('/api/landers.php'))).toHaveLength(24);
    expect(names(await visitor.get('/api/landers.php?count=3'))).toEqual(['P1', 'P2', 'P3']);
    expect(names(await visitor.get('/api/landers.php?count=48'))).toHaveLength(26);
  });

  it.each([
    [1, '', ['Slim30', 'Curvy30', 'Large45', 'Woman55', 'Woman62', 'Man40', 'Man65']],
    [2, 'she', ['Slim30', 'Curvy30', 'Large45', 'Woman55', 'Woman62']],
    [3, 'bdsm', ['Slim30', 'Curvy30', 'Large45', 'Woman55', 'Woman62', 'Man40', 'Man65']],
    [4, 'bbw', ['Curvy30', 'Large45']],
    [5, 'gilf', ['Woman62']],
    [6, 'milf', ['Large45', 'Woman55']],
    [7, 'gay', ['Man40', 'Man65']],
  ])('niche %i (%s) shows whom its lander is for', async (niche, prefix, expected) => {
    const { site, visitor } = await freshSite({ niche });
    await everyKind(site);
    const response = await visitor.get('/api/landers.php');
    expect(response.json().prefix).toBe(prefix);
    expect(names(response)).toEqual(expected);
  });

  it('shows no faces on a members-only site to a visitor without a traffic source, and does to one with', async () => {
    const { site, visitor } = await freshSite({
      niche: 2,
      logged_out_search: false,
      logged_out_search_trafficsource: true,
    });
    await profile(site, 'Sanne', { gender: 'female' });

    const closed = await visitor.get('/api/landers.php');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ prefix: 'she', place: null, place_kind: null, profiles: [] });

    // The lander asks settings.php first, with its page's query; the source is kept in a cookie.
    const source = client(t.app, { host: site.domain });
    await source.get(`/api/settings.php?network=ads&domain=${site.domain}`);
    expect(names(await source.get('/api/landers.php'))).toEqual(['Sanne']);

    // Or it names the source itself, asked at the same time as settings.php, as members.php may.
    expect(names(await client(t.app, { host: site.domain }).get('/api/landers.php?network=ads'))).toEqual(['Sanne']);
  });

  it('shows no faces on a site that lets no visitor browse, traffic source or not', async () => {
    const { site, visitor } = await freshSite({ logged_out_search: false, logged_out_search_trafficsource: false });
    await profile(site, 'Sanne');
    await visitor.get('/api/settings.php?network=ads');
    expect((await visitor.get('/api/landers.php?place=amsterdam')).json()).toEqual({
      prefix: '',
      place: 'Amsterdam',
      place_kind: 'city',
      profiles: [],
    });
  });

  it("shows a signed-in member the site's faces where visitors see none (the home page's showcase)", async () => {
    const { site } = await freshSite({ logged_out_search: false, logged_out_search_trafficsource: false });
    await profile(site, 'Sanne');
    const member = await loggedIn(t.app, await buildMember(t.services, { site }), { host: site.domain });
    expect(names(await member.get('/api/landers.php?count=6'))).toEqual(['Sanne']);
  });

  it('shows a signed-in member whom they look for, unless the niche names the gender itself', async () => {
    const memberOf = async (site: Site, gender: Gender, sexuality: Sexuality) => {
      const member = await buildMember(t.services, { site });
      const changes = { gender, sexuality, signup_step: 'done' } as const;
      await t.services.members.updateProfile(site, { userId: member.user.id, email: member.email }, changes);
      return loggedIn(t.app, member, { host: site.domain });
    };
    const { site } = await freshSite();
    await profile(site, 'Anna', { gender: 'female' });
    await profile(site, 'Bram', { gender: 'male' });
    expect(names(await (await memberOf(site, 'male', 'hetero')).get('/api/landers.php'))).toEqual(['Anna']);
    expect(names(await (await memberOf(site, 'male', 'gay')).get('/api/landers.php'))).toEqual(['Bram']);
    expect(names(await (await memberOf(site, 'female', 'bi')).get('/api/landers.php'))).toEqual(['Anna', 'Bram']);

    const { site: gaySite } = await freshSite({ niche: 7 });
    await profile(gaySite, 'Cas', { gender: 'male' });
    await profile(gaySite, 'Dana', { gender: 'female' });
    expect(names(await (await memberOf(gaySite, 'male', 'hetero')).get('/api/landers.php'))).toEqual(['Cas']);
  });

  it('puts the profiles of the city the slug names first, in any case and with hyphens for spaces', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Utrechter', { country: 'NL', region: 'UT', city: 'Utrecht' });
    await profile(site, 'Amsterdammer', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    await profile(site, 'Haarlemmer', { country: 'NL', region: 'NH', city: 'Haarlem' });
    await profile(site, 'Bosschenaar', { country: 'NL', region: 'NB', city: "'s-Hertogenbosch" });

    const amsterdam = await visitor.get('/api/landers.php?place=AMSTERDAM');
    expect(amsterdam.json().place).toBe('Amsterdam');
    expect(names(amsterdam)).toEqual(['Amsterdammer', 'Utrechter', 'Haarlemmer', 'Bosschenaar']);

    const denBosch = await visitor.get('/api/landers.php?place=s-hertogenbosch&count=2');
    expect(denBosch.json().place).toBe("'s-Hertogenbosch");
    expect(names(denBosch)).toEqual(['Bosschenaar', 'Utrechter']);
  });

  it('puts the profiles of the region the slug names first, accents or not', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Utrechter', { country: 'NL', region: 'UT', city: 'Utrecht' });
    await profile(site, 'Haarlemmer', { country: 'NL', region: 'NH', city: 'Haarlem' });
    await profile(site, 'Kölner', { country: 'DE', region: 'NW', city: 'Köln' });
    await profile(site, 'Amsterdammer', { country: 'NL', region: 'NH', city: 'Amsterdam' });

    const holland = await visitor.get('/api/landers.php?place=noord-holland');
    expect(holland.json()).toMatchObject({ place: 'Noord-Holland', place_kind: 'region' });
    expect(names(holland)).toEqual(['Haarlemmer', 'Amsterdammer', 'Utrechter', 'Kölner']);

    const cologne = await visitor.get('/api/landers.php?place=koln');
    expect(cologne.json()).toMatchObject({ place: 'Köln', place_kind: 'city' });
    expect(names(cologne)[0]).toBe('Kölner');
  });

  it('ignores a slug that names no place of the site', async () => {
    const { site, visitor } = await freshSite({ countries: ['NL'] });
    await profile(site, 'Anna', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    await profile(site, 'Bea', { country: 'NL', region: 'UT', city: 'Utrecht' });
    for (const slug of ['atlantis', 'berlin', '---', 'summer-sale-2026']) {
      const response = await visitor.get(`/api/landers.php?place=${slug}`);
      expect(response.statusCode, slug).toBe(200);
      expect(response.json(), slug).toMatchObject({ place: null, place_kind: null });
      expect(names(response), slug).toEqual(['Anna', 'Bea']);
    }
  });

  it.each([
    ['count=0', 'count', 'invalid_choice'],
    ['count=49', 'count', 'invalid_choice'],
    ['count=1e9', 'count', 'invalid_choice'],
    ['count=2.5', 'count', 'invalid_choice'],
    ['count=many', 'count', 'invalid_choice'],
    ['place=ams%00terdam', 'place', 'control_characters'],
    ['place=(10 KB)', 'place', 'too_long'],
  ])('refuses %s with a 422 naming the field', async (query, field, code) => {
    const asked = query.replace('(10 KB)', 'a'.repeat(10_240));
    const response = await client(t.app).get(`/api/landers.php?${asked}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: { [field]: { code } } });
  });

  it("refuses bad input in the visitor's language", async () => {
    const visitor = client(t.app, { cookies: { lang: 'nl' } });
    const response = await visitor.get('/api/landers.php?count=1000000000');
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.count.message).toBe('Kies een van de opties.');
  });
});

/** The first answer the server put in a lander page; null when it put none. */
function answerIn(html: string): LanderFirstAnswer | null {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${LANDER_ANSWER_ELEMENT_ID}">(.*?)</script>`),
  );
  return match ? (JSON.parse(match[1] as string) as LanderFirstAnswer) : null;
}
const preloadedImages = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((match) => match[1]);

describe('the lander page', () => {
  it("carries the site's settings, faces and company line in the site's language, and asks for the hero photos at once", async () => {
    const { site, visitor } = await freshSite({}, 'nl-NL');
    await profile(site, 'Anna', { gender: 'female' });
    await profile(site, 'Bea', { gender: 'female' });
    await profile(site, 'Cor', { gender: 'male' });

    const response = await visitor.get('/landers/tinderswipe');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="nl"');
    const answer = answerIn(response.body);
    expect(answer).toMatchObject({ locale: 'nl', settings: { name: site.name }, member: null });
    expect(answer?.company).toEqual((await visitor.get('/api/companyinfo.php')).json());
    expect(answer?.faces.profiles.map((face) => face.name)).toEqual(['Anna', 'Bea', 'Cor']);
    // tinderswipe shows two whole photos first.
    const [anna, bea] = answer?.faces.profiles ?? [];
    expect(preloadedImages(response.body)).toEqual([
      `/media/${anna?.main_image?.filename}`,
      `/media/${bea?.main_image?.filename}`,
    ]);
    expect(response.cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('nl');
  });

  it('names the slug’s place and puts its profiles first, as landers.php does', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Elsewhere');
    await profile(site, 'Local', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    const answer = answerIn((await visitor.get('/landers/maplanding/amsterdam')).body);
    expect(answer?.faces.place).toBe('Amsterdam');
    expect(answer?.faces.profiles.map((face) => face.name)).toEqual(['Local', 'Elsewhere']);
  });

  it('on a profile lander carries the profile and leaves it out of the faces; a hidden one is no profile', async () => {
    const { site, visitor } = await freshSite();
    const anna = await profile(site, 'Anna');
    await profile(site, 'Bea');
    const hidden = await profile(site, 'Hidden', { invisible: 1 });

    const response = await visitor.get(`/members/${anna}/landing2/summer`);
    const answer = answerIn(response.body);
    expect(answer?.member).toMatchObject({ id: anna, name: 'Anna' });
    expect(answer?.faces.profiles.map((face) => face.name)).toEqual(['Bea']);
    expect(preloadedImages(response.body)[0]).toBe(`/media/${answer?.member?.main_image?.filename}`);

    for (const id of [hidden, 999_999_999]) {
      const other = await visitor.get(`/members/${id}/landing`);
      expect(other.statusCode).toBe(200);
      expect(answerIn(other.body)?.member).toBeNull();
    }
  });

  it('keeps the page’s traffic source, which opens a members-only site’s faces', async () => {
    const { site } = await freshSite({ logged_out_search: false, logged_out_search_trafficsource: true });
    await profile(site, 'Sanne');

    const without = answerIn((await client(t.app, { host: site.domain }).get('/landers/gallery')).body);
    expect(without?.faces.profiles).toEqual([]);

    const visitor = client(t.app, { host: site.domain });
    const response = await visitor.get('/landers/gallery?network=ads&sub1=x');
    expect(answerIn(response.body)?.faces.profiles.map((face) => face.name)).toEqual(['Sanne']);
    expect(response.cookies.find((cookie) => cookie.name === 'traffic_source')?.value).toBe('ads');
    // The cookie keeps it for the calls that follow.
    expect(names(await visitor.get('/api/landers.php'))).toEqual(['Sanne']);
  });

  it('writes a profile’s text into the page so that it cannot end the block or run as script', async () => {
    const { site, visitor } = await freshSite();
    const name = '</script><script>alert(1)</script><!--\u2028';
    await profile(site, name);
    const response = await visitor.get('/landers/gallery');
    expect(response.body.match(/<\/script>/gi)).toHaveLength(1);
    expect(response.body).not.toContain('<script>alert');
    expect(answerIn(response.body)?.faces.profiles[0]?.name).toBe(name);
  });

  it('answers a domain with no site with the bare page, which shows its failure in the browser', async () => {
    const response = await client(t.app, { host: 'no-such-site.test' }).get('/landers/gallery');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LANDERS_HTML);
  });

  it('answers a lander address with a trailing slash as the lander', async () => {
    const design = await client(t.app).get('/landers/gallery/');
    expect(design.statusCode).toBe(200);
    expect(answerIn(design.body)).not.toBeNull();
    const profileLander = await client(t.app).get('/members/5/landing/?network=ads');
    expect(profileLander.statusCode).toBe(301);
    expect(profileLander.headers.location).toBe('/members/5/landing?network=ads');
  });
});
