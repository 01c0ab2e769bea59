import { SEARCH_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { seedHostedProfilesInBulk } from '../src/demo/bulk-seed.js';
import { addMinutes } from '../src/platform/clock.js';
import { engineOf } from '../src/platform/db/index.js';
import type { NewProfileRow } from '../src/platform/db/schema.js';
import type { Site } from '../src/platform/site.js';
import {
  birthDate,
  buildMember,
  buildPhotos,
  buildSite,
  client,
  loggedIn,
  loggedInMember,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'closed.test', settings: { logged_out_search: false } });
    await buildSite(t.db, {
      domain: 'partners.test',
      settings: { logged_out_search: false, logged_out_search_trafficsource: true },
    });
  },
});

let siteCount = 0;
/** Each test searches a site of its own, so other tests' profiles never show up. */
async function freshSite() {
  const domain = `search-${++siteCount}.test`;
  await buildSite(t.db, { domain });
  const site = (await t.services.sites.findByDomain(domain)) as Site;
  return { site, visitor: client(t.app, { host: domain }) };
}

type Hosted = Partial<Omit<NewProfileRow, 'site_id' | 'user_id' | 'hosted' | 'status' | 'created_at'>>;

/** A hosted profile, aged 30 and active a minute ago unless told otherwise. */
function profile(site: Site, name: string, values: Hosted = {}) {
  return t.services.members.createHostedProfile({
    site_id: site.id,
    name,
    date_of_birth: birthDate(30),
    last_active_at: addMinutes(t.clock.now(), -1).toISOString(),
    ...values,
  });
}

interface Card {
  id: number;
  name: string;
}
const names = (cards: Card[]) => cards.map((card) => card.name).sort();
const idOf = (card: Card) => card.id;

