/**
 * What likes.php costs the database (issue 50): its lists, counts and new matches in one statement
 * on both engines, whatever the member's likes: new and seen, given, matches, hidden profiles among them.
 */
import { LIKES_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../src/platform/db/counting.js';
import { useTestApp } from './helpers.js';
import { likeFixtures } from './like-fixtures.js';

const t = useTestApp();
const { freshSite, hostedMany, members, likedBy, likesGiven, like } = likeFixtures(t, 'likes-statements');

describe('GET /api/likes.php', () => {
  it('reads all its lists in one statement, besides the session', async () => {
    const site = await freshSite();
    const [me, seenMatch, blocked] = await members(site, 3);
    const likers = await hostedMany(site, LIKES_PAGE_SIZE + 5);
    await likedBy(me, likers);
    await likesGiven(me, likers.slice(0, 3));
    for (const other of [seenMatch, blocked]) {
      await like(other, me.profileId);
      await like(me, other.profileId);
    }
    // Opening the profile makes its like seen: every part of the lists has likes.
    expect((await me.visitor.get(`/api/member.php?id=${seenMatch.profileId}`)).statusCode).toBe(200);
    expect((await me.visitor.post('/api/block.php', { profile_id: blocked.profileId })).statusCode).toBe(200);
    // A first call reads the session, which the instance then keeps (session-cache.test.ts): a bare
    // signed-in call costs no statement, so what the next one sends is the lists' alone.
    const first = await me.visitor.get('/api/likes.php');
    expect(first.statusCode).toBe(200);

    const { result, statements, sent } = await statementsOf(() => me.visitor.get('/api/likes.php'));

    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual(first.json());
    expect(result.json().counts).toEqual({
      received: LIKES_PAGE_SIZE + 6,
      given: 4,
      matches: 4,
      new_likes: LIKES_PAGE_SIZE + 5,
    });
    expect(result.json().new_matches).toEqual(likers.slice(0, 3));
    expect(statements, sent.join('\n')).toBe(1);
  });
});
