import { describe, expect, it, vi } from 'vitest';
import { createInProcessBus, type DomainEvent } from './bus.js';

const like: DomainEvent = { type: 'like.new', siteId: 1, profileId: 10, likedProfileId: 20 };
const received: DomainEvent = { type: 'like.received', siteId: 1, profileId: 20, likerProfileId: 10 };
const match: DomainEvent = { type: 'match.new', siteId: 1, profileIds: [10, 20] };

/** Handlers run after the publisher's turn; let them. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the in-process event bus', () => {
  it('delivers each event to the subscribers of its type only', async () => {
    const bus = createInProcessBus();
    const likes: DomainEvent[] = [];
    const matches: DomainEvent[] = [];
    bus.subscribe('like.new', (event) => void likes.push(event));
    bus.subscribe('match.new', (event) => void matches.push(event));

    await bus.publish(like);
    await bus.publish(received);
    await bus.publish(match);
    await settle();

    expect(likes).toEqual([like]);
    expect(matches).toEqual([match]);
  });

  it('stops delivering once unsubscribed, leaving other subscribers alone', async () => {
    const bus = createInProcessBus();
    const first = vi.fn();
    const second = vi.fn();
    const stop = bus.subscribe('like.new', first);
    bus.subscribe('like.new', second);

    await bus.publish(like);
    await settle();
    stop();
    await bus.publish(like);
    await settle();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('reports a failing handler without stopping the others or the publisher', async () => {
    const errors: [unknown, DomainEvent][] = [];
    const bus = createInProcessBus((error, event) => void errors.push([error, event]));
    const before = vi.fn();
    const after = vi.fn();
    bus.subscribe('match.new', before);
    bus.subscribe('match.new', () => {
      throw new Error('handler broke');
    });
    bus.subscribe('match.new', async () => {
      throw new Error('async handler broke');
    });
    bus.subscribe('match.new', after);

    await expect(bus.publish(match)).resolves.toBeUndefined();
    await settle();

    expect(before).toHaveBeenCalledWith(match);
    expect(after).toHaveBeenCalledWith(match);
    expect(errors.map(([error, event]) => [(error as Error).message, event])).toEqual([
      ['handler broke', match],
      ['async handler broke', match],
    ]);
  });
});
