/**
 * Likes and matches as a client sees them: liking and unliking, new likes, blocks and visitors.
 * Every test has a site of its own, so it never sees another test's profiles.
 */
import { SWIPE_LIKES_PER_DAY } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from './helpers.js';
import { likeCalls } from './like-calls.js';
import { likeFixtures } from './like-fixtures.js';

const t = useTestApp();
const { freshSite, members, like } = likeFixtures(t, 'likes');
const { likesOf, givenIds, receivedIds, swipe, deck, collect, settle } = likeCalls(t);

describe('POST /api/like.php and GET /api/likes.php', () => {
  it("shows a like among the liker's profiles and, new, in the liked member's liked_by", async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    const response = await like(a, b.profileId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ match: false, profile: { id: b.profileId, name: b.name } });

    expect((await likesOf(a)).profiles).toEqual([expect.objectContaining({ id: b.profileId })]);
    expect((await likesOf(a)).liked_by).toEqual([]);
    expect((await likesOf(b)).liked_by).toEqual([expect.objectContaining({ id: a.profileId, like_new: true })]);
    expect((await likesOf(b)).profiles).toEqual([]);
  });

  it('keeps one like and announces it once when liking twice', async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    const received = collect('like.received', site);
    const given = collect('like.new', site);
    expect((await like(a, b.profileId)).statusCode).toBe(200);
    const again = await like(a, b.profileId);
    expect(again.statusCode).toBe(200);
    expect(again.json().match).toBe(false);
    await settle();

    expect(await givenIds(a)).toEqual([b.profileId]);
    expect(await receivedIds(b)).toEqual([a.profileId]);
    expect(received).toEqual([
      { type: 'like.received', siteId: site.id, profileId: b.profileId, likerProfileId: a.profileId },
    ]);
    expect(given).toEqual([{ type: 'like.new', siteId: site.id, profileId: a.profileId, likedProfileId: b.profileId }]);
  });

  it('answers match: true to the like that makes it mutual, and announces the match once', async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    const matches = collect('match.new', site);
    const first = await like(a, b.profileId);
    expect(first.json().match).toBe(false);
    const second = await like(b, a.profileId);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ match: true, profile: { id: a.profileId } });
    // Liking again still says it is a match, but it is no new one.
    expect((await like(b, a.profileId)).json().match).toBe(true);
    await settle();

    expect(matches).toEqual([{ type: 'match.new', siteId: site.id, profileIds: [b.profileId, a.profileId] }]);
    expect(await givenIds(a)).toEqual([b.profileId]);
    expect(await receivedIds(a)).toEqual([b.profileId]);
  });

  it('refuses to like yourself', async () => {
    const site = await freshSite();
    const [a] = await members(site, 1);
    const response = await like(a, a.profileId);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.profile_id.code).toBe('invalid_choice');
    expect(await givenIds(a)).toEqual([]);
  });

  it('answers 404 for a profile that does not exist or is on another site', async () => {
    const site = await freshSite();
    const [a] = await members(site, 1);
    const [elsewhere] = await members(await freshSite(), 1);
    for (const id of [999_999, elsewhere.profileId]) {
      const response = await like(a, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect(await givenIds(a)).toEqual([]);
  });

  it('refuses an invalid body', async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    expect((await a.visitor.post('/api/like.php', { profile_id: 'x' })).statusCode).toBe(422);
    // Auto-likes are the server's own, and swipe likes go through swipe.php, which counts them.
    for (const source of ['auto', 'swipe']) {
      const refused = await a.visitor.post('/api/like.php', { profile_id: b.profileId, source });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields.source).toBeDefined();
    }
  });
});

describe('DELETE /api/like.php', () => {
  it('removes the like from both lists', async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    await like(a, b.profileId);
    const response = await a.visitor.delete('/api/like.php', { profile_id: b.profileId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await likesOf(a)).toMatchObject({ profiles: [], liked_by: [] });
    expect(await likesOf(b)).toMatchObject({ profiles: [], liked_by: [] });
  });

  it("leaves the other member's like alone", async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    await like(a, b.profileId);
    await like(b, a.profileId);
    await a.visitor.delete('/api/like.php', { profile_id: b.profileId });
    expect(await givenIds(b)).toEqual([a.profileId]);
    expect(await receivedIds(a)).toEqual([b.profileId]);
    expect(await givenIds(a)).toEqual([]);
  });
});

