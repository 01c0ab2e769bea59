/**
 * How events reach the other instances: one Redis pub/sub channel per deployment (REDIS_PREFIX).
 * The wire only carries; the outbox (bus.ts) is what makes an event durable, and what an instance
 * reads when it could not hear the channel for a while.
 *
 * An event that makes instances drop what they keep in memory (a session that ended) is
 * acknowledged: each instance that heard it answers on the sender's own channel once it dropped
 * it, and the sender counts the answers against the subscribers Redis says took it. Each instance
 * also hears itself: a ping on its own channel every second, so one whose subscription is gone
 * without its knowing stops trusting what it keeps within a few seconds (`hearingSince`).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
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

/** How a send that asked for acknowledgements went. */
type AckedSend = 'acknowledged' | 'unacknowledged' | 'not sent';

export interface Wire {
  /** This instance's name on the wire; envelopes it relays say `from` it. */
  readonly instance: string;
  /** Rejects while Redis is away, or when it does not answer in time; the outage is logged, once. */
  send(envelope: Envelope): Promise<void>;
  /**
   * Sends an event with an outbox id and waits, at most `ms`, until every instance that took it
   * (this one included) acknowledged it with `ack`.
   */
  sendAcknowledged(envelope: Envelope & { id: number }, ms: number): Promise<AckedSend>;
  /** Tells the instance that sent the event that this one has done what it does on hearing it. */
  ack(envelope: Envelope): void;
  /**
   * Since when (performance.now()) this instance has heard the channel without a gap; null while it
   * may be missing events (not subscribed, or its own ping not heard back lately).
   */
  hearingSince(): number | null;
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
  const instance = randomUUID();
  const ownChannel = (use: 'acks' | 'ping') => `${prefix}${use}:${instance}`;
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
  const hearing = hearOwnPings(publisher, ownChannel('ping'));
  const acks = countAcks();
  subscriber.on('message', (from: string, message: string) => {
    if (from === ownChannel('ping')) return hearing.heard(Number(message));
    if (from === ownChannel('acks')) return acks.heard(Number(message));
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
    hearing.deaf();
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel, ownChannel('acks'), ownChannel('ping')).then(
      () => {
        firstSubscribed();
        hearing.ping();
        const since = deafSince;
        deafSince = null;
        if (since) listener.missedSince(since);
      },
      (error: Error) => console.error(`event bus: could not subscribe: ${error.message}`),
    );
  });
  await Promise.all([firstConnection(publisher), within(subscribed, REDIS_WAIT_MS)]);

  /** Publishes on a channel; the number of subscribers that took it. */
  async function publish(to: string, message: string): Promise<number> {
    let receivers: number;
    try {
      receivers = await publisher.publish(to, message);
    } catch (error) {
      publishing.down(error as Error);
      throw error;
    }
    publishing.up();
    return receivers;
  }

  return {
    instance,
    async send(envelope) {
      await publish(channel, JSON.stringify(envelope));
    },
    async sendAcknowledged(envelope, ms) {
      const waiting = acks.expect(envelope.id);
      try {
        const receivers = await publish(channel, JSON.stringify(envelope)).catch(() => null);
        if (receivers === null) return 'not sent';
        return (await waiting.count(receivers, ms)) ? 'acknowledged' : 'unacknowledged';
      } finally {
        waiting.done();
      }
    },
    ack(envelope) {
      if (envelope.id === null) return;
      publish(`${prefix}acks:${envelope.from}`, String(envelope.id)).catch(() => {});
    },
    hearingSince: () => (deafSince === null ? hearing.since() : null),
    connected: () => publisher.status === 'ready',
    listen(next) {
      listener = next;
    },
    async close() {
      hearing.stop();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}

/** How often an instance pings itself, and how long one not heard back may be missing before it doubts its hearing. */
const PING_EVERY_MS = 1_000;
const HEARD_WITHIN_MS = 3_000;

/**
 * The instance's pings to itself, through Redis: while they come back in time the subscription
 * stands, and everything published before a ping that came back has been heard.
 */
function hearOwnPings(publisher: Redis, pingChannel: string) {
  /** When the last ping heard back was sent; when the current stretch of hearing began. */
  let lastHeardSent = Number.NEGATIVE_INFINITY;
  let stretchBegan: number | null = null;
  const lapsed = () => performance.now() - lastHeardSent > HEARD_WITHIN_MS;
  const ping = () => void publisher.publish(pingChannel, String(performance.now())).catch(() => {});
  const timer = setInterval(ping, PING_EVERY_MS);
  timer.unref();
  return {
    ping,
    heard(sentAt: number) {
      if (stretchBegan === null || lapsed()) stretchBegan = performance.now();
      lastHeardSent = Math.max(lastHeardSent, sentAt);
    },
    deaf() {
      stretchBegan = null;
    },
    since(): number | null {
      if (stretchBegan !== null && lapsed()) stretchBegan = null;
      return stretchBegan;
    },
    stop: () => clearInterval(timer),
  };
}

/** Acknowledgements of the events this instance sent, counted per event id until the sender stops waiting. */
function countAcks() {
  const waiting = new Map<number, { heard: number; check: () => void }>();
  return {
    heard(id: number) {
      const entry = waiting.get(id);
      if (!entry) return;
      entry.heard += 1;
      entry.check();
    },
    /** Set up before the send: an acknowledgement may come back before Redis's answer to it. */
    expect(id: number) {
      const entry = { heard: 0, check: () => {} };
      waiting.set(id, entry);
      return {
        count(receivers: number, ms: number): Promise<boolean> {
          if (entry.heard >= receivers) return Promise.resolve(true);
          return within(
            new Promise<void>((resolve) => {
              entry.check = () => entry.heard >= receivers && resolve();
            }),
            ms,
          );
        },
        done: () => waiting.delete(id),
      };
    },
  };
}
