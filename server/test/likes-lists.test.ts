/**
 * The likes lists, bounded and paged (issue 50): likes.php's first pages, counts and new matches;
 * likes-list.php's pages of cards by cursor; and the like state member.php brings with a profile.
 */
import { LIKES_COUNT_CAP, LIKES_PAGE_SIZE, type LikesListType } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { client, type LoggedInMember as Member, useTestApp } from './helpers.js';
import { likeFixtures } from './like-fixtures.js';

const t = useTestApp();
const { freshSite, hosted, hostedMany, members, likedBy, likesGiven, like } = likeFixtures(t, 'likes-lists');

interface Likes {
  profiles: { id: number; like_new: boolean }[];
  liked_by: { id: number; like_new: boolean }[];
  counts: { received: number; given: number; matches: number; new_likes: number };
  new_matches: number[];
}

async function likesOf(who: Member): Promise<Likes> {
  const response = await who.visitor.get('/api/likes.php');
  expect(response.statusCode).toBe(200);
  return response.json();
}

interface LikedCard {
  id: number;
  name: string;
  hosted: boolean;
  like_new: boolean;
  liked: boolean;
}
interface LikesPage {
  profiles: LikedCard[];
  next: string | null;
}

const listAddress = (type: string, after?: string) =>
  `/api/likes-list.php?type=${type}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;

async function likesList(who: Member, type: LikesListType, after?: string): Promise<LikesPage> {
  const response = await who.visitor.get(listAddress(type, after));
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every page of a list, following `next` until it ends. */
async function allPages(who: Member, type: LikesListType): Promise<LikesPage[]> {
  const pages = [await likesList(who, type)];
  for (let next = pages[0]?.next; next; next = pages[pages.length - 1]?.next) {
    pages.push(await likesList(who, type, next));
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe('GET /api/likes.php', () => {
  it('answers ids and new flags, the counts, and the new matches', async () => {
    const site = await freshSite();
    const [a, b, c] = await members(site, 3);
    await like(a, b.profileId);
    t.clock.advance({ minutes: 1 });
    await like(b, a.profileId);
    t.clock.advance({ minutes: 1 });
    await like(c, a.profileId);
    const likes = await likesOf(a);
    expect(likes).toEqual({
      profiles: [{ id: b.profileId, like_new: true }],
      liked_by: [
        { id: c.profileId, like_new: true },
        { id: b.profileId, like_new: true },
      ],
      counts: { received: 2, given: 1, matches: 1, new_likes: 2 },
      new_matches: [b.profileId],
    });
    // Opening b's profile makes b's like seen: no longer a new like nor a new match.
    expect((await a.visitor.get(`/api/member.php?id=${b.profileId}`)).statusCode).toBe(200);
    expect(await likesOf(a)).toMatchObject({ counts: { matches: 1, new_likes: 1 }, new_matches: [] });
  });

  it(`holds the first ${LIKES_PAGE_SIZE} of each list, and counts up to ${LIKES_COUNT_CAP}`, async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const likers = await hostedMany(site, LIKES_COUNT_CAP + 5);
    const liked = likers.slice(0, LIKES_PAGE_SIZE + 5);
    await likedBy(me, likers);
    await likesGiven(me, liked);

    const likes = await likesOf(me);
    expect(likes.liked_by.map((entry) => entry.id)).toEqual(likers.slice(0, LIKES_PAGE_SIZE));
    expect(likes.profiles.map((entry) => entry.id)).toEqual(liked.slice(0, LIKES_PAGE_SIZE));
    expect(likes.counts).toEqual({
      received: LIKES_COUNT_CAP,
      given: LIKES_PAGE_SIZE + 5,
      matches: LIKES_PAGE_SIZE + 5,
      new_likes: LIKES_COUNT_CAP,
    });
    expect(likes.new_matches).toEqual(liked);
  });
});

describe('GET /api/likes-list.php', () => {
  it('pages received likes new first, given likes newest first, and matches as the mutual ones', async () => {
    const site = await freshSite();
    const [me, b, c, d] = await members(site, 4);
    const anna = await hosted(site, 'Anna');
    await like(b, me.profileId);
    t.clock.advance({ minutes: 1 });
    await like(c, me.profileId);
    t.clock.advance({ minutes: 1 });
    await like(me, c.profileId);
    t.clock.advance({ minutes: 1 });
    await like(me, d.profileId);
    t.clock.advance({ minutes: 1 });
    await like(me, anna);
    t.clock.advance({ minutes: 1 });
    // Anna, hosted, likes back.
    expect((await me.visitor.get('/api/auto-like.php')).json()).toMatchObject({ profile: { id: anna }, match: true });
    // Opening b's page makes b's like no longer new.
    expect((await me.visitor.get(`/api/member.php?id=${b.profileId}`)).statusCode).toBe(200);

    const received = await likesList(me, 'received');
    expect(received.next).toBeNull();
    expect(received.profiles).toEqual([
      expect.objectContaining({ id: anna, name: 'Anna', hosted: true, like_new: true, liked: true }),
      expect.objectContaining({ id: c.profileId, name: c.name, hosted: false, like_new: true, liked: true }),
      expect.objectContaining({ id: b.profileId, name: b.name, hosted: false, like_new: false, liked: false }),
    ]);

    const given = await likesList(me, 'given');
    expect(given.profiles).toEqual([
      expect.objectContaining({ id: anna, liked: true }),
      expect.objectContaining({ id: d.profileId, liked: true }),
      expect.objectContaining({ id: c.profileId, liked: true }),
    ]);

    const matches = await likesList(me, 'matches');
    expect(matches.profiles).toEqual([
      expect.objectContaining({ id: anna, like_new: true, liked: true }),
      expect.objectContaining({ id: c.profileId, like_new: true, liked: true }),
    ]);

    // The same order as likes.php.
    const likes = await likesOf(me);
    expect(received.profiles.map((card) => [card.id, card.like_new])).toEqual(
      likes.liked_by.map((entry) => [entry.id, entry.like_new]),
    );
    expect(given.profiles.map((card) => card.id)).toEqual(likes.profiles.map((entry) => entry.id));
  });

  it('answers empty lists with no next page', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    for (const type of ['received', 'given', 'matches'] as const) {
      expect(await likesList(me, type)).toEqual({ profiles: [], next: null });
    }
  });

  it(`shows ${LIKES_PAGE_SIZE} cards a page, each profile exactly once across the pages`, async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const likers = await hostedMany(site, 2 * LIKES_PAGE_SIZE + 5);
    await likedBy(me, likers);
    // Some seen, so the received list crosses from its new part to its seen part within a page.
    const seen = likers.slice(0, LIKES_PAGE_SIZE + 3);
    for (const id of seen) await me.visitor.get(`/api/member.php?id=${id}`);
    const liked = likers.slice(0, LIKES_PAGE_SIZE + 1);
    await likesGiven(me, liked);

    const received = await allPages(me, 'received');
    expect(received.map((page) => page.profiles.length)).toEqual([LIKES_PAGE_SIZE, LIKES_PAGE_SIZE, 5]);
    const unseen = likers.filter((id) => !seen.includes(id));
    expect(received.flatMap((page) => page.profiles.map((card) => card.id))).toEqual([...unseen, ...seen]);

    const given = await allPages(me, 'given');
    expect(given.map((page) => page.profiles.length)).toEqual([LIKES_PAGE_SIZE, 1]);
    expect(given.flatMap((page) => page.profiles.map((card) => card.id))).toEqual(liked);

    const matches = (await allPages(me, 'matches')).flatMap((page) => page.profiles.map((card) => card.id));
    expect(matches.sort()).toEqual([...liked].sort());
    expect(new Set(matches).size).toBe(liked.length);
  });

  it('leaves out blocked profiles both ways, also from the counts and likes.php; invisible contacts stay', async () => {
    const site = await freshSite();
    const [me, blockedByMe, blockingMe, hidden, visible] = await members(site, 5);
    for (const other of [blockedByMe, blockingMe, hidden, visible]) {
      await like(other, me.profileId);
      await like(me, other.profileId);
    }
    expect((await me.visitor.post('/api/block.php', { profile_id: blockedByMe.profileId })).statusCode).toBe(200);
    expect((await blockingMe.visitor.post('/api/block.php', { profile_id: me.profileId })).statusCode).toBe(200);
    expect((await hidden.visitor.put('/api/profile.php', { invisible: true })).statusCode).toBe(200);

    const listed = [visible.profileId, hidden.profileId].sort();
    for (const type of ['received', 'given', 'matches'] as const) {
      const list = await likesList(me, type);
      expect(list.profiles.map((card) => card.id).sort()).toEqual(listed);
      expect(list.next).toBeNull();
    }
    const likes = await likesOf(me);
    expect(likes.profiles.map((entry) => entry.id).sort()).toEqual(listed);
    expect(likes.liked_by.map((entry) => entry.id).sort()).toEqual(listed);
    expect(likes.counts).toEqual({ received: 2, given: 2, matches: 2, new_likes: 2 });
    // The invisible member still sees their own lists.
    expect((await likesList(hidden, 'matches')).profiles.map((card) => card.id)).toEqual([me.profileId]);
  });

  it('leaves out suspended profiles and invisible ones never in touch, also from the counts and likes.php', async () => {
    const site = await freshSite();
    const [me, suspended] = await members(site, 2);
    const visible = await hosted(site, 'Visible');
    const hidden = await hosted(site, 'Hidden', { invisible: 1 });
    // Stored without a contact, as a like from before the contacts table: nobody is in touch.
    await likedBy(me, [visible, hidden]);
    await likesGiven(me, [visible, hidden]);
    await like(suspended, me.profileId);
    await like(me, suspended.profileId);
    expect(await t.services.accounts.suspend(t.db, suspended.user.id, 'suspension')).toBe(true);

    for (const type of ['received', 'given', 'matches'] as const) {
      expect(await likesList(me, type)).toMatchObject({ profiles: [{ id: visible }], next: null });
    }
    expect(await likesOf(me)).toEqual({
      profiles: [{ id: visible, like_new: true }],
      liked_by: [{ id: visible, like_new: true }],
      counts: { received: 1, given: 1, matches: 1, new_likes: 1 },
      new_matches: [visible],
    });
  });

  it('pages past blocked profiles without losing the visible ones', async () => {
    const site = await freshSite();
    const [me, ...others] = await members(site, 6);
    const likers = await hostedMany(site, LIKES_PAGE_SIZE);
    await likedBy(me, likers);
    t.clock.advance({ minutes: 1 });
    for (const other of others) await like(other, me.profileId);
    for (const other of others.slice(0, 3)) {
      expect((await me.visitor.post('/api/block.php', { profile_id: other.profileId })).statusCode).toBe(200);
    }
    const ids = (await allPages(me, 'received')).flatMap((page) => page.profiles.map((card) => card.id));
    expect(ids).toEqual([
      ...others
        .slice(3)
        .map((other) => other.profileId)
        .reverse(),
      ...likers,
    ]);
  });

  it("refuses another member's cursor, another list's, an edited or made-up one, and NUL bytes", async () => {
    const site = await freshSite();
    const [me, other] = await members(site, 2);
    const likers = await hostedMany(site, LIKES_PAGE_SIZE + 1);
    await likedBy(me, likers);
    await likedBy(other, likers);
    const next = (await likesList(me, 'received')).next as string;
    expect(next).toEqual(expect.any(String));
    expect((await likesList(me, 'received', next)).profiles.map((card) => card.id)).toEqual([likers.at(-1)]);

    const [signature, place] = next.split('.') as [string, string];
    const edited = `${signature}.${place.replace(/~(\d+)~/, (_, id) => `~${Number(id) + 1}~`)}`;
    const madeUp = `${'a'.repeat(32)}.${place}`;
    const refused = [
      [other, 'received', next, 'invalid_choice'],
      [me, 'given', next, 'invalid_choice'],
      [me, 'received', edited, 'invalid_choice'],
      [me, 'received', madeUp, 'invalid_choice'],
      [me, 'received', 'x'.repeat(10_000), 'invalid_choice'],
      [me, 'received', `${next}\u0000`, 'control_characters'],
    ] as const;
    for (const [who, type, after, code] of refused) {
      const response = await who.visitor.get(listAddress(type, after));
      expect(response.statusCode).toBe(422);
      expect(response.json().fields.after.code).toBe(code);
    }
  });

  it('refuses an unknown type', async () => {
    const site = await freshSite();
    const [me] = await members(site, 1);
    const unknown = await me.visitor.get('/api/likes-list.php?type=foo');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields.type.code).toBe('invalid_choice');
    expect((await me.visitor.get('/api/likes-list.php')).json().fields.type).toBeDefined();
  });
});

describe('GET /api/member.php: the like state', () => {
  it('says whether the member likes the profile and it likes them, and whether that like was new', async () => {
    const site = await freshSite();
    const [me, b, c] = await members(site, 3);
    const stateOf = async (who: Member, id: number) => (await who.visitor.get(`/api/member.php?id=${id}`)).json().like;
    expect(await stateOf(me, b.profileId)).toEqual({ liked: false, likes_me: false, like_new: false });
    await like(b, me.profileId);
    // Opening it answers the like as new, and marks it seen for the next time.
    expect(await stateOf(me, b.profileId)).toEqual({ liked: false, likes_me: true, like_new: true });
    expect(await stateOf(me, b.profileId)).toEqual({ liked: false, likes_me: true, like_new: false });
    await like(me, b.profileId);
    expect(await stateOf(me, b.profileId)).toEqual({ liked: true, likes_me: true, like_new: false });
    expect(await stateOf(b, me.profileId)).toEqual({ liked: true, likes_me: true, like_new: true });
    // Nobody else's likes show: c sees none with either.
    expect(await stateOf(c, b.profileId)).toEqual({ liked: false, likes_me: false, like_new: false });
    expect(await stateOf(me, me.profileId)).toBeNull();
    expect(
      (await client(t.app, { host: site.domain }).get(`/api/member.php?id=${b.profileId}`)).json().like,
    ).toBeNull();
  });
});
