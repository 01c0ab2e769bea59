/**
 * What user.php shows of a member besides the account the session read (their credits, free
 * messages, message prices and own profile with its photos), kept per member between requests:
 * the app asks for it on every start and focus, and it changes seldom. Every change of it is a
 * domain event (a profile or photo change, a purchase or a staff grant, a message sent, a site's
 * prices), on which each instance drops what it kept.
 */
import type { User } from '@amora/common';
import { BoundedCache } from '../../platform/cache.js';
import type { EventBus } from '../../platform/events/bus.js';

export type OwnAnswer = Pick<User, 'credits' | 'free_messages' | 'message_prices' | 'profile'>;

/** A few kilobytes each (a profile with its photos), so tens of megabytes at most per instance. */
const KEPT_MEMBERS = 20_000;
/** Bounds how long the age shown outlives a birthday. */
const KEPT_MS = 10 * 60_000;

export function keepOwnAnswers(events: EventBus) {
  // The read in flight is kept, not its result: a change committed meanwhile drops it with the rest.
  let kept = new BoundedCache<number, Promise<OwnAnswer>>(KEPT_MEMBERS);
  const drop = (profileId: number) => kept.delete(profileId);
  const dropAll = () => {
    kept = new BoundedCache(KEPT_MEMBERS);
  };
  // Heard here also when it came from this instance, so its own answers follow even while Redis is away.
  for (const subscribe of [events.subscribe, events.subscribeLocal]) {
    subscribe('profile.changed', (event) => drop(event.profileId));
    subscribe('credits.changed', (event) => drop(event.profileId));
    // A message costs its sender credits or a free message.
    subscribe('message.new', (event) => drop(event.senderProfileId));
    subscribe('site.changed', dropAll);
  }

  return {
    /** The member's kept answer, else `read`'s, kept until a change drops it. */
    get(profileId: number, read: () => Promise<OwnAnswer>): Promise<OwnAnswer> {
      const hit = kept.get(profileId);
      if (hit) return hit;
      const answer = read();
      kept.set(profileId, answer, KEPT_MS);
      answer.catch(() => drop(profileId));
      return answer;
    },
  };
}
