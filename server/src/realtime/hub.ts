/**
 * Realtime: every open app of a member holds a WebSocket to one instance. The hub keeps this
 * instance's sockets by profile and turns domain events (from any instance, through the bus) into
 * what each socket's member should see: messages, read states, typing, badges, likes and matches.
 * It also keeps them by session: a session that ends closes its sockets.
 */
import type { ServerPush } from '@amora/common';
import type { SessionsService } from '../identity/sessions/service.js';
import type { EventBus } from '../platform/events/bus.js';

/** The most sockets one session may hold open at once (its tabs and windows). */
export const SOCKETS_PER_SESSION = 20;
/**
 * How often the sessions of the open sockets are checked: a session that ended without an event
 * reaching this instance (expired, or ended while Redis was away) stops its sockets within this.
 */
const SESSION_CHECK_MS = 60_000;

/** One open socket, as the hub sees it. */
export interface Listener {
  send(push: ServerPush): void;
  /** Closes the socket: its session ended. */
  end(): void;
}

function addTo<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  let listeners = map.get(key);
  if (!listeners) {
    listeners = new Set();
    map.set(key, listeners);
  }
  listeners.add(listener);
}

function removeFrom<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  const listeners = map.get(key);
  listeners?.delete(listener);
  if (listeners?.size === 0) map.delete(key);
}

export function createRealtimeHub(events: EventBus, sessions: Pick<SessionsService, 'openSessionIds'>) {
  const byProfile = new Map<number, Set<Listener>>();
  const bySession = new Map<string, Set<Listener>>();

  function push(profileId: number, message: ServerPush) {
    for (const listener of byProfile.get(profileId) ?? []) listener.send(message);
  }

  /** Whether a session may open one more socket here. */
  const hasRoomFor = (sessionId: string) => (bySession.get(sessionId)?.size ?? 0) < SOCKETS_PER_SESSION;

  function endSessions(sessionIds: Iterable<string>) {
    for (const sessionId of sessionIds) for (const listener of bySession.get(sessionId) ?? []) listener.end();
  }

  /** Closes the sockets of those sessions (all of this instance's unless given) that are no longer open. */
  async function checkSessions(sessionIds = [...bySession.keys()]) {
    if (sessionIds.length === 0) return;
    const open = await sessions.openSessionIds(sessionIds);
    endSessions(sessionIds.filter((sessionId) => !open.has(sessionId)));
  }

  const sessionCheck = setInterval(() => {
    checkSessions().catch((error: unknown) => console.error('realtime: the sessions could not be checked:', error));
  }, SESSION_CHECK_MS);
  sessionCheck.unref();

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
    // An activation from the mail, or an edit on another device: the member's open apps show it at once.
    events.subscribe('profile.changed', (event) => push(event.profileId, { type: 'account' })),
    events.subscribe('export.ready', (event) => push(event.profileId, { type: 'export' })),
    events.subscribe('match.new', (event) => {
      const [first, second] = event.profileIds;
      push(first, { type: 'match', profile_id: second });
      push(second, { type: 'match', profile_id: first });
    }),
    events.subscribe('session.ended', (event) => endSessions(event.sessionIds)),
    // Heard here also when it came from this instance, so its own sockets close even while Redis is away.
    events.subscribeLocal('session.ended', (event) => endSessions(event.sessionIds)),
  ];

  return {
    hasRoomFor,

    /**
     * Starts sending a profile's events to this listener of a session's socket; returns the
     * function that stops it, or null when the session holds SOCKETS_PER_SESSION sockets already.
     */
    add(profileId: number, sessionId: string, listener: Listener): (() => void) | null {
      if (!hasRoomFor(sessionId)) return null;
      addTo(byProfile, profileId, listener);
      addTo(bySession, sessionId, listener);
      return () => {
        removeFrom(byProfile, profileId, listener);
        removeFrom(bySession, sessionId, listener);
      };
    },

    checkSessions,

    /** Open sockets on this instance. */
    get size() {
      let count = 0;
      for (const listeners of byProfile.values()) count += listeners.size;
      return count;
    },

    close() {
      clearInterval(sessionCheck);
      for (const unsubscribe of unsubscribers) unsubscribe();
      byProfile.clear();
      bySession.clear();
    },
  };
}
