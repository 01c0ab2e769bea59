/**
 * How events reach the other instances: one Redis pub/sub channel per deployment (REDIS_PREFIX).
 * The wire only carries; the outbox (bus.ts) is what makes an event durable, and what an instance
 * reads when it could not hear the channel for a while.
 */
import {
  closeRedis,
  connectRedis,
  FAIL_FAST,
  firstConnection,
  REDIS_WAIT_MS,
  type RedisOutages,
  within,
} from '../redis.js';
import type { Envelope } from './catalogue.js';

interface WireListener {
  /** An event another instance (or this one) sent. */
  heard(envelope: Envelope): void;
  /** The channel is heard again after a time it was not: what was sent since then was missed. */
  missedSince(since: Date): void;
}

export interface Wire {
  /** Rejects while Redis is away, or when it does not answer in time; the outage is logged, once. */
  send(envelope: Envelope): Promise<void>;
  /** Whether Redis is there to send to now. */
  connected(): boolean;
  listen(listener: WireListener): void;
  close(): Promise<void>;
}

/**
 * Starts without Redis when it is away (waiting at most about a second) and catches up by itself:
 * the subscription is made, or made again, whenever Redis comes (back). A send Redis refuses or
 * does not answer counts as the outage it is (told once, with the others), not as an error of its own.
 */
export async function connectRedisWire(url: string, prefix: string, outages: RedisOutages): Promise<Wire> {
  const channel = `${prefix}events`;
  // A publish Redis did not answer is sent again from the outbox, not by ioredis on reconnecting.
  const { redis: publisher, outage: publishing } = connectRedis(
    url,
    'events reach the other instances from the outbox',
    outages,
    { ...FAIL_FAST, autoResendUnfulfilledCommands: false },
  );
  // The subscriber subscribes on every (re)connection itself: ioredis's own resubscription leaves
  // its promise unhandled, which fails when the connection closes again before Redis answers.
  const { redis: subscriber } = connectRedis(url, "the other instances' events wait in the outbox", outages, {
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  let listener: WireListener = { heard: () => {}, missedSince: () => {} };
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      listener.heard(JSON.parse(message) as Envelope);
    } catch (error) {
      console.error('event bus: a message that is not an event was ignored:', error);
    }
  });

  /** Since when the channel has not been heard; null while it is (or before it ever was: nothing to miss). */
  let deafSince: Date | null = null;
  let firstSubscribed = () => {};
  const subscribed = new Promise<void>((resolve) => {
    firstSubscribed = resolve;
  });
  subscriber.on('close', () => {
    deafSince ??= new Date();
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        firstSubscribed();
        const since = deafSince;
        deafSince = null;
        if (since) listener.missedSince(since);
      },
      (error: Error) => console.error(`event bus: could not subscribe: ${error.message}`),
    );
  });
  await Promise.all([firstConnection(publisher), within(subscribed, REDIS_WAIT_MS)]);

  return {
    async send(envelope) {
      try {
        await publisher.publish(channel, JSON.stringify(envelope));
      } catch (error) {
        publishing.down(error as Error);
        throw error;
      }
      publishing.up();
    },
    connected: () => publisher.status === 'ready',
    listen(next) {
      listener = next;
    },
    async close() {
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
