/**
 * The live socket (web/src/app/live.ts): what the server pushes lands in the query cache the screens
 * read, and a dropped socket comes back without missing a message. WebSocket is the network boundary
 * here, so a stand-in takes its place.
 */
import {
  type ChatMessage,
  type ChatResponse,
  REFRESH_FIRST_MS,
  REFRESH_INTERVAL_MS,
  SERVICE_RESTART_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  TYPING_SIGNAL_MS,
} from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { type InfiniteData, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/api/client';
import {
  connectLive,
  endingSession,
  setOpenConversation,
  signal,
  startRefreshCadence,
  typingStore,
} from '../src/api/live';
import { type ChatsPages, unreadOf } from '../src/features/chats/api';
import { FakeSocket } from './fake-socket';
import { buildLikes, buildUser } from './fixtures';
import { appQueryClient } from './render';
import { fakeServer } from './server';

const latestSocket = () => FakeSocket.made.at(-1) as FakeSocket;

const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation: 5,
  client_id: null,
  from_me: false,
  kind: 'text',
  text: `Message ${id}`,
  gift: null,
  photo: null,
  created_at: '2026-02-01T12:00:00Z',
  ...overrides,
});

const page = (messages: ChatMessage[], read_up_to = 0): ChatResponse => ({
  conversation: 5,
  profile: { id: 9, name: 'Bea', age: 31, hosted: false, main_image: null, presence: 'online' },
  messages,
  has_more: false,
  history_end: 'start',
  read_up_to,
});

type Pages = InfiniteData<ChatResponse, number | undefined>;
const conversationOf = (queryClient: QueryClient, id = 5) => queryClient.getQueryData<Pages>(['chat', id]);
const idsIn = (queryClient: QueryClient, id = 5) =>
  conversationOf(queryClient, id)?.pages.flatMap((one) => one.messages.map((each) => each.id));
const chats = (unread: number): ChatsPages => ({
  pages: [{ chats: [], num_unread_messages: unread, more: null }],
  pageParams: [undefined],
});
const unreadIn = (queryClient: QueryClient) => unreadOf(queryClient.getQueryData<ChatsPages>(['chats']));

let stops: (() => void)[] = [];
function connect(queryClient: QueryClient) {
  const stop = connectLive(queryClient);
  stops.push(stop);
  return stop;
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // happy-dom has no beacons: the page-hidden beacon goes out through this one.
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: vi.fn(() => true) });
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  setOpenConversation(null);
});

