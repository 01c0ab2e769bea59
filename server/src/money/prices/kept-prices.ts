/**
 * What a message costs, kept per site and member's country between sends: it takes the site's
 * price list to work out, and changes only with the site (its settings or its bundles), whose
 * site.changed event drops all that every instance kept.
 */
import type { SentKind } from '@amora/common';
import { BoundedCache } from '../../platform/cache.js';
import type { EventBus } from '../../platform/events/bus.js';

/** Credits a text message, a gift and a photo cost a member. */
export type MessagePrices = Record<SentKind, number>;

/** Sites times the countries their members live in: a few thousand at most. */
const KEPT_PRICES = 10_000;
/** A change made outside the app (by hand in the database) shows within this. */
const KEPT_MS = 10 * 60_000;

export function keepMessagePrices(events: EventBus) {
  // The read in flight is kept, not its result: a change committed meanwhile drops it with the rest.
  let kept = new BoundedCache<string, Promise<MessagePrices>>(KEPT_PRICES);
  const dropAll = () => {
    kept = new BoundedCache(KEPT_PRICES);
  };
  // Heard here also when it came from this instance, so its own prices follow even while Redis is away.
  events.subscribe('site.changed', dropAll);
  events.subscribeLocal('site.changed', dropAll);

  return {
    get(siteId: number, memberCountry: string | null, read: () => Promise<MessagePrices>): Promise<MessagePrices> {
      const key = `${siteId}:${memberCountry ?? ''}`;
      const hit = kept.get(key);
      if (hit) return hit;
      const prices = read();
      kept.set(key, prices, KEPT_MS);
      prices.catch(() => kept.delete(key));
      return prices;
    },
  };
}
