import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBus } from '../../../test/event-buses.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/bus.js';
import { DROPPED_KEPT_MS } from '../../platform/events/catalogue.js';
import { keepSessions } from './kept-sessions.js';

const opened: EventBus[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

/** A bus of its own (one instance, no Redis); `hearing` stands for the wire's hearingSince. */
async function kept(hearing: () => number | null = () => 0) {
  const bus = await eventBus();
  opened.push(bus);
  return { bus, sessions: keepSessions({ ...bus, hearingSince: hearing }) };
}

const user = { id: 7, site_id: 1 } as UserRow;
const found = () => ({ session: { userId: 7, expiresAt: '2099-01-01T00:00:00.000Z', seenAt: '' }, user });

describe('sessions kept in memory', () => {
  it('serves a session read once without reading it again, and keeps no session that was not found', async () => {
    const { sessions } = await kept();
    expect(sessions.get('s1')).toBeUndefined();
    await sessions.read('s1', async () => found());
    expect(sessions.get('s1')).toEqual(found());
    await sessions.read('gone', async () => undefined);
    expect(sessions.get('gone')).toBeUndefined();
  });

  it('drops a session when it ends, and every session of an account when the account changes', async () => {
    const { bus, sessions } = await kept();
    await sessions.read('s1', async () => found());
    await sessions.read('s2', async () => found());
    await bus.publish({ type: 'session.ended', siteId: 1, sessionIds: ['s1'] });
    expect(sessions.get('s1')).toBeUndefined();
    expect(sessions.get('s2')).toEqual(found());
    await bus.publish({ type: 'account.changed', siteId: 1, userId: 7 });
    expect(sessions.get('s2')).toBeUndefined();
  });

  it('does not keep a read that a drop overtook: it may have read the session before it ended', async () => {
    const { bus, sessions } = await kept();
    let answer = (_: ReturnType<typeof found>) => {};
    const reading = sessions.read('s1', () => new Promise<ReturnType<typeof found>>((resolve) => (answer = resolve)));
    await bus.publish({ type: 'session.ended', siteId: 1, sessionIds: ['s1'] });
    answer(found());
    expect(await reading).toEqual(found());
    expect(sessions.get('s1')).toBeUndefined();
  });

  it('serves nothing while the instance cannot hear the others, nor what it read before it heard them again', async () => {
    let hearingSince: number | null = 0;
    const { sessions } = await kept(() => hearingSince);
    await sessions.read('s1', async () => found());
    hearingSince = null;
    expect(sessions.get('s1')).toBeUndefined();
    await sessions.read('s2', async () => found());
    hearingSince = performance.now();
    expect(sessions.get('s1')).toBeUndefined();
    expect(sessions.get('s2')).toBeUndefined();
    await sessions.read('s3', async () => found());
    expect(sessions.get('s3')).toEqual(found());
  });

  it('serves a session no longer than DROPPED_KEPT_MS from the start of its read', async () => {
    const { sessions } = await kept();
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    await sessions.read('s1', async () => found());
    vi.advanceTimersByTime(DROPPED_KEPT_MS - 1);
    expect(sessions.get('s1')).toEqual(found());
    vi.advanceTimersByTime(1);
    expect(sessions.get('s1')).toBeUndefined();
  });
});
