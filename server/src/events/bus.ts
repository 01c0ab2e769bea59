/**
 * Domain events: a service publishes what happened (after its transaction commits), and the
 * realtime and notification domains subscribe. In one process by default; with REDIS_URL every
 * instance of the app gets every event through Redis pub/sub.
 */
import { EventEmitter } from 'node:events';
import type { ChatMessage, PaymentRefusal } from '@amora/common';
import { closeRedis, connectRedis, firstConnection, REDIS_WAIT_MS, type RedisLog, within } from '../redis.js';

export type DomainEvent =
  /** A member liked a profile; for the liker's own devices. */
  | { type: 'like.new'; siteId: number; profileId: number; likedProfileId: number }
  /** A profile got a like; for the liked member (badge, notification). */
  | { type: 'like.received'; siteId: number; profileId: number; likerProfileId: number }
  /** Two profiles like each other. */
  | { type: 'match.new'; siteId: number; profileIds: [number, number] }
  /**
   * A message was stored: for both sides' devices. `message` is as the recipient sees it; the
   * sender's devices get it with from_me and the client id. `unread` is the recipient's total.
   */
  | {
      type: 'message.new';
      siteId: number;
      senderProfileId: number;
      recipientProfileId: number;
      /** The recipient's account; null for a hosted profile. */
      recipientUserId: number | null;
      clientId: string;
      message: ChatMessage;
      unread: number;
      /** The message is the conversation's first. */
      opened: boolean;
      /** The recipient is a hosted profile: operators, not a member, answer. */
      toHosted: boolean;
    }
  /** A member read a conversation up to a message: the other side sees it read, the reader's badge drops. */
  | {
      type: 'chat.read';
      siteId: number;
      conversationId: number;
      readerProfileId: number;
      otherProfileId: number;
      upTo: number;
      unread: number;
    }
  /** A member is typing in a conversation, for the other side. */
  | { type: 'chat.typing'; siteId: number; conversationId: number; profileId: number; otherProfileId: number }
  /** A payment changed a member's credits (and maybe made them premium), for their devices. */
  | { type: 'credits.changed'; siteId: number; profileId: number }
  /** A paid payment brought no credits (an offer the member had had already) and is being refunded. */
  | {
      type: 'payment.refused';
      siteId: number;
      userId: number;
      paymentId: number;
      credits: number;
      refusal: PaymentRefusal;
    }
  /** A member deleted a conversation, for their other devices. */
  | { type: 'chat.hidden'; siteId: number; conversationId: number; profileId: number; unread: number }
  /**
   * Sessions ended (logout, a new password or address, a deleted account): the sockets they opened
   * close, on every instance. Ids as the sessions table keeps them (hashes, not the cookies' tokens).
   */
  | { type: 'session.ended'; siteId: number; sessionIds: string[] };

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type EventHandler<T extends EventType> = (event: EventOf<T>) => void | Promise<void>;

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  /** Hears the events of every instance. Returns a function that ends the subscription. */
  subscribe<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /**
   * Hears only the events this instance published: for what must happen once per event however
   * many instances run (a push, a mail), where `subscribe` would do it once per instance.
   */
  subscribeLocal<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  close(): Promise<void>;
}

/** Handlers run one by one; a failing one is reported and does not stop the others or the publisher. */
function createDispatcher(onError: (error: unknown, event: DomainEvent) => void) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    on<T extends EventType>(type: T, handler: EventHandler<T>) {
      const listener = (event: EventOf<T>) => {
        Promise.resolve()
          .then(() => handler(event))
          .catch((error: unknown) => onError(error, event));
      };
      emitter.on(type, listener);
      return () => void emitter.off(type, listener);
    },
    dispatch(event: DomainEvent) {
      emitter.emit(event.type, event);
    },
  };
}

const reportError = (error: unknown, event: DomainEvent) => {
  console.error(`event ${event.type} could not be handled or sent:`, error);
};

export function createInProcessBus(onError = reportError): EventBus {
  const dispatcher = createDispatcher(onError);
  return {
    async publish(event) {
      dispatcher.dispatch(event);
    },
    subscribe: (type, handler) => dispatcher.on(type, handler),
    subscribeLocal: (type, handler) => dispatcher.on(type, handler),
    async close() {},
  };
}

const consoleLog: RedisLog = { warn: console.warn, info: console.info };

/**
 * One channel for all events; every instance, the publishing one included, hears each once.
 * Starts without Redis when it is away (waiting at most about a second), and catches up by itself:
 * the subscription is made, or made again, whenever Redis comes (back).
 */
export async function createRedisBus(
  url: string,
  prefix: string,
  onError = reportError,
  log = consoleLog,
): Promise<EventBus> {
  const channel = `${prefix}events`;
  const { redis: publisher } = connectRedis(
    url,
    { purpose: 'event bus', whileDown: 'events are reported as not sent' },
    log,
  );
  // The subscriber subscribes on every (re)connection itself: ioredis's own resubscription leaves
  // its promise unhandled, which fails when the connection closes again before Redis answers.
  const { redis: subscriber } = connectRedis(
    url,
    { purpose: 'event bus subscriber', whileDown: 'events of other instances are missed' },
    log,
    { maxRetriesPerRequest: null, autoResubscribe: false },
  );
  const dispatcher = createDispatcher(onError);
  const local = createDispatcher(onError);
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      dispatcher.dispatch(JSON.parse(message) as DomainEvent);
    } catch (error) {
      console.error('event bus: a message that is not an event was ignored:', error);
    }
  });
  let firstSubscribed = () => {};
  const subscribed = new Promise<void>((resolve) => {
    firstSubscribed = resolve;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(firstSubscribed, (error: Error) => {
      console.error(`event bus: could not subscribe: ${error.message}`);
    });
  });
  await Promise.all([firstConnection(publisher), within(subscribed, REDIS_WAIT_MS)]);
  return {
    /** A Redis that is down is reported, not thrown: what was published about has happened already. */
    async publish(event) {
      local.dispatch(event);
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        onError(error, event);
      }
    },
    subscribe: (type, handler) => dispatcher.on(type, handler),
    subscribeLocal: (type, handler) => local.on(type, handler),
    async close() {
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
