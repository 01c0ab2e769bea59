/**
 * The live connection of a signed-in app (GET /api/ws): pushes from the server update the caches
 * at once. A dropped socket reconnects with `since=` the newest message seen, so nothing is missed
 * or doubled. Beside it runs SPEC §9's refresh cadence, and the page-hidden beacon of SPEC §7.
 */
import {
  type ClientSignal,
  isPrivatePhotoLine,
  type MemberResponse,
  REFRESH_FIRST_MS,
  REFRESH_INTERVAL_MS,
  REFRESH_INTERVAL_PUSH_MS,
  SERVICE_RESTART_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  type ServerPush,
  TYPING_SIGNAL_MS,
} from '@amora/common';
import type { QueryClient } from '@tanstack/react-query';
import { addMessages, catchUpConversation, chatKeys, markReadByOther, setUnreadTotal } from '../features/chats/api';
import { creditsKeys } from '../features/credits/api';
import { likeKeys } from '../features/likes/api';
import { pushState } from '../features/notifications/push';
import { exportKey, exportReadyNotice } from './exports';
import { queryKeys, refreshUser } from './hooks';
import { memberKeys } from './member-keys';

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** After a restart every app of that instance reconnects: spread over this long, not all in the same instant. */
const RESTART_RECONNECT_SPREAD_MS = 2_000;

let current: { send(signal: ClientSignal): void } | null = null;

/** Tells the server something over the live socket, when there is one; otherwise it is dropped. */
export function signal(message: ClientSignal) {
  current?.send(message);
}

/** The conversation on screen, if any: its new messages are read as they arrive. */
/** Calls of this app under way that end its own session (deleting the account): their page leads on. */
let endingOwnSession = 0;

/**
 * Makes a call that ends this browser's session: while it is under way the socket closing for it
 * signs nobody out, so the page's own next step (the account-deleted page) is not overtaken by the
 * login page.
 */
export async function endingSession<T>(call: () => Promise<T>): Promise<T> {
  endingOwnSession++;
  try {
    return await call();
  } finally {
    endingOwnSession--;
  }
}

let openConversation: number | null = null;
export function setOpenConversation(conversation: number | null) {
  openConversation = conversation;
}

/** Who is typing in which conversation, until when; read with useTyping. */
const typingUntil = new Map<number, number>();
const typingListeners = new Set<() => void>();
function setTyping(conversation: number, until: number) {
  if (until === 0) typingUntil.delete(conversation);
  else typingUntil.set(conversation, until);
  for (const listener of typingListeners) listener();
}
export const typingStore = {
  subscribe(listener: () => void) {
    typingListeners.add(listener);
    return () => typingListeners.delete(listener);
  },
  isTyping: (conversation: number) => (typingUntil.get(conversation) ?? 0) > Date.now(),
};

function handlePush(queryClient: QueryClient, push: ServerPush, seen: { newest: number }) {
  switch (push.type) {
    case 'message': {
      const { message } = push;
      seen.newest = Math.max(seen.newest, message.id);
      if (!message.from_me) setTyping(message.conversation, 0);
      addMessages(queryClient, message.conversation, [message]);
      // A line about private photos changes what the two see of each other's: their profiles are fetched again.
      if (isPrivatePhotoLine(message.kind)) void queryClient.invalidateQueries({ queryKey: memberKeys.members });
      if (push.unread !== undefined) setUnreadTotal(queryClient, push.unread);
      if (message.conversation === openConversation && !message.from_me && document.visibilityState === 'visible') {
        void catchUpConversation(queryClient, message.conversation).catch(() => undefined);
      } else {
        void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
      }
      return;
    }
    case 'read':
      markReadByOther(queryClient, push.conversation, push.up_to);
      return;
    case 'badge':
      setUnreadTotal(queryClient, push.unread);
      return;
    case 'typing': {
      const until = Date.now() + TYPING_SIGNAL_MS;
      setTyping(push.conversation, until);
      setTimeout(() => typingStore.isTyping(push.conversation) || setTyping(push.conversation, 0), TYPING_SIGNAL_MS);
      return;
    }
    case 'hidden':
      setUnreadTotal(queryClient, push.unread);
      void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
      return;
    case 'credits':
      void refreshUser(queryClient);
      void queryClient.invalidateQueries({ queryKey: creditsKeys.transactions });
      return;
    case 'account':
      void refreshUser(queryClient);
      return;
    case 'export':
      void queryClient.invalidateQueries({ queryKey: exportKey });
      exportReadyNotice.show();
      return;
    case 'like':
    case 'match':
      void queryClient.invalidateQueries({ queryKey: likeKeys.likes });
      // That profile's page shows the like at once: fetching the page again would mark the like seen.
      queryClient.setQueryData<MemberResponse>(memberKeys.member(push.profile_id), (answer) =>
        answer?.like
          ? { ...answer, like: { ...answer.like, likes_me: true, liked: answer.like.liked || push.type === 'match' } }
          : answer,
      );
      return;
    case 'ready':
      return;
  }
}