describe('GET /api/members.php', () => {
  it('narrows the results by gender, country, region and age', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Anna', { gender: 'female', country: 'NL', region: 'NH', date_of_birth: birthDate(25) });
    await profile(site, 'Bea', { gender: 'female', country: 'NL', region: 'ZH', date_of_birth: birthDate(35) });
    await profile(site, 'Carl', { gender: 'male', country: 'NL', region: 'NH', date_of_birth: birthDate(30) });
    await profile(site, 'Dirk', { gender: 'male', country: 'DE', region: 'BY', date_of_birth: birthDate(45) });
    await profile(site, 'Eva', { gender: 'female', country: 'DE', region: 'BY', date_of_birth: birthDate(22) });
    const search = async (query: string) => {
      const response = await visitor.get(`/api/members.php?${query}`);
      expect(response.statusCode).toBe(200);
      return names(response.json().profiles);
    };

    expect(await search('')).toEqual(['Anna', 'Bea', 'Carl', 'Dirk', 'Eva']);
    expect(await search('gender=female')).toEqual(['Anna', 'Bea', 'Eva']);
    expect(await search('country=DE')).toEqual(['Dirk', 'Eva']);
    expect(await search('country=NL&countryregion=NH')).toEqual(['Anna', 'Carl']);
    expect(await search('min_age=30')).toEqual(['Bea', 'Carl', 'Dirk']);
    expect(await search('max_age=30')).toEqual(['Anna', 'Carl', 'Eva']);
    expect(await search('gender=female&country=NL&min_age=30&max_age=40')).toEqual(['Bea']);
  });

  it('finds members by the start of their name, ignoring case and accents, in name order', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Zoë', { city: 'Utrecht' });
    await profile(site, 'Zoran', { city: 'Zürich', gender: 'male' });
    await profile(site, 'zoe', { gender: 'female' });
    await profile(site, 'Anna Zo', { city: 'Zaandam' });
    const search = async (query: string) =>
      (await visitor.get(`/api/members.php?${query}`)).json().profiles.map((card: Card) => card.name);

    expect(await search('q=zo')).toEqual(['Zoë', 'zoe', 'Zoran']);
    expect(await search('q=ZOE')).toEqual(['Zoë', 'zoe']);
    expect(await search('q=zo&gender=male')).toEqual(['Zoran']);
    expect(await search('q=anna%20z')).toEqual(['Anna Zo']);
    expect(await search('q=za')).toEqual([]);
    expect((await search('q=%20%20')).sort()).toEqual(['Anna Zo', 'Zoran', 'Zoë', 'zoe']);
    expect((await visitor.get('/api/members.php?q=zo')).json().total).toBe(3);
  });

  it('keeps up with a renamed member in name search', async () => {
    const { site } = await freshSite();
    const { visitor: member } = await loggedInMember(t, site);
    await profile(site, 'Someone');
    const before = (await member.get('/api/members.php?q=some')).json();
    expect(before.total).toBe(1);
    const { visitor: other } = await loggedInMember(t, site);
    expect((await other.put('/api/profile.php', { name: 'Somebody' })).statusCode).toBe(200);
    const after = (await member.get('/api/members.php?q=some')).json();
    expect(names(after.profiles)).toEqual(['Somebody', 'Someone']);
    expect(after.total).toBe(2);
  });

  it('refuses a name text over the length limit', async () => {
    const { visitor } = await freshSite();
    const response = await visitor.get(`/api/members.php?q=${'a'.repeat(51)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.q.code).toBe('too_long');
  });

  it('counts age in whole years, on the birthday itself', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Turns31Today', { date_of_birth: birthDate(31) });
    await profile(site, 'Turns31Tomorrow', { date_of_birth: birthDate(31, 1) });
    await profile(site, 'Turned30Today', { date_of_birth: birthDate(30) });
    await profile(site, 'Turns30Tomorrow', { date_of_birth: birthDate(30, 1) });
    const response = await visitor.get('/api/members.php?min_age=30&max_age=30');
    expect(names(response.json().profiles)).toEqual(['Turned30Today', 'Turns31Tomorrow']);
  });

  it('refuses an unknown gender or an age out of range', async () => {
    const { visitor } = await freshSite();
    const response = await visitor.get('/api/members.php?gender=other');
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.gender.code).toBe('invalid_choice');
    expect((await visitor.get('/api/members.php?min_age=12')).json().fields.min_age.code).toBe('invalid_choice');
  });

  it('lists the most recently active first, and never-active profiles last', async () => {
    const { site, visitor } = await freshSite();
    const minutesAgo = (minutes: number) => addMinutes(t.clock.now(), -minutes).toISOString();
    await profile(site, 'Never', { last_active_at: null });
    await profile(site, 'LastWeek', { last_active_at: minutesAgo(7 * 24 * 60) });
    await profile(site, 'JustNow', { last_active_at: minutesAgo(1) });
    await profile(site, 'AnHourAgo', { last_active_at: minutesAgo(60) });
    const response = await visitor.get('/api/members.php');
    expect(response.json().profiles.map((card: Card) => card.name)).toEqual([
      'JustNow',
      'AnHourAgo',
      'LastWeek',
      'Never',
    ]);
  });

  it('lists profiles with a photo first, however recently those without one were active', async () => {
    const { site, visitor } = await freshSite();
    const minutesAgo = (minutes: number) => addMinutes(t.clock.now(), -minutes).toISOString();
    const withPhoto = await profile(site, 'WithPhoto', { last_active_at: minutesAgo(60) });
    await t.services.photos.addPhoto(withPhoto.id, await testPhoto(), { main: true });
    await profile(site, 'NoPhoto', { last_active_at: minutesAgo(1) });
    const member = await buildMember(t.services, { site, name: 'Member' });
    await buildPhotos(t.services, member, 1);
    const pending = await profile(site, 'PendingPhoto', { last_active_at: minutesAgo(2) });
    await t.services.photos.addPhoto(pending.id, await testPhoto(), { main: true });
    await t.db.updateTable('photos').set({ status: 'pending' }).where('profile_id', '=', pending.id).execute();

    const cards = (await visitor.get('/api/members.php')).json().profiles as Card[];
    expect(names(cards.slice(0, 2))).toEqual(['Member', 'WithPhoto']);
    expect(names(cards.slice(2))).toEqual(['NoPhoto', 'PendingPhoto']);
  });

  it('pages through the faces first and then the rest, each profile once', async () => {
    const { site, visitor } = await freshSite();
    const minutesAgo = (minutes: number) => addMinutes(t.clock.now(), -minutes).toISOString();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) await profile(site, `Plain${i}`, { last_active_at: minutesAgo(i) });
    for (const name of ['FaceA', 'FaceB']) {
      const face = await profile(site, name, { last_active_at: minutesAgo(500) });
      await t.services.photos.addPhoto(face.id, await testPhoto(), { main: true });
    }
    const first = (await visitor.get('/api/members.php')).json();
    const second = (await visitor.get('/api/members.php?page=2')).json();
    expect(names(first.profiles.slice(0, 2))).toEqual(['FaceA', 'FaceB']);
    const seen = names([...first.profiles, ...second.profiles]);
    expect(seen).toHaveLength(SEARCH_PAGE_SIZE + 5);
    expect(new Set(seen).size).toBe(SEARCH_PAGE_SIZE + 5);
    expect(names(second.profiles).at(-1)).toBe(`Plain${SEARCH_PAGE_SIZE + 2}`);
    expect(first.total).toBe(SEARCH_PAGE_SIZE + 5);
  });

  it(`answers pages of ${SEARCH_PAGE_SIZE} with the total and the number of pages`, async () => {
    const { site, visitor } = await freshSite();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 6; i++) {
      await profile(site, `P${i}`, { last_active_at: addMinutes(t.clock.now(), -i).toISOString() });
    }
    const first = (await visitor.get('/api/members.php')).json();
    expect(first).toMatchObject({ total: 30, page: 1, pages: 2, similar: [], similar_total: 0 });
    expect(first.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.profiles[0].name).toBe('P0');

    const second = (await visitor.get('/api/members.php?page=2')).json();
    expect(second).toMatchObject({ total: 30, page: 2, pages: 2 });
    expect(second.profiles).toHaveLength(6);
    const seen = new Set([...first.profiles, ...second.profiles].map((card: Card) => card.id));
    expect(seen.size).toBe(30);

    const beyond = (await visitor.get('/api/members.php?page=3')).json();
    expect(beyond).toMatchObject({ profiles: [], total: 30, page: 3 });
  });

  it("walks on from the previous page's last card in the order page numbers give, ties and never-active included", async () => {
    const { site, visitor } = await freshSite();
    const minutesAgo = (minutes: number) => addMinutes(t.clock.now(), -minutes).toISOString();
    for (let i = 0; i < 2 * SEARCH_PAGE_SIZE + 5; i++) {
      await profile(site, `P${i}`, { last_active_at: i % 7 === 0 ? null : minutesAgo(Math.floor(i / 3)) });
    }
    for (const [i, name] of ['FaceA', 'FaceB', 'FaceC'].entries()) {
      const face = await profile(site, name, { last_active_at: i === 2 ? null : minutesAgo(5) });
      await t.services.photos.addPhoto(face.id, await testPhoto(), { main: true });
    }
    const walk = async (filters: string) => {
      const byNumber: number[] = [];
      const byCursor: number[] = [];
      let next: string | null = null;
      for (let page = 1; page <= 3; page++) {
        byNumber.push(...(await visitor.get(`/api/members.php?${filters}page=${page}`)).json().profiles.map(idOf));
        const after: string = next ? `&after=${encodeURIComponent(next)}` : '';
        const body = (await visitor.get(`/api/members.php?${filters}page=${page}${after}`)).json();
        byCursor.push(...body.profiles.map(idOf));
        next = body.next;
      }
      expect(next).toBeNull();
      return { byNumber, byCursor };
    };
    const all = await walk('');
    expect(all.byCursor).toEqual(all.byNumber);
    expect(new Set(all.byCursor).size).toBe(2 * SEARCH_PAGE_SIZE + 8);
    const named = await walk('q=p&');
    expect(named.byCursor).toEqual(named.byNumber);
    expect(named.byCursor).toHaveLength(2 * SEARCH_PAGE_SIZE + 5);
  });

  it('estimates a total of thousands, or keeps it a minute, instead of counting on every change', async () => {
    const { site, visitor } = await freshSite();
    await seedHostedProfilesInBulk(t.db, t.services, site, t.clock, { count: 1000 });
    const total = async () => (await visitor.get('/api/members.php')).json().total as number;
    const first = await total();
    expect(Math.abs(first - 1000)).toBeLessThanOrEqual(10);
    await profile(site, 'Newcomer');
    expect(await total()).toBe(first);
    t.clock.advance({ minutes: 1 });
    // SQLite counts again; PostgreSQL's planner estimates from its statistics, which ANALYZE renews.
    if (engineOf(t.db) === 'sqlite') expect(await total()).toBe(1001);
  });

  it('refuses a page cursor it did not make: made up, edited, cut or lengthened', async () => {
    const { site, visitor } = await freshSite();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 1; i++) await profile(site, `P${i}`);
    const next: string = (await visitor.get('/api/members.php')).json().next;
    expect((await visitor.get(`/api/members.php?page=2&after=${encodeURIComponent(next)}`)).statusCode).toBe(200);
    const [signature, place] = [next.slice(0, next.indexOf('.')), next.slice(next.indexOf('.') + 1)];
    const otherId = place.replace(/~(\d+)~/, (_, id) => `~${Number(id) + 1}~`);
    const forged = [
      'nonsense',
      '3~5~',
      '1~0~',
      `1~5~${'x'.repeat(300)}`,
      '1~5~2026%00',
      place,
      `${signature}.${otherId}`,
      next.slice(0, -1),
      `${next}0`,
      `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}.${place}`,
    ];
    for (const after of forged) {
      const response = await visitor.get(`/api/members.php?page=2&after=${encodeURIComponent(after)}`);
      expect(response.statusCode).toBe(422);
      expect(['invalid_choice', 'control_characters']).toContain(response.json().fields.after.code);
    }
  });

  it('shows cards without private data', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Card', { country: 'NL', city: 'Utrecht', latitude: 52.09, longitude: 5.12 });
    const [card] = (await visitor.get('/api/members.php')).json().profiles;
    expect(card).toEqual({
      id: expect.any(Number),
      name: 'Card',
      age: 30,
      city: 'Utrecht',
      country: 'NL',
      hosted: true,
      main_image: null,
    });
  });

  it('leaves out invisible members, members not yet activated and the searcher', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'Listed');
    const hidden = await buildMember(t.services, { site, name: 'Hidden' });
    const host = site.domain;
    await (await loggedIn(t.app, hidden, { host })).put('/api/profile.php', { invisible: true });
    await client(t.app, { host }).post('/api/signup.php', {
      email: 'new@example.test',
      name: 'NotActivated',
      password: 'a-good-password',
      date_of_birth: birthDate(30),
    });
    const searcher = await buildMember(t.services, { site, name: 'Searcher' });

    expect(names((await visitor.get('/api/members.php')).json().profiles)).toEqual(['Listed', 'Searcher']);
    const own = await (await loggedIn(t.app, searcher, { host })).get('/api/members.php');
    expect(names(own.json().profiles)).toEqual(['Listed']);
    expect(own.json().total).toBe(1);
  });

  it('offers similar profiles from wider criteria when few match', async () => {
    const { site, visitor } = await freshSite();
    await profile(site, 'InRegion', { country: 'NL', region: 'NH' });
    await profile(site, 'InCountry1', { country: 'NL', region: 'ZH' });
    await profile(site, 'InCountry2', { country: 'NL', region: 'UT' });
    await profile(site, 'Abroad', { country: 'DE', region: 'BY' });

    const region = (await visitor.get('/api/members.php?country=NL&countryregion=NH')).json();
    expect(names(region.profiles)).toEqual(['InRegion']);
    expect(names(region.similar)).toEqual(['InCountry1', 'InCountry2']);
    expect(region).toMatchObject({ total: 1, similar_total: 2 });

    const nobody = (await visitor.get('/api/members.php?country=BE')).json();
    expect(nobody).toMatchObject({ profiles: [], total: 0, pages: 1, similar_total: 4 });

    const older = (await visitor.get('/api/members.php?min_age=33')).json();
    expect(older).toMatchObject({ total: 0, similar_total: 4 });
    expect((await visitor.get('/api/members.php?min_age=40')).json().similar_total).toBe(0);
  });
});

describe('GET /api/members.php by a visitor', () => {
  it('needs a login on a site without logged-out search', async () => {
    const response = await client(t.app, { host: 'closed.test' }).get('/api/members.php');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('search_login_required');

    const site = (await t.services.sites.findByDomain('closed.test')) as Site;
    const member = await loggedIn(t.app, await buildMember(t.services, { site }), { host: 'closed.test' });
    expect((await member.get('/api/members.php')).statusCode).toBe(200);
  });

  it('is allowed with a traffic source where the site asks for one', async () => {
    const visitor = client(t.app, { host: 'partners.test' });
    const without = await visitor.get('/api/members.php');
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toBe('search_login_required');
    expect((await visitor.get('/api/members.php?network=x')).statusCode).toBe(200);
  });

  it('is allowed on a site with logged-out search', async () => {
    expect((await client(t.app).get('/api/members.php')).statusCode).toBe(200);
  });
});
