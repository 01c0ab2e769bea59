/**
 * Likes, matches, the swipe game, auto-like and the match finder, as a client sees them. Every
 * test has a site of its own, so it never sees another test's profiles.
 */
import { SWIPE_LIKES_PER_DAY } from '@amora/common';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { EventOf, EventType } from '../src/platform/events/catalogue.js';
import type { Site } from '../src/platform/site.js';
import { birthDate, client, type LoggedInMember as Member, makePremium, useTestApp } from './helpers.js';
import { likeFixtures } from './like-fixtures.js';

const t = useTestApp();
const { freshSite, hosted, hostedMany, members, like } = likeFixtures(t, 'likes');

/** An entry of likes.php: ids only, the cards come from likes-list.php. */
interface Liked {
  id: number;
  like_new: boolean;
}

async function likesOf(who: Member): Promise<{ profiles: Liked[]; liked_by: Liked[] }> {
  const response = await who.visitor.get('/api/likes.php');
  expect(response.statusCode).toBe(200);
  return response.json();
}
const givenIds = async (who: Member) => (await likesOf(who)).profiles.map((card) => card.id);
const receivedIds = async (who: Member) => (await likesOf(who)).liked_by.map((card) => card.id);

const swipe = (who: Member, profileId: number, choice: 'like' | 'skip' = 'like') =>
  who.visitor.post('/api/swipe.php', { profile_id: profileId, choice });
async function deck(who: Member) {
  const response = await who.visitor.get('/api/swipe.php');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    likes_left: number;
    likes_per_day: number;
    resets_at: string;
    profiles: { id: number }[];
  };
}
const deckIds = async (who: Member) => (await deck(who)).profiles.map((card) => card.id);

/** Collects the bus's events of one type on `site` until the test ends. */
function collect<T extends EventType>(type: T, site: Site): EventOf<T>[] {
  const seen: EventOf<T>[] = [];
  const stop = t.services.events.subscribe(type, (event) => {
    if (event.siteId === site.id) seen.push(event);
  });
  onTestFinished(stop);
  return seen;
}
/** Waits until every event recorded so far has reached its handlers. */
const settle = () => t.services.events.settled();

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