/** A push as the shared schema reads it; null, and a note in the console, for what it does not take. */
async function readPush(data: string): Promise<ServerPush | null> {
  const { serverPush } = await import('@amora/common/schemas');
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = data;
  }
  const read = serverPush.safeParse(json);
  if (read.success) return read.data;
  console.error('A push the app does not know:', data.slice(0, 200));
  return null;
}

/** Opens the live socket and keeps it open until the returned function is called (logout, unmount). */
export function connectLive(queryClient: QueryClient): () => void {
  const seen = { newest: 0 };
  let socket: WebSocket | null = null;
  let stopped = false;
  let retryDelay = RECONNECT_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;

  const open = () => {
    const url = new URL('/api/ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    if (connectedBefore && seen.newest > 0) url.searchParams.set('since', String(seen.newest));
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      retryDelay = RECONNECT_FIRST_MS;
      ws.send(JSON.stringify({ type: 'visible', visible: document.visibilityState === 'visible' }));
    };
    // Pushes are read one after another: the schemas load with the first, and order matters.
    let reading = Promise.resolve();
    ws.onmessage = (event) => {
      const data = String(event.data);
      reading = reading
        .then(async () => {
          const push = await readPush(data);
          if (push) receive(push);
        })
        // A push whose schemas could not load is lost like one a dropped socket never brought; the next is read.
        .catch(() => undefined);
    };
    const receive = (push: ServerPush) => {
      handlePush(queryClient, push, seen);
      if (push.type !== 'ready') return;
      // After a reconnect: read states may have changed meanwhile, and without a message to start
      // from, the conversations are fetched again instead of caught up.
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.chats });
        if (seen.newest === 0) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      }
      connectedBefore = true;
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      // The session ended (logout, a new password, a deleted account): the user fetched again is
      // nobody, which signs the app out and stops this. Only a browser that has a new session
      // already (a password reset here) connects again.
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        if (endingOwnSession > 0) return;
        void refreshUser(queryClient).then(() => {
          if (!stopped && queryClient.getQueryData(queryKeys.user)) open();
        });
        return;
      }
      if (event.code === SERVICE_RESTART_CLOSE_CODE) {
        retryDelay = RECONNECT_FIRST_MS;
        retryTimer = setTimeout(open, Math.random() * RESTART_RECONNECT_SPREAD_MS);
        return;
      }
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
    };
  };

  current = {
    send(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  };

  const onVisibility = () => {
    const visible = document.visibilityState === 'visible';
    signal({ type: 'visible', visible });
    // The beacon reaches the server even when the page is being closed; a beacon cannot send the client header.
    if (!visible) navigator.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'text/plain' }));
    else if (openConversation !== null) void catchUpConversation(queryClient, openConversation).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', onVisibility);
  open();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    socket?.close();
    current = null;
  };
}

/** User, chats and likes fetched again now. */
export function refreshNow(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.user, chatKeys.chats, likeKeys.likes].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** SPEC §9: user, chats and likes are fetched again 5 s after the app starts, then every 60 s (300 s with push). */
export function startRefreshCadence(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout>;
  let stopped = false;
  const refresh = async () => {
    await refreshNow(queryClient);
    const subscribed = (await pushState().catch(() => 'unsupported')) === 'subscribed';
    if (!stopped) timer = setTimeout(refresh, subscribed ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS);
  };
  timer = setTimeout(refresh, REFRESH_FIRST_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
