/**
 * The one access policy, tried from every side: photo files by who may see them, invisible
 * profiles, sites closed to visitors, and likes at the same moment.
 */
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import {
  buildSite,
  client,
  type LoggedInMember,
  loggedInMember,
  makePremium,
  type TestClient,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp();
const media = (visitor: TestClient, file: string) => visitor.get(`/media/${file}`);

async function withPhotos(member: LoggedInMember, photos: { premiumOnly?: boolean }[]) {
  const added = [];
  for (const [i, options] of photos.entries()) {
    added.push(await t.services.photos.addPhoto(member.profileId, await testPhoto(), { ...options, main: i === 0 }));
  }
  return added;
}

describe('GET /media/… (photo files)', () => {
  it('serves a main photo to everyone, publicly cacheable', async () => {
    const owner = await loggedInMember(t);
    const [main] = await withPhotos(owner, [{}]);
    const response = await media(client(t.app), main?.filename as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves further photos to members only, and premium-only ones to premium members only', async () => {
    const owner = await loggedInMember(t);
    const [, second, premiumOnly] = await withPhotos(owner, [{}, {}, { premiumOnly: true }]);
    const free = await loggedInMember(t);
    const premium = await loggedInMember(t);
    await makePremium(t, premium);
    expect((await media(client(t.app), second?.filename as string)).statusCode).toBe(404);
    expect((await media(free.visitor, second?.filename as string)).statusCode).toBe(200);
    expect((await media(free.visitor, premiumOnly?.filename as string)).statusCode).toBe(404);
    const forPremium = await media(premium.visitor, premiumOnly?.thumb_filename as string);
    expect(forPremium.statusCode).toBe(200);
    expect(forPremium.headers['cache-control']).toBe('private, no-cache');
    expect((await media(owner.visitor, premiumOnly?.filename as string)).statusCode).toBe(200);
  });

  it('serves a pending photo to its owner only, and a rejected or deleted one to nobody at once', async () => {
    const owner = await loggedInMember(t);
    const other = await loggedInMember(t);
    const [photo, second] = await withPhotos(owner, [{}, {}]);
    const file = photo?.filename as string;
    await t.db
      .updateTable('photos')
      .set({ status: 'pending' })
      .where('id', '=', photo?.id as number)
      .execute();
    expect((await media(owner.visitor, file)).statusCode).toBe(200);
    expect((await media(other.visitor, file)).statusCode).toBe(404);
    expect((await media(client(t.app), file)).statusCode).toBe(404);

    await t.services.photos.review(photo?.id as number, 'rejected');
    expect((await media(owner.visitor, file)).statusCode).toBe(404);
    expect((await media(other.visitor, file)).statusCode).toBe(404);

    await owner.visitor.delete('/api/photos.php', { id: second?.id });
    expect((await media(owner.visitor, second?.filename as string)).statusCode).toBe(404);
  });

  it('answers a missing or malformed file with a JSON 404, never the web app', async () => {
    for (const file of ['p/1/0123456789abcdef0123456789abcdef.webp', 'p/1/../../amora.sqlite', 'index.html']) {
      const response = await media(client(t.app), file);
      expect(response.statusCode, file).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });

  it('hides the photos of a profile that blocked the viewer', async () => {
    const owner = await loggedInMember(t);
    const blocked = await loggedInMember(t);
    const [, second] = await withPhotos(owner, [{}, {}]);
    await owner.visitor.post('/api/block.php', { profile_id: blocked.profileId });
    expect((await media(blocked.visitor, second?.filename as string)).statusCode).toBe(404);
  });
});

describe('an invisible profile', () => {
  it('is hidden from visitors and from members it had no contact with, not from its contacts', async () => {
    const hidden = await loggedInMember(t);
    const stranger = await loggedInMember(t);
    const contact = await loggedInMember(t);
    await contact.visitor.post('/api/like.php', { profile_id: hidden.profileId });
    await hidden.visitor.put('/api/profile.php', { invisible: true });
    const page = (visitor: TestClient) => visitor.get(`/api/member.php?id=${hidden.profileId}`);

    expect((await page(client(t.app))).statusCode).toBe(404);
    expect((await page(stranger.visitor)).statusCode).toBe(404);
    expect((await stranger.visitor.post('/api/like.php', { profile_id: hidden.profileId })).statusCode).toBe(404);
    expect((await page(contact.visitor)).statusCode).toBe(200);
    expect((await page(hidden.visitor)).statusCode).toBe(200);
  });

  it('stays in touch with those who wrote to it or whom it liked, even after an unlike, and is found by nobody', async () => {
    const hidden = await loggedInMember(t);
    const writer = await loggedInMember(t);
    const liked = await loggedInMember(t);
    const sent = await writer.visitor.post('/api/chat.php', {
      client_id: randomUUID(),
      profile_id: hidden.profileId,
      text: 'Hello',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await hidden.visitor.post('/api/like.php', { profile_id: liked.profileId });
    await hidden.visitor.delete('/api/like.php', { profile_id: liked.profileId });
    await hidden.visitor.put('/api/profile.php', { invisible: true });

    for (const contact of [writer, liked]) {
      expect((await contact.visitor.get(`/api/member.php?id=${hidden.profileId}`)).statusCode).toBe(200);
      expect((await contact.visitor.post('/api/like.php', { profile_id: hidden.profileId })).statusCode).toBe(200);
      const found = (await contact.visitor.get(`/api/members.php?q=${encodeURIComponent(hidden.name)}`)).json();
      expect(found.profiles.map((card: { id: number }) => card.id)).not.toContain(hidden.profileId);
    }
    const chats = (await writer.visitor.get('/api/chats.php')).json();
    expect(chats.chats.map((chat: { profile: { id: number } }) => chat.profile.id)).toContain(hidden.profileId);
  });
});

describe('GET /api/member.php for visitors', () => {
  async function siteWith(domain: string, settings: Partial<Site['settings']>) {
    await buildSite(t.db, { domain, settings });
    const site = (await t.services.sites.findByDomain(domain)) as Site;
    return { site, member: await loggedInMember(t, site) };
  }

  it('answers profile_login_required where the site does not allow logged-out search', async () => {
    const { site, member } = await siteWith('closed.test', { logged_out_search: false });
    const visitor = client(t.app, { host: site.domain });
    const refused = await visitor.get(`/api/member.php?id=${member.profileId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'profile_login_required',
      message: 'Log in or sign up for free to see this profile.',
    });
    expect((await member.visitor.get(`/api/member.php?id=${member.profileId}`)).statusCode).toBe(200);
  });

  it('lets a visitor with a traffic source in where the site allows only those', async () => {
    const { site, member } = await siteWith('sourced.test', {
      logged_out_search: false,
      logged_out_search_trafficsource: true,
    });
    const visitor = client(t.app, { host: site.domain });
    expect((await visitor.get(`/api/member.php?id=${member.profileId}`)).statusCode).toBe(403);
    expect((await visitor.get(`/api/member.php?id=${member.profileId}&network=ads`)).statusCode).toBe(200);
  });

  it('keeps the traffic source the app opened with, for the profile, the search and the photos', async () => {
    const { site, member } = await siteWith('sourced-cookie.test', {
      logged_out_search: false,
      logged_out_search_trafficsource: true,
    });
    const [photo] = await withPhotos(member, [{}]);
    const visitor = client(t.app, { host: site.domain });
    expect((await media(visitor, photo?.filename ?? '')).statusCode).toBe(404);

    const opened = await visitor.get('/api/settings.php?network=partner&sub1=x');
    expect(opened.cookies.find((cookie) => cookie.name === 'traffic_source')).toMatchObject({
      value: 'partner',
      httpOnly: true,
    });
    expect((await visitor.get(`/api/member.php?id=${member.profileId}`)).statusCode).toBe(200);
    expect((await visitor.get('/api/members.php')).statusCode).toBe(200);
    const file = await media(visitor, photo?.filename ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-cache');

    // The first source stays; a source that is not a plain word is not kept at all.
    await visitor.get('/api/settings.php?network=other');
    expect(visitor.cookie('traffic_source')).toBe('partner');
    const forged = client(t.app, { host: site.domain });
    await forged.get('/api/settings.php?network=%3Cscript%3E%00');
    expect(forged.cookie('traffic_source')).toBeUndefined();
    expect((await forged.get(`/api/member.php?id=${member.profileId}`)).statusCode).toBe(403);
  });
});

describe('two members liking each other at the same moment', () => {
  it('make exactly one match, announced once, every time', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await loggedInMember(t);
      const b = await loggedInMember(t);
      const matches: unknown[] = [];
      const stop = t.services.events.subscribe('match.new', (event) => {
        if (event.profileIds.includes(a.profileId)) matches.push(event);
      });
      const [fromA, fromB] = await Promise.all([
        a.visitor.post('/api/like.php', { profile_id: b.profileId }),
        b.visitor.post('/api/like.php', { profile_id: a.profileId }),
      ]);
      await t.services.events.settled();
      stop();
      expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
      expect(fromA.json().match || fromB.json().match).toBe(true);
      expect(matches).toHaveLength(1);
    }
  });
});

describe('per-member rate limits', () => {
  const limited = useTestApp({ env: { RATE_LIMIT_SCALE: '0.025' } });

  it('POST /api/like.php allows 3 likes per member here, from any address, and leaves others alone', async () => {
    const [liker, other, ...targets] = await Promise.all(Array.from({ length: 6 }, () => loggedInMember(limited)));
    const elsewhere = client(limited.app, {
      cookies: { [SESSION_COOKIE]: liker.visitor.cookie(SESSION_COOKIE) ?? '' },
    });
    const statuses = [];
    for (const [i, target] of targets.entries()) {
      const from = i % 2 === 0 ? liker.visitor : elsewhere;
      statuses.push((await from.post('/api/like.php', { profile_id: target?.profileId })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await other.visitor.post('/api/like.php', { profile_id: liker.profileId })).statusCode).toBe(200);
  });

  it('POST /api/report.php and POST /api/block.php are limited per member too', async () => {
    const [member, a, b] = await Promise.all(Array.from({ length: 3 }, () => loggedInMember(limited)));
    const report = (profileId: number) =>
      member.visitor.post('/api/report.php', { profile_id: profileId, reason: 'fake' });
    expect((await report(a.profileId)).statusCode).toBe(200);
    expect((await report(b.profileId)).statusCode).toBe(429);
    expect((await member.visitor.post('/api/block.php', { profile_id: a.profileId })).statusCode).toBe(200);
    expect((await member.visitor.post('/api/block.php', { profile_id: b.profileId })).statusCode).toBe(429);
  });
});