describe('the swipe game', () => {
  it(`deals ${SWIPE_LIKES_PER_DAY} likes a day to a free member, and profiles not yet decided on`, async () => {
    const site = await freshSite();
    const [me, blockedByMe, blockingMe, likedOne] = await members(site, 4);
    const [open, skipped] = [await hosted(site, 'Open'), await hosted(site, 'Skipped')];
    await me.visitor.post('/api/block.php', { profile_id: blockedByMe.profileId });
    await blockingMe.visitor.post('/api/block.php', { profile_id: me.profileId });
    await like(me, likedOne.profileId);

    const first = await deck(me);
    expect(first).toMatchObject({ likes_left: SWIPE_LIKES_PER_DAY, likes_per_day: SWIPE_LIKES_PER_DAY });
    expect(first.profiles.map((card) => card.id).sort()).toEqual([open, skipped].sort());

    const skip = await swipe(me, skipped, 'skip');
    expect(skip.statusCode).toBe(200);
    expect(skip.json()).toMatchObject({ match: false, likes_left: SWIPE_LIKES_PER_DAY });
    expect(await deckIds(me)).toEqual([open]);
    // A skip is not a like.
    expect(await givenIds(me)).toEqual([likedOne.profileId]);

    expect((await swipe(me, open)).json()).toMatchObject({ match: false, likes_left: SWIPE_LIKES_PER_DAY - 1 });
    expect(await deckIds(me)).toEqual([]);
  });

  it('says when a swipe like makes a match', async () => {
    const site = await freshSite();
    const [me, other] = await members(site, 2);
    await like(other, me.profileId);
    const response = await swipe(me, other.profileId);
    expect(response.statusCode).toBe(200);
    expect(response.json().match).toBe(true);
    expect(await receivedIds(other)).toEqual([me.profileId]);
  });

  it(`refuses a free member's like number ${SWIPE_LIKES_PER_DAY + 1} of the day, in their language`, async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const ids = await hostedMany(site, SWIPE_LIKES_PER_DAY + 2);
    for (const [i, id] of ids.slice(0, SWIPE_LIKES_PER_DAY).entries()) {
      const response = await swipe(me, id);
      expect(response.statusCode).toBe(200);
      expect(response.json().likes_left).toBe(SWIPE_LIKES_PER_DAY - 1 - i);
    }

    const refused = await swipe(me, ids[SWIPE_LIKES_PER_DAY] as number);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'swipe_limit',
      limit: SWIPE_LIKES_PER_DAY,
      message: `That was your ${SWIPE_LIKES_PER_DAY} likes in the swipe game for today, the same for everyone. Tomorrow you get new ones; until then, keep browsing and like members from their profiles.`,
    });
    me.visitor.setCookie('lang', 'de');
    const inGerman = await swipe(me, ids[SWIPE_LIKES_PER_DAY + 1] as number);
    expect(inGerman.statusCode).toBe(403);
    expect(inGerman.json().message).toBe(
      `Das waren deine ${SWIPE_LIKES_PER_DAY} Likes im Swipe-Spiel für heute – gleich viele für alle. Morgen bekommst du neue; bis dahin kannst du weiterstöbern und Mitglieder auf ihrem Profil liken.`,
    );

    expect(await givenIds(me)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect((await deck(me)).likes_left).toBe(0);
    // A skip is still allowed, and so is a like on a profile page.
    expect((await swipe(me, ids[SWIPE_LIKES_PER_DAY] as number, 'skip')).statusCode).toBe(200);
    expect((await like(me, ids[SWIPE_LIKES_PER_DAY + 1] as number)).statusCode).toBe(200);
  });

  it(`gives a premium member the same ${SWIPE_LIKES_PER_DAY} likes a day (SPEC §9 has no exception)`, async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    await makePremium(t, me);
    expect(await deck(me)).toMatchObject({ likes_left: SWIPE_LIKES_PER_DAY, likes_per_day: SWIPE_LIKES_PER_DAY });
    const ids = await hostedMany(site, SWIPE_LIKES_PER_DAY + 1);
    for (const id of ids.slice(0, SWIPE_LIKES_PER_DAY)) expect((await swipe(me, id)).statusCode).toBe(200);
    expect((await swipe(me, ids[SWIPE_LIKES_PER_DAY] as number)).json().error).toBe('swipe_limit');
  });

  it('counts swipes made: unliking and liking again gives no swipe back', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const ids = await hostedMany(site, 2);
    const first = ids[0] as number;
    expect((await swipe(me, first)).statusCode).toBe(200);
    for (let round = 1; round < SWIPE_LIKES_PER_DAY; round++) {
      expect((await me.visitor.delete('/api/like.php', { profile_id: first })).statusCode).toBe(200);
      expect((await swipe(me, first)).statusCode).toBe(200);
    }
    expect((await deck(me)).likes_left).toBe(0);
    await me.visitor.delete('/api/like.php', { profile_id: first });
    expect((await swipe(me, ids[1] as number)).json().error).toBe('swipe_limit');
  });

  it('holds the daily limit under concurrent likes', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const ids = await hostedMany(site, 10);
    const responses = await Promise.all(ids.map((id) => swipe(me, id)));

    const accepted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 403);
    expect(accepted).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(refused).toHaveLength(ids.length - SWIPE_LIKES_PER_DAY);
    for (const response of refused) expect(response.json().error).toBe('swipe_limit');
    expect(await givenIds(me)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect((await deck(me)).likes_left).toBe(0);
  });

  it("starts counting again at the site's local midnight", async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const ids = await hostedMany(site, SWIPE_LIKES_PER_DAY + 1);
    for (const id of ids.slice(0, SWIPE_LIKES_PER_DAY)) expect((await swipe(me, id)).statusCode).toBe(200);
    const { likes_left, resets_at } = await deck(me);
    expect(likes_left).toBe(0);
    const midnight = new Date(resets_at);
    const amsterdam = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(amsterdam.format(midnight)).toBe('00:00');
    expect(midnight.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(midnight.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(25 * 60 * 60_000);

    const minutesToMidnight = Math.ceil((midnight.getTime() - t.clock.now().getTime()) / 60_000);
    t.clock.advance({ minutes: minutesToMidnight - 1 });
    expect((await deck(me)).likes_left).toBe(0);
    t.clock.advance({ minutes: 2 });
    const after = await deck(me);
    expect(after.likes_left).toBe(SWIPE_LIKES_PER_DAY);
    expect(new Date(after.resets_at).getTime()).toBeGreaterThan(midnight.getTime());
    const next = await swipe(me, ids[SWIPE_LIKES_PER_DAY] as number);
    expect(next.statusCode).toBe(200);
    expect(next.json().likes_left).toBe(SWIPE_LIKES_PER_DAY - 1);
  });

  it('answers 404 for a blocked or missing profile and 422 for yourself', async () => {
    const site = await freshSite();
    const [me, blocker] = await members(site, 2);
    await blocker.visitor.post('/api/block.php', { profile_id: me.profileId });
    expect((await swipe(me, blocker.profileId)).statusCode).toBe(404);
    expect((await swipe(me, blocker.profileId, 'skip')).statusCode).toBe(404);
    expect((await swipe(me, 999_999)).statusCode).toBe(404);
    const own = await swipe(me, me.profileId);
    expect(own.statusCode).toBe(422);
    expect(own.json().fields.profile_id.code).toBe('invalid_choice');
    expect((await deck(me)).likes_left).toBe(SWIPE_LIKES_PER_DAY);
  });
});

