import { SEARCH_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { seedHostedProfilesInBulk } from '../src/demo/bulk-seed.js';
import { addMinutes } from '../src/platform/clock.js';
import type { Site } from '../src/platform/site.js';
import { birthDate, buildSite, client, loggedInMember, useTestApp } from './helpers.js';

const t = useTestApp();

let siteCount = 0;
/** Each test searches a site of its own, so other tests' profiles never show up. */
async function freshSite() {
  const domain = `search-totals-${++siteCount}.test`;
  await buildSite(t.db, { domain });
  const site = (await t.services.sites.findByDomain(domain)) as Site;
  return { site, visitor: client(t.app, { host: domain }) };
}

/** `count` hosted profiles in Amsterdam, aged 30, each active a minute before the one after it. */
async function profiles(site: Site, count: number, name = 'P') {
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await t.services.members.createHostedProfile({
        site_id: site.id,
        name: `${name}${i}`,
        date_of_birth: birthDate(30),
        country: 'NL',
        region: 'NH',
        last_active_at: addMinutes(t.clock.now(), -i).toISOString(),
      }),
    );
  }
  return made;
}

const hide = (ids: number[], invisible: 0 | 1) =>
  t.db.updateTable('profiles').set({ invisible }).where('id', 'in', ids).execute();

describe('GET /api/members.php totals', () => {
  it('counts a total under 1,000 exactly, and anew after every change', async () => {
    const { site, visitor } = await freshSite();
    await seedHostedProfilesInBulk(t.db, t.services, site, t.clock, { count: 998 });
    const answer = async () => (await visitor.get('/api/members.php')).json();
    const pages = (total: number) => Math.ceil(total / SEARCH_PAGE_SIZE);
    expect(await answer()).toMatchObject({ total: 998, pages: pages(998) });

    const listed = await t.db.selectFrom('profiles').select('id').where('site_id', '=', site.id).limit(2).execute();
    await hide(
      listed.map((row) => row.id),
      1,
    );
    expect(await answer()).toMatchObject({ total: 996, pages: pages(996) });
    await hide([listed[0]?.id as number], 0);
    expect(await answer()).toMatchObject({ total: 997, pages: pages(997) });
  });

  it('leaves the searcher and both sides of their blocks out of the total, on every page', async () => {
    const { site, visitor } = await freshSite();
    await profiles(site, SEARCH_PAGE_SIZE + 5);
    const [blocker, blocked] = [await loggedInMember(t, site), await loggedInMember(t, site)];
    expect((await blocker.visitor.post('/api/block.php', { profile_id: blocked.profileId })).statusCode).toBe(200);

    expect((await visitor.get('/api/members.php')).json().total).toBe(SEARCH_PAGE_SIZE + 7);
    for (const member of [blocker, blocked]) {
      const first = (await member.visitor.get('/api/members.php')).json();
      expect(first).toMatchObject({ total: SEARCH_PAGE_SIZE + 5, pages: 2 });
      const second = (await member.visitor.get('/api/members.php?page=2')).json();
      expect(second).toMatchObject({ total: SEARCH_PAGE_SIZE + 5, pages: 2, next: null });
      const ids = [...first.profiles, ...second.profiles].map((card: { id: number }) => card.id);
      expect(ids).not.toContain(blocker.profileId);
      expect(ids).not.toContain(blocked.profileId);
    }
  });

  it('answers a filter that lists nobody with no profiles, a total of 0 and one page', async () => {
    const { site, visitor } = await freshSite();
    await profiles(site, 3);
    const nobody = { profiles: [], total: 0, pages: 1, next: null };
    for (const query of ['country=BE', 'gender=male&country=NL&countryregion=UT&min_age=60', 'q=zzz', 'q=zzz&page=2']) {
      expect((await visitor.get(`/api/members.php?${query}`)).json()).toMatchObject(nobody);
    }
    expect((await visitor.get('/api/members.php?country=NL&page=5')).json()).toMatchObject({ profiles: [], total: 3 });
  });

  it('offers the next page while there is one, and counts past the last page', async () => {
    const { site, visitor } = await freshSite();
    await profiles(site, 2 * SEARCH_PAGE_SIZE);
    const first = (await visitor.get('/api/members.php?country=NL&countryregion=NH')).json();
    expect(first).toMatchObject({ total: 2 * SEARCH_PAGE_SIZE, pages: 2 });
    expect(first.next).toEqual(expect.any(String));
    const after = encodeURIComponent(first.next);
    const second = (await visitor.get(`/api/members.php?country=NL&countryregion=NH&page=2&after=${after}`)).json();
    expect(second).toMatchObject({ total: 2 * SEARCH_PAGE_SIZE, pages: 2, next: null });
    expect(second.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    const beyond = (await visitor.get('/api/members.php?country=NL&countryregion=NH&page=3')).json();
    expect(beyond).toMatchObject({ profiles: [], total: 2 * SEARCH_PAGE_SIZE, next: null });

    const { site: small, visitor: smallVisitor } = await freshSite();
    await profiles(small, SEARCH_PAGE_SIZE);
    expect((await smallVisitor.get('/api/members.php')).json()).toMatchObject({
      total: SEARCH_PAGE_SIZE,
      pages: 1,
      next: null,
    });
  });

  it('refuses a name text with a NUL byte or a page past the last allowed', async () => {
    const { visitor } = await freshSite();
    expect((await visitor.get('/api/members.php?q=ab%00c')).statusCode).toBe(422);
    expect((await visitor.get('/api/members.php?page=10001')).statusCode).toBe(422);
  });
});