describe('new likes', () => {
  it("clears the new flag only for the member who opened the liker's page", async () => {
    const site = await freshSite();
    const [a, b, c] = await members(site, 3);
    await like(b, a.profileId);
    await like(b, c.profileId);

    expect((await a.visitor.get(`/api/member.php?id=${b.profileId}`)).statusCode).toBe(200);
    expect((await likesOf(a)).liked_by).toEqual([expect.objectContaining({ id: b.profileId, like_new: false })]);
    expect((await likesOf(c)).liked_by).toEqual([expect.objectContaining({ id: b.profileId, like_new: true })]);
    // The liker opening the liked member's page changes nothing.
    await b.visitor.get(`/api/member.php?id=${c.profileId}`);
    expect((await likesOf(c)).liked_by[0]?.like_new).toBe(true);
  });

  it('lists received likes new ones first, then the most recent first', async () => {
    const site = await freshSite();
    const [a, b, d, e] = await members(site, 4);
    await like(b, a.profileId);
    t.clock.advance({ minutes: 1 });
    await like(d, a.profileId);
    t.clock.advance({ minutes: 1 });
    await like(e, a.profileId);
    expect(await receivedIds(a)).toEqual([e.profileId, d.profileId, b.profileId]);

    await a.visitor.get(`/api/member.php?id=${e.profileId}`);
    const received = (await likesOf(a)).liked_by.map((card) => [card.id, card.like_new]);
    expect(received).toEqual([
      [d.profileId, true],
      [b.profileId, true],
      [e.profileId, false],
    ]);
  });
});

describe('likes and blocks', () => {
  it('refuses likes both ways once one blocked the other', async () => {
    const site = await freshSite();
    const [a, b] = await members(site, 2);
    expect((await a.visitor.post('/api/block.php', { profile_id: b.profileId })).statusCode).toBe(200);
    for (const [who, whom] of [
      [b, a],
      [a, b],
    ] as const) {
      const response = await like(who, whom.profileId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect(await likesOf(a)).toMatchObject({ profiles: [], liked_by: [] });
    expect(await likesOf(b)).toMatchObject({ profiles: [], liked_by: [] });
  });

  it('takes earlier likes between them out of both lists', async () => {
    const site = await freshSite();
    const [a, b, c] = await members(site, 3);
    await like(a, b.profileId);
    await like(b, a.profileId);
    await like(c, a.profileId);
    await a.visitor.post('/api/block.php', { profile_id: b.profileId });

    expect(await likesOf(b)).toMatchObject({ profiles: [], liked_by: [] });
    expect(await givenIds(a)).toEqual([]);
    expect(await receivedIds(a)).toEqual([c.profileId]);
  });

  it('keeps an invisible member in the lists of those they were in touch with, and out of search', async () => {
    const site = await freshSite();
    const [a, hidden] = await members(site, 2);
    await like(a, hidden.profileId);
    await like(hidden, a.profileId);
    expect((await hidden.visitor.put('/api/profile.php', { invisible: true })).statusCode).toBe(200);

    expect(await givenIds(a)).toEqual([hidden.profileId]);
    expect(await receivedIds(a)).toEqual([hidden.profileId]);
    expect((await a.visitor.get(`/api/member.php?id=${hidden.profileId}`)).statusCode).toBe(200);
    const search = await a.visitor.get(`/api/members.php?q=${encodeURIComponent(hidden.name)}`);
    expect(search.json().profiles.map((card: { id: number }) => card.id)).not.toContain(hidden.profileId);
    expect(await givenIds(hidden)).toEqual([a.profileId]);
    expect(await receivedIds(hidden)).toEqual([a.profileId]);
  });
  it('hides an invisible member from members they had no contact with: no page, no like', async () => {
    const site = await freshSite();
    const [a, hidden] = await members(site, 2);
    await hidden.visitor.put('/api/profile.php', { invisible: true });
    const received = collect('like.received', site);
    expect((await a.visitor.get(`/api/member.php?id=${hidden.profileId}`)).statusCode).toBe(404);

    const liked = await like(a, hidden.profileId);
    expect(liked.statusCode).toBe(404);
    expect(liked.json().error).toBe('not_found');
    for (const choice of ['like', 'skip'] as const) {
      expect((await swipe(a, hidden.profileId, choice)).statusCode).toBe(404);
    }
    await settle();

    expect(received).toEqual([]);
    expect(await receivedIds(hidden)).toEqual([]);
    expect((await deck(a)).likes_left).toBe(SWIPE_LIKES_PER_DAY);
  });
});

describe('visitors', () => {
  it.each([
    ['GET', '/api/likes.php', undefined],
    ['GET', '/api/likes-list.php?type=received', undefined],
    ['POST', '/api/like.php', { profile_id: 1 }],
    ['DELETE', '/api/like.php', { profile_id: 1 }],
    ['GET', '/api/auto-like.php', undefined],
    ['GET', '/api/swipe.php', undefined],
    ['POST', '/api/swipe.php', { profile_id: 1, choice: 'like' }],
    ['GET', '/api/match-finder.php', undefined],
  ] as const)('get 403 from %s %s', async (method, url, body) => {
    const visitor = client(t.app);
    const response =
      method === 'GET'
        ? await visitor.get(url)
        : method === 'POST'
          ? await visitor.post(url, body)
          : await visitor.delete(url, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });
});
