/**
 * An honest showcase (issue 51): the first page of search shows members with a photo first,
 * hosted profiles at most half of it when members with photos are there, those without a photo
 * after; test accounts (the demo's logins) are found by nobody and seen by no visitor.
 */
import { SEARCH_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../src/demo/seed.js';
import { addMinutes } from '../src/platform/clock.js';
import type { Site } from '../src/platform/site.js';
import {
  type BuiltMember,
  birthDate,
  buildMember,
  buildPhotos,
  buildSite,
  client,
  loggedIn,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

interface Card {
  id: number;
  name: string;
  hosted: boolean;
  main_image: object | null;
}

let siteCount = 0;
/** A site of its own, with `members` members with a photo, `hosted` hosted profiles with one, and a few without. */
async function showcaseSite({ members, hosted }: { members: number; hosted: number }) {
  const domain = `showcase-${++siteCount}.test`;
  await buildSite(t.db, { domain });
  const site = (await t.services.sites.findByDomain(domain)) as Site;
  const withPhotos: BuiltMember[] = [];
  for (let i = 0; i < members; i++) {
    const member = await buildMember(t.services, { site, name: `Member${i}` });
    await buildPhotos(t.services, member, 1);
    withPhotos.push(member);
  }
  for (let i = 0; i < hosted; i++) {
    // Hosted profiles active more recently than any member: the order puts members first all the same.
    const profile = await t.services.members.createHostedProfile({
      site_id: site.id,
      name: `Hosted${i}`,
      date_of_birth: birthDate(30),
      last_active_at: addMinutes(t.clock.now(), 10).toISOString(),
    });
    await t.services.photos.addPhoto(profile.id, await testPhoto(), { main: true });
  }
  for (const name of ['Faceless1', 'Faceless2']) await buildMember(t.services, { site, name });
  const testAccount = await t.services.lifecycle.createReadyMember(site, {
    email: `tester-${siteCount}@amora.test`,
    password: 'correct horse battery',
    name: 'Tester',
    dateOfBirth: birthDate(33),
    testAccount: true,
  });
  const tester: BuiltMember = {
    user: testAccount,
    profileId: await t.services.members.profileIdOf(testAccount.id),
    email: `tester-${siteCount}@amora.test`,
    password: 'correct horse battery',
    name: 'Tester',
  };
  await buildPhotos(t.services, tester, 2);
  return { host: domain, members: withPhotos, tester };
}

const hostedOn = (cards: Card[]) => cards.filter((card) => card.hosted).length;

describe("search's first page", () => {
  it('shows a visitor only cards with a photo, members first, hosted at most half, and no test account', async () => {
    const { host } = await showcaseSite({ members: 14, hosted: 14 });
    const first = (await client(t.app, { host }).get('/api/members.php')).json();
    const cards = first.profiles as Card[];
    expect(cards).toHaveLength(SEARCH_PAGE_SIZE);
    expect(cards.every((card) => card.main_image !== null)).toBe(true);
    expect(cards.map((card) => card.name)).not.toContain('Tester');
    expect(hostedOn(cards)).toBeLessThanOrEqual(SEARCH_PAGE_SIZE / 2);
    expect(cards.slice(0, 14).every((card) => !card.hosted)).toBe(true);
    // 14 members and 14 hosted with a photo, 2 members without: the test account is not counted.
    expect(first.total).toBe(30);
  });

  it("gives a member's first page the same order: members with a photo first, hosted at most half", async () => {
    const { host, members } = await showcaseSite({ members: 13, hosted: 14 });
    const searcher = await loggedIn(t.app, members[0] as BuiltMember, { host });
    const cards = (await searcher.get('/api/members.php')).json().profiles as Card[];
    expect(cards).toHaveLength(SEARCH_PAGE_SIZE);
    expect(hostedOn(cards)).toBe(SEARCH_PAGE_SIZE - 12);
    expect(cards.slice(0, 12).map((card) => card.name)).not.toContain('Member0');
    expect(cards.map((card) => card.name)).not.toContain('Tester');
  });

  it('pages on to hosted profiles and then those without a photo, each once, by page number and by cursor alike', async () => {
    const { host } = await showcaseSite({ members: 3, hosted: SEARCH_PAGE_SIZE + 2 });
    const visitor = client(t.app, { host });
    const byNumber: Card[] = [];
    const byCursor: Card[] = [];
    let next: string | null = null;
    for (let page = 1; page <= 2; page++) {
      byNumber.push(...(await visitor.get(`/api/members.php?page=${page}`)).json().profiles);
      const after: string = next ? `&after=${encodeURIComponent(next)}` : '';
      const body = (await visitor.get(`/api/members.php?page=${page}${after}`)).json();
      byCursor.push(...body.profiles);
      next = body.next;
    }
    expect(byCursor.map((card) => card.id)).toEqual(byNumber.map((card) => card.id));
    const names = byNumber.map((card) => card.name);
    expect(names).toHaveLength(3 + SEARCH_PAGE_SIZE + 2 + 2);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 3).sort()).toEqual(['Member0', 'Member1', 'Member2']);
    expect(names.slice(-2).sort()).toEqual(['Faceless1', 'Faceless2']);
    expect(names).not.toContain('Tester');
  });
});

describe('test accounts', () => {
  it('are found by nobody, seen by no visitor, and still seen by a member who has their link', async () => {
    const { host, tester, members } = await showcaseSite({ members: 1, hosted: 1 });
    const member = await loggedIn(t.app, members[0] as BuiltMember, { host });
    const byName = (await member.get('/api/members.php?q=test')).json();
    expect(byName).toMatchObject({ profiles: [], total: 0 });
    expect((await client(t.app, { host }).get(`/api/member.php?id=${tester.profileId}`)).statusCode).toBe(404);
    expect((await member.get(`/api/member.php?id=${tester.profileId}`)).statusCode).toBe(200);
    const own = await loggedIn(t.app, tester, { host });
    expect((await own.get('/api/user.php')).json().user.profile).toMatchObject({ name: 'Tester' });
  });

  it("include the demo's login: no visitor finds or sees the demo member", async () => {
    const visitor = client(t.app);
    const demo = await t.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select(['profiles.id', 'profiles.test_account'])
      .where('users.email', '=', DEMO_MEMBER.email)
      .executeTakeFirstOrThrow();
    expect(demo.test_account).toBe(1);
    const found = (await visitor.get(`/api/members.php?q=${DEMO_MEMBER.name}`)).json().profiles as Card[];
    expect(found.map((card) => card.id)).not.toContain(demo.id);
    expect((await visitor.get(`/api/member.php?id=${demo.id}`)).statusCode).toBe(404);
  });
});
