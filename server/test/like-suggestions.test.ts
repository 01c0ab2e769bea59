/**
 * The swipe game, auto-like and the match finder, as a client sees them. Every test has a site of
 * its own, so it never sees another test's profiles.
 */
import { SWIPE_LIKES_PER_DAY } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { birthDate, makePremium, useTestApp } from './helpers.js';
import { likeCalls } from './like-calls.js';
import { likeFixtures } from './like-fixtures.js';

const t = useTestApp();
const { freshSite, hosted, hostedMany, members, like } = likeFixtures(t, 'suggestions');
const { likesOf, givenIds, receivedIds, swipe, deck, deckIds, collect, settle } = likeCalls(t);

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
      `Du hast deine ${SWIPE_LIKES_PER_DAY} Likes im Swipe-Spiel für heute verbraucht – alle haben gleich viele. Morgen bekommst du neue; bis dahin kannst du weiterstöbern und Mitglieder auf ihrem Profil liken.`,
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
