/**
 * The HTTP client and a busy server: a 503 with Retry-After is waited out (capped, spread) before a
 * call that may be repeated is tried again, and a 503 that stays reads as the app's own calm words.
 */
import { HTTP_RETRIES } from '@amora/common';
import { chatRoutes } from '@amora/common/routes/chat';
import { likeRoutes } from '@amora/common/routes/likes';
import { memberRoutes } from '@amora/common/routes/members';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../src/api/client';
import { buildLikes } from './fixtures';
import { fakeServer, withRetries } from './server';

const routes = { likes: likeRoutes.likes, block: memberRoutes.block, chats: chatRoutes.chats };

describe('api client: a busy server (503 with Retry-After)', () => {
  const UNAVAILABLE = 'The service is unavailable for a moment. Please try again in a few minutes.';
  /** A refusal as an overloaded server sends it: its words in the language it guessed, and when to come back. */
  const busy = (retryAfter: string) =>
    new Response(JSON.stringify({ error: 'service_unavailable', message: 'Service busy', request_id: 'r-1' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    });
  const likes = buildLikes();

  it('waits as long as Retry-After asks, spread by up to half again, before it asks again', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let calls = 0;
    const server = fakeServer({ 'GET /api/likes.php': () => (++calls < 3 ? busy('3') : likes) });
    const asking = api(routes.likes);
    // 3 s and a quarter more: 3.75 s.
    await vi.advanceTimersByTimeAsync(3_700);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_750);
    await expect(asking).resolves.toEqual(likes);
    expect(server.requests).toHaveLength(3);
  });

  it('waits at most ten seconds (and its spread) whatever Retry-After asks', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    let calls = 0;
    const server = fakeServer({ 'GET /api/likes.php': () => (++calls < 2 ? busy('3600') : likes) });
    const asking = api(routes.likes);
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(asking).resolves.toEqual(likes);
    expect(server.requests).toHaveLength(2);
  });

  it('sends a message again with its client id, and keeps its words calm and in the app’s language when the server stays busy', async () => {
    const server = fakeServer({ 'POST /api/chat.php': () => busy('1') });
    const body = { conversation: 1, client_id: '5d6f3d5e-8a9b-4c3d-9e2f-0a1b2c3d4e5f', text: 'Hi' };
    const result = await withRetries(() => api(chatRoutes.sendMessage, body));
    expect(server.requests.map((request) => request.body)).toEqual(Array(HTTP_RETRIES + 1).fill(body));
    expect(result).toMatchObject({ error: { status: 503, code: 'service_unavailable', message: UNAVAILABLE } });
  });

  it('does not repeat a call that may not be repeated, and says the same calm words, also for a proxy’s page', async () => {
    const server = fakeServer({
      'POST /api/block.php': () => busy('1'),
      'GET /api/chats.php': () => new Response('<h1>503 Service Unavailable</h1>', { status: 503 }),
    });
    const blocked = await withRetries(() => api(routes.block, { profile_id: 1 }));
    const chats = await withRetries(() => api(routes.chats, {}));
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    for (const result of [blocked, chats]) {
      expect(result).toMatchObject({ error: { status: 503, code: 'service_unavailable', message: UNAVAILABLE } });
    }
  });
});