describe('connectLive: what a push changes', () => {
  it('connects to /api/ws of this host and tells the server whether the page is seen', () => {
    const queryClient = appQueryClient();
    connect(queryClient);
    const socket = latestSocket();
    expect(socket.url).toBe(`ws://${location.host}/api/ws`);
    socket.accept();
    expect(socket.sent).toEqual([{ type: 'visible', visible: true }]);
  });

  it('adds a pushed message to its conversation once, in order, and sets the unread total', async () => {
    const queryClient = appQueryClient();
    queryClient.setQueryData<Pages>(['chat', 5], { pages: [page([message(1), message(3)])], pageParams: [undefined] });
    queryClient.setQueryData(['chats'], chats(0));
    connect(queryClient);
    const socket = latestSocket();
    socket.accept();
    await socket.push({ type: 'message', message: message(2), unread: 4 });
    await socket.push({ type: 'message', message: message(2), unread: 4 });
    expect(idsIn(queryClient)).toEqual([1, 2, 3]);
    expect(unreadIn(queryClient)).toBe(4);
    expect(queryClient.getQueryState(['chats'])?.isInvalidated).toBe(true);
  });

  it('leaves a conversation that was never opened to be fetched when it is', async () => {
    const queryClient = appQueryClient();
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'message', message: message(8, { conversation: 12 }) });
    expect(conversationOf(queryClient, 12)).toBeUndefined();
  });

  it('catches the open conversation up at once (which marks it read) when the other side writes', async () => {
    const queryClient = appQueryClient();
    queryClient.setQueryData<Pages>(['chat', 5], { pages: [page([message(1)])], pageParams: [undefined] });
    const server = fakeServer({ 'GET /api/chat.php': page([message(2), message(3)], 1) });
    setOpenConversation(5);
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'message', message: message(2) });
    await vi.waitFor(() => expect(idsIn(queryClient)).toEqual([1, 2, 3]));
    expect(server.sent('GET /api/chat.php')[0]?.query).toEqual({ conversation: '5', after: '2' });
    await vi.waitFor(() => expect(conversationOf(queryClient)?.pages[0]?.read_up_to).toBe(1));
  });

  it('refetches the profiles when a line about private photos arrives', async () => {
    const queryClient = appQueryClient();
    queryClient.setQueryData(['member', 9], { id: 9 });
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'message', message: message(4, { kind: 'photos_shared', text: null }) });
    expect(queryClient.getQueryState(['member', 9])?.isInvalidated).toBe(true);
  });

  it('marks the member’s messages read by the other side, never going back', async () => {
    const queryClient = appQueryClient();
    queryClient.setQueryData<Pages>(['chat', 5], { pages: [page([message(1)], 3)], pageParams: [undefined] });
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'read', conversation: 5, up_to: 7 });
    expect(conversationOf(queryClient)?.pages[0]?.read_up_to).toBe(7);
    await latestSocket().push({ type: 'read', conversation: 5, up_to: 2 });
    expect(conversationOf(queryClient)?.pages[0]?.read_up_to).toBe(7);
  });

  it('sets the unread badge, and refreshes the list when a conversation is hidden', async () => {
    const queryClient = appQueryClient();
    queryClient.setQueryData(['chats'], chats(5));
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'badge', unread: 2 });
    expect(unreadIn(queryClient)).toBe(2);
    expect(queryClient.getQueryState(['chats'])?.isInvalidated).toBe(false);
    await latestSocket().push({ type: 'hidden', conversation: 5, unread: 1 });
    expect(unreadIn(queryClient)).toBe(1);
    expect(queryClient.getQueryState(['chats'])?.isInvalidated).toBe(true);
  });

  it("refreshes likes on a like or a match and shows it on that profile's page, and the member and transactions when credits change", async () => {
    const queryClient = appQueryClient();
    fakeServer({ 'GET /api/user.php': { user: buildUser() } });
    queryClient.setQueryData(['likes'], buildLikes());
    const noLikes = { liked: false, likes_me: false, like_new: false };
    queryClient.setQueryData(['member', 9], { profile: null, like: noLikes });
    queryClient.setQueryData(['member', 8], { profile: null, like: noLikes });
    queryClient.setQueryData(['user'], buildUser());
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'match', profile_id: 9 });
    expect(queryClient.getQueryState(['likes'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['member', 9])).toMatchObject({ like: { liked: true, likes_me: true } });
    await latestSocket().push({ type: 'like', profile_id: 8 });
    expect(queryClient.getQueryData(['member', 8])).toMatchObject({ like: { liked: false, likes_me: true } });
    await latestSocket().push({ type: 'credits' });
    return vi.waitFor(() => expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(true));
  });

  it('fetches the member again when their account changed elsewhere, such as an activation from the mail', async () => {
    const queryClient = appQueryClient();
    fakeServer({ 'GET /api/user.php': { user: buildUser() } });
    queryClient.setQueryData(['user'], buildUser());
    connect(queryClient);
    latestSocket().accept();
    expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(false);
    await latestSocket().push({ type: 'account' });
    return vi.waitFor(() => expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(true));
  });

  it('shows who is typing, until the typing signal runs out', async () => {
    vi.useFakeTimers();
    const queryClient = appQueryClient();
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'typing', conversation: 5, profile_id: 9 });
    expect(typingStore.isTyping(5)).toBe(true);
    expect(typingStore.isTyping(6)).toBe(false);
    vi.advanceTimersByTime(TYPING_SIGNAL_MS + 1);
    expect(typingStore.isTyping(5)).toBe(false);
  });

  it('stops showing typing as soon as the message arrives', async () => {
    const queryClient = appQueryClient();
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'typing', conversation: 5, profile_id: 9 });
    await latestSocket().push({ type: 'message', message: message(10) });
    expect(typingStore.isTyping(5)).toBe(false);
  });
});

describe('connectLive: signals and the page being seen', () => {
  it('sends the member’s signals over an open socket, and drops them while there is none', () => {
    const queryClient = appQueryClient();
    connect(queryClient);
    signal({ type: 'typing', conversation: 5 });
    const socket = latestSocket();
    socket.accept();
    signal({ type: 'typing', conversation: 5 });
    expect(socket.sent).toEqual([
      { type: 'visible', visible: true },
      { type: 'typing', conversation: 5 },
    ]);
  });

  it('tells the server when the page is hidden, by signal and by beacon', () => {
    const queryClient = appQueryClient();
    connect(queryClient);
    const socket = latestSocket();
    socket.accept();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent.at(-1)).toEqual({ type: 'visible', visible: false });
    expect(navigator.sendBeacon).toHaveBeenCalledWith('/api/page-hidden.php', expect.any(Blob));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(socket.sent.at(-1)).toEqual({ type: 'visible', visible: true });
  });
});

