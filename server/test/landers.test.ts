import { describe, expect, it } from 'vitest';
import { addMinutes } from '../src/clock.js';
import type { NewProfileRow } from '../src/db/schema.js';
import type { Site, StoredSettings } from '../src/sites/service.js';
import { birthDate, buildSite, client, testPhoto, useTestApp } from './helpers.js';

const t = useTestApp();

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
    expect(closed.json()).toEqual({ prefix: 'she', place: null, profiles: [] });

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
      profiles: [],
    });
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
    expect(holland.json().place).toBe('Noord-Holland');
    expect(names(holland)).toEqual(['Haarlemmer', 'Amsterdammer', 'Utrechter', 'Kölner']);

    const cologne = await visitor.get('/api/landers.php?place=koln');
    expect(cologne.json().place).toBe('Köln');
    expect(names(cologne)[0]).toBe('Kölner');
  });

  it('ignores a slug that names no place of the site', async () => {
    const { site, visitor } = await freshSite({ countries: ['NL'] });
    await profile(site, 'Anna', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    await profile(site, 'Bea', { country: 'NL', region: 'UT', city: 'Utrecht' });
    for (const slug of ['atlantis', 'berlin', '---', 'summer-sale-2026']) {
      const response = await visitor.get(`/api/landers.php?place=${slug}`);
      expect(response.statusCode, slug).toBe(200);
      expect(response.json().place, slug).toBeNull();
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
