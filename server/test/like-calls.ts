/** The likes calls as a client makes them, and the bus's events, for the likes tests. */
import { expect, onTestFinished } from 'vitest';
import type { EventOf, EventType } from '../src/platform/events/catalogue.js';
import type { Site } from '../src/platform/site.js';
import type { LoggedInMember as Member, TestApp } from './helpers.js';

export function likeCalls(t: TestApp) {
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

  return { likesOf, givenIds, receivedIds, swipe, deck, deckIds, collect, settle };
}