describe('connectLive: a dropped socket', () => {
  it('reconnects from the newest message seen, so nothing is missed or doubled', async () => {
    vi.useFakeTimers();
    const queryClient = appQueryClient();
    queryClient.setQueryData(['chats'], chats(0));
    connect(queryClient);
    const first = latestSocket();
    first.accept();
    await first.push({ type: 'ready' });
    await first.push({ type: 'message', message: message(41) });
    first.drop();
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(new URL(latestSocket().url).searchParams.get('since')).toBe('41');
  });

  it('waits longer after each failed reconnect', () => {
    vi.useFakeTimers();
    connect(appQueryClient());
    latestSocket().drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    latestSocket().drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('fetches the conversations again once a reconnect is ready', async () => {
    vi.useFakeTimers();
    const queryClient = appQueryClient();
    queryClient.setQueryData(['chats'], chats(0));
    queryClient.setQueryData<Pages>(['chat', 5], { pages: [page([])], pageParams: [undefined] });
    connect(queryClient);
    latestSocket().accept();
    await latestSocket().push({ type: 'ready' });
    expect(queryClient.getQueryState(['chats'])?.isInvalidated).toBe(false);
    latestSocket().drop();
    vi.advanceTimersByTime(1_000);
    latestSocket().accept();
    await latestSocket().push({ type: 'ready' });
    expect(queryClient.getQueryState(['chats'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['chat', 5])?.isInvalidated).toBe(true);
  });

  it('reconnects soon after a service restart', async () => {
    vi.useFakeTimers();
    connect(appQueryClient());
    latestSocket().drop(SERVICE_RESTART_CLOSE_CODE);
    vi.advanceTimersByTime(2_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  /** The member as the app's screens watch it: user.php is asked again when the user is refreshed. */
  function watchUser(queryClient: QueryClient) {
    queryClient.setQueryData(['user'], buildUser());
    const observer = new QueryObserver(queryClient, {
      queryKey: ['user'],
      queryFn: async () => (await api(accountRoutes.user)).user,
      staleTime: 30_000,
    });
    stops.push(observer.subscribe(() => undefined));
  }

  it('signs the app out when the session ended, and stays closed', async () => {
    const server = fakeServer({ 'GET /api/user.php': { user: null } });
    const queryClient = appQueryClient();
    watchUser(queryClient);
    connect(queryClient);
    latestSocket().accept();
    latestSocket().drop(SESSION_ENDED_CLOSE_CODE);
    await vi.waitFor(() => expect(queryClient.getQueryData(['user'])).toBeNull());
    expect(server.sent('GET /api/user.php')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('connects again at once when the browser has a new session already (a password reset here)', async () => {
    fakeServer({ 'GET /api/user.php': { user: buildUser({ email: 'same@example.com' }) } });
    const queryClient = appQueryClient();
    watchUser(queryClient);
    connect(queryClient);
    latestSocket().accept();
    latestSocket().drop(SESSION_ENDED_CLOSE_CODE);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2));
  });

  it('signs nobody out while the app ends its own session (deleting the account)', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const queryClient = appQueryClient();
    connect(queryClient);
    latestSocket().accept();
    await endingSession(async () => latestSocket().drop(SESSION_ENDED_CLOSE_CODE));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(0);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('closes for good when the app stops it', () => {
    vi.useFakeTimers();
    const stop = connect(appQueryClient());
    const socket = latestSocket();
    socket.accept();
    stop();
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe('startRefreshCadence (SPEC §9)', () => {
  it('refreshes the member, chats and likes 5 s after the start, then every minute', async () => {
    vi.useFakeTimers();
    const queryClient = appQueryClient();
    for (const key of [['user'], ['chats'], ['likes']]) queryClient.setQueryData(key, {});
    const stop = startRefreshCadence(queryClient);
    await vi.advanceTimersByTimeAsync(REFRESH_FIRST_MS - 1);
    expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    for (const key of [['user'], ['chats'], ['likes']]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
    queryClient.setQueryData(['user'], {});
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(true);
    stop();
    queryClient.setQueryData(['user'], {});
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(queryClient.getQueryState(['user'])?.isInvalidated).toBe(false);
  });
});