describe('GET /api/auto-like.php', () => {
  it('makes a hosted profile the member liked like them back', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const liked = await hosted(site, 'Liked');
    await hosted(site, 'Other');
    const matches = collect('match.new', site);
    await like(me, liked);

    const response = await me.visitor.get('/api/auto-like.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: { id: liked, name: 'Liked', hosted: true, main_image: null },
      match: true,
    });
    expect(await givenIds(me)).toEqual([liked]);
    expect((await likesOf(me)).liked_by).toEqual([expect.objectContaining({ id: liked, like_new: true })]);
    await settle();
    expect(matches).toEqual([{ type: 'match.new', siteId: site.id, profileIds: [liked, me.profileId] }]);
  });

  it('has a suggested hosted profile like the member when they liked none', async () => {
    const site = await freshSite();
    const [me, member] = await members(site, 1 + 1);
    const suggested = await hosted(site, 'Suggested');

    const response = await me.visitor.get('/api/auto-like.php');
    expect(response.json()).toMatchObject({ profile: { id: suggested, name: 'Suggested' }, match: false });
    expect((await likesOf(me)).liked_by).toEqual([expect.objectContaining({ id: suggested, like_new: true })]);
    expect(await givenIds(me)).toEqual([]);
    // Members are never made to like anyone.
    expect(await givenIds(member)).toEqual([]);
  });

  it('answers profile: null when no hosted profile is left to offer', async () => {
    const site = await freshSite();
    const [me] = await members(site, 2);
    expect((await me.visitor.get('/api/auto-like.php')).json()).toEqual({ profile: null, match: false });

    const only = await hosted(site, 'Only');
    expect((await me.visitor.get('/api/auto-like.php')).json().profile?.id).toBe(only);
    expect((await me.visitor.get('/api/auto-like.php')).json()).toEqual({ profile: null, match: false });
    expect(await receivedIds(me)).toEqual([only]);
  });
});

describe('GET /api/match-finder.php', () => {
  it('suggests profiles of the asked gender and ages, leaving out those already liked', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const anna = await hosted(site, 'Anna', { gender: 'female', date_of_birth: birthDate(25) });
    const bea = await hosted(site, 'Bea', { gender: 'female', date_of_birth: birthDate(35) });
    await hosted(site, 'Carl', { gender: 'male', date_of_birth: birthDate(30) });
    await hosted(site, 'Dora', { gender: 'female', date_of_birth: birthDate(50) });
    await hosted(site, 'Eva', { gender: 'female', date_of_birth: birthDate(19) });
    const find = async () => {
      const response = await me.visitor.get('/api/match-finder.php?gender=female&min_age=20&max_age=40');
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    const first = await find();
    expect(first.profiles.map((card: { id: number }) => card.id).sort()).toEqual([anna, bea].sort());
    expect(first.criteria).toMatchObject({ gender: 'female', min_age: 20, max_age: 40 });

    await like(me, anna);
    expect((await find()).profiles.map((card: { id: number }) => card.id)).toEqual([bea]);
  });

  it('refuses an age out of range', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    for (const query of ['min_age=12', 'max_age=200', 'min_age=30.5', 'max_age=x']) {
      const response = await me.visitor.get(`/api/match-finder.php?${query}`);
      expect(response.statusCode).toBe(422);
      const field = query.split('=')[0] as string;
      expect(response.json().fields[field].code).toBe('invalid_choice');
    }
  });
});
