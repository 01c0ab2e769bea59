/**
 * Realtime: every open app of a member holds a WebSocket to one instance. The hub keeps this
 * instance's sockets by profile and turns domain events (from any instance, through the bus) into
 * what each socket's member should see: messages, read states, typing, badges, likes and matches.
 */
import type { ServerPush } from '@amora/common';
import type { EventBus } from '../events/bus.js';

/** One open socket, as the hub sees it. */
export interface Listener {
  send(push: ServerPush): void;
}

export function createRealtimeHub(events: EventBus) {
  const byProfile = new Map<number, Set<Listener>>();

  function push(profileId: number, message: ServerPush) {
    for (const listener of byProfile.get(profileId) ?? []) listener.send(message);
  }

  const unsubscribers = [
    events.subscribe('message.new', (event) => {
      push(event.recipientProfileId, { type: 'message', message: event.message, unread: event.unread });
      push(event.senderProfileId, {
        type: 'message',
        message: { ...event.message, from_me: true, client_id: event.clientId },
      });
    }),
    events.subscribe('chat.read', (event) => {
      push(event.otherProfileId, { type: 'read', conversation: event.conversationId, up_to: event.upTo });
      push(event.readerProfileId, { type: 'badge', unread: event.unread });
    }),
    events.subscribe('chat.typing', (event) => {
      push(event.otherProfileId, { type: 'typing', conversation: event.conversationId, profile_id: event.profileId });
    }),
    events.subscribe('chat.hidden', (event) => {
      push(event.profileId, { type: 'hidden', conversation: event.conversationId, unread: event.unread });
    }),
    events.subscribe('like.received', (event) => {
      push(event.profileId, { type: 'like', profile_id: event.likerProfileId });
    }),
    events.subscribe('credits.changed', (event) => {
      push(event.profileId, { type: 'credits' });
    }),
    events.subscribe('match.new', (event) => {
      const [first, second] = event.profileIds;
      push(first, { type: 'match', profile_id: second });
      push(second, { type: 'match', profile_id: first });
    }),
  ];

  return {
    /** Starts sending a profile's events to this listener; returns the function that stops it. */
    add(profileId: number, listener: Listener): () => void {
      let listeners = byProfile.get(profileId);
      if (!listeners) {
        listeners = new Set();
        byProfile.set(profileId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) byProfile.delete(profileId);
      };
    },

    /** Open sockets on this instance. */
    get size() {
      let count = 0;
      for (const listeners of byProfile.values()) count += listeners.size;
      return count;
    },

    close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      byProfile.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
