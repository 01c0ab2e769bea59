import { HTTP_RETRIES } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { chatRoutes } from '@amora/common/routes/chat';
import { complaintRoutes } from '@amora/common/routes/complaints';
import { geoRoutes } from '@amora/common/routes/geo';
import { likeRoutes } from '@amora/common/routes/likes';
import { memberRoutes } from '@amora/common/routes/members';
import { notificationRoutes } from '@amora/common/routes/notifications';
import { photoRoutes } from '@amora/common/routes/photos';
import type { RouteInput } from '@amora/common/routes/route';
import { defineRoute } from '@amora/common/routes/route';
import { sessionRoutes } from '@amora/common/routes/sessions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, networkError, onAuthenticationLost } from '../src/api/client';
import { buildLikes } from './fixtures';
import { apiError, fakeServer, json, withRetries } from './server';

/** The routes the client is tried on, from the table in common; a PATCH, which no route of the table uses, beside them. */
const routes = {
  likes: likeRoutes.likes,
  chats: chatRoutes.chats,
  cities: geoRoutes.cities,
  member: memberRoutes.member,
  user: accountRoutes.user,
  login: sessionRoutes.login,
  block: memberRoutes.block,
  unblock: memberRoutes.unblock,
  profile: memberRoutes.updateProfile,
  thing: defineRoute({
    method: 'PATCH',
    path: '/api/thing.php',
    access: 'member',
    body: 'profileIdBody',
    response: 'okResponse',
  }),
  activationMail: accountRoutes.resendActivation,
  photo: photoRoutes.upload,
  signup: accountRoutes.signup,
  complaint: complaintRoutes.fileComplaint,
};

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as ApiError,
  );

describe('api client: what it sends', () => {
  it('says it is the app with the client header on every call, and sends cookies of this site only', async () => {
    const server = fakeServer({
      'GET /api/likes.php': buildLikes(),
      'POST /api/block.php': { ok: true },
    });
    await api(routes.likes);
    await api(routes.block, { profile_id: 3 });
    expect(server.requests.map((request) => request.headers.get('x-request-type'))).toEqual(['client', 'client']);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
  });

  it('puts a query in the address, leaving out values that are not given', async () => {
    const server = fakeServer({ 'GET /api/cities.php': { cities: [] } });
    await api(routes.cities, { country: 'NL', region: undefined, q: 'Ams' });
    expect(server.requests[0]?.query).toEqual({ country: 'NL', q: 'Ams' });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/cities.php?country=NL&q=Ams');
  });

  it('writes numbers and flags of a query as text', async () => {
    fakeServer({ 'GET /api/member.php': { profile: null } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await api(routes.member, { id: 9 }).catch(() => undefined);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/member.php?id=9');
  });

  it('calls a plain address when the query has no values', async () => {
    fakeServer({ 'GET /api/likes.php': buildLikes() });
    await api(routes.likes);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/likes.php');
  });

  it('sends a body as JSON with its content type, with every method', async () => {
    const server = fakeServer({
      'POST /api/block.php': { ok: true },
      'PUT /api/profile.php': { user: null },
      'PATCH /api/thing.php': { ok: true },
      'DELETE /api/block.php': { ok: true },
    });
    await api(routes.block, { profile_id: 1 });
    await api(routes.profile, { about: 'Hi' });
    await api(routes.thing, { profile_id: 2 });
    await api(routes.unblock, { profile_id: 1 });
    expect(server.requests.map(({ method, body }) => [method, body])).toEqual([
      ['POST', { profile_id: 1 }],
      ['PUT', { about: 'Hi' }],
      ['PATCH', { profile_id: 2 }],
      ['DELETE', { profile_id: 1 }],
    ]);
    for (const request of server.requests) expect(request.headers.get('content-type')).toBe('application/json');
  });

  it('sends the query of a call that has a body too in the address, and the body as JSON', async () => {
    const server = fakeServer({ 'POST /api/user.php': { user: null } });
    await api(sessionRoutes.savePushSubscription, { subscription: null }, { push: '1' });
    await api(sessionRoutes.login, { email: 'a@b.c', password: 'x' });
    expect(vi.mocked(fetch).mock.calls.map((call) => call[0])).toEqual(['/api/user.php?push=1', '/api/user.php']);
    expect(server.requests.map(({ body }) => body)).toEqual([
      { subscription: null },
      { email: 'a@b.c', password: 'x' },
    ]);
  });

  it('sends an empty object when a POST has no body of its own', async () => {
    const server = fakeServer({ 'POST /api/activation-mail.php': { ok: true } });
    await api(routes.activationMail);
    expect(server.requests[0]?.body).toEqual({});
  });

  it('puts the query of a POST that takes no body in the address, and sends an empty body', async () => {
    const server = fakeServer({ 'POST /api/unsubscribe.php': { ok: true } });
    const s = 'a'.repeat(43);
    await api(notificationRoutes.unsubscribe, { u: 7, s });
    expect(server.requests[0]?.query).toEqual({ u: '7', s });
    expect(server.requests[0]?.body).toEqual({});
  });

  it('sends no body and no content type with a GET', async () => {
    const server = fakeServer({ 'GET /api/likes.php': buildLikes() });
    await api(routes.likes);
    expect(server.requests[0]?.body).toBeUndefined();
    expect(server.requests[0]?.headers.get('content-type')).toBeNull();
  });

  it('uploads a file as form data, leaving the content type to the browser', async () => {
    const server = fakeServer({ 'POST /api/photos.php': { photos: [], main_image: null } });
    const file = new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' });
    await api(routes.photo, file);
    const [sent] = server.requests;
    if (!sent) throw new Error('nothing was sent');
    expect(sent.body).toBeInstanceOf(FormData);
    const sentFile = (sent.body as FormData).get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('me.jpg');
    expect(sent.headers.get('content-type')).toBeNull();
    expect(sent.headers.get('x-request-type')).toBe('client');
  });
});

describe('api client: answers and their schemas', () => {
  it('returns an answer that fits its schema, without fields the schema does not know', async () => {
    fakeServer({
      'GET /api/likes.php': { ...buildLikes({ profiles: [{ id: 1, like_new: false }] }), extra: 'ignored' },
    });
    await expect(api(routes.likes)).resolves.toEqual(buildLikes({ profiles: [{ id: 1, like_new: false }] }));
  });

  it('turns an answer outside its schema into a bad_response error in the page’s language, naming the call in the console', async () => {
    fakeServer({ 'GET /api/chats.php': { conversations: 'none' } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await failure(api(routes.chats, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'bad_response' });
    expect(error.message).toBe('The server sent an answer this page cannot read. Reload the page or try again later.');
    expect(logged).toHaveBeenCalledWith('/api/chats.php answered outside its schema', expect.any(Array));
  });

  it('treats a body that is not JSON at all as outside the schema', async () => {
    fakeServer({ 'GET /api/likes.php': () => new Response('<html>proxy page</html>', { status: 200 }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api(routes.likes)).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('api client: errors', () => {
  it('keeps the server’s code, message, per-field errors and parameters', async () => {
    fakeServer({
      'POST /api/signup.php': json(
        {
          error: 'validation_failed',
          message: 'Please check the highlighted fields.',
          fields: {
            email: { code: 'email_taken', message: 'This email address already has an account on this site.' },
          },
          limit: 3,
        },
        422,
      ),
    });
    const error = await failure(api(routes.signup, { email: 'a@b.c' } as RouteInput<typeof routes.signup>));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Please check the highlighted fields.');
    expect(error.fields.email?.message).toBe('This email address already has an account on this site.');
    expect(error.body.limit).toBe(3);
  });

  it('has no field errors when the server names none', async () => {
    fakeServer({ 'POST /api/block.php': apiError(404, 'not_found', 'This page could not be found') });
    const error = await failure(api(routes.block, { profile_id: 1 }));
    expect(error.fields).toEqual({});
    expect(error.message).toBe('This page could not be found');
  });

  it('calls an error answer without a JSON body a server_error, with the status text as its message', async () => {
    fakeServer({
      'POST /api/block.php': () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }),
    });
    const error = await failure(api(routes.block, { profile_id: 1 }));
    expect(error).toMatchObject({ status: 502, code: 'server_error', message: 'Bad Gateway' });
  });

  it('says a call that reached no server is a network error, in the page’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(api(routes.block, { profile_id: 1 }));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(error.message).toBe('The connection failed. Check your internet connection and try again.');
    expect(networkError().message).toBe(error.message);
  });
});

describe('api client: retries (SPEC §7)', () => {
  it('repeats a GET that failed on the network until it gets through', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        if (calls < 3) throw new TypeError('Failed to fetch');
        return json(buildLikes());
      }),
    );
    const result = await withRetries(() => api(routes.likes));
    expect(result).toEqual({ value: buildLikes() });
    expect(calls).toBe(3);
  });

  it('repeats a GET answered with a 5xx, and gives up after five retries with the last answer’s error', async () => {
    const server = fakeServer({
      'GET /api/likes.php': apiError(503, 'service_unavailable', 'Unavailable for a moment'),
    });
    const result = await withRetries(() => api(routes.likes));
    expect(server.requests).toHaveLength(HTTP_RETRIES + 1);
    expect(result).toMatchObject({ error: { status: 503, code: 'service_unavailable' } });
  });

  it('gives up on a GET that never reaches the server after five retries, as a network error', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = await withRetries(() => api(routes.likes));
    expect(fetchMock).toHaveBeenCalledTimes(HTTP_RETRIES + 1);
    expect(result).toMatchObject({ error: { code: 'network_error' } });
  });

  it('does not repeat a GET the server refused (4xx): asking again gets the same answer', async () => {
    const server = fakeServer({ 'GET /api/member.php': apiError(404, 'not_found', 'This page could not be found') });
    const result = await withRetries(() => api(routes.member, { id: 9 }));
    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({ error: { status: 404, code: 'not_found' } });
  });

  it('never repeats a POST, PUT or DELETE on its own: the first one may have done its work', async () => {
    const server = fakeServer({
      'POST /api/block.php': apiError(500, 'server_error', 'Something went wrong'),
      'PUT /api/profile.php': apiError(502, 'server_error', 'Something went wrong'),
      'DELETE /api/block.php': apiError(503, 'service_unavailable', 'Unavailable'),
    });
    await withRetries(() => api(routes.block, { profile_id: 1 }));
    await withRetries(() => api(routes.profile, { about: '' }));
    await withRetries(() => api(routes.unblock, { profile_id: 1 }));
    expect(server.requests.map((request) => request.method)).toEqual(['POST', 'PUT', 'DELETE']);
  });

  it('never repeats a POST that failed on the network', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = await withRetries(() => api(routes.block, { profile_id: 1 }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ error: { code: 'network_error' } });
  });

  it('repeats a POST whose body carries its own idempotency key (a route marked retry), with the same body each time', async () => {
    let calls = 0;
    const server = fakeServer({
      'POST /api/complaints.php': () => (++calls < 3 ? apiError(502, 'server_error', 'Bad gateway') : { number: 12 }),
    });
    const body = { client_id: '5d6f3d5e-8a9b-4c3d-9e2f-0a1b2c3d4e5f', message: 'Hello' };
    const result = await withRetries(() => api(routes.complaint, body as RouteInput<typeof routes.complaint>));
    expect(result).toEqual({ value: { number: 12 } });
    expect(server.requests.map((request) => request.body)).toEqual([body, body, body]);
  });

  it('repeats a message, sent as JSON or as a form: its client id makes a repeat harmless', async () => {
    const server = fakeServer({ 'POST /api/chat.php': apiError(503, 'service_unavailable', 'Unavailable') });
    const clientId = '5d6f3d5e-8a9b-4c3d-9e2f-0a1b2c3d4e5f';
    await withRetries(() => api(chatRoutes.sendMessage, { conversation: 1, client_id: clientId, text: 'Hi' }));
    const form = new FormData();
    form.append('client_id', clientId);
    await withRetries(() => api(chatRoutes.sendMessage, form));
    expect(server.requests).toHaveLength(2 * (HTTP_RETRIES + 1));
    expect(server.requests.at(-1)?.body).toBeInstanceOf(FormData);
  });
});

describe('api client: a lost session', () => {
  const unsubscribers: (() => void)[] = [];
  afterEach(() => {
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  });

  it('tells its listeners when a call answers authentication_required', async () => {
    fakeServer({ 'GET /api/chats.php': apiError(403, 'authentication_required', 'Please log in to continue.') });
    const lost = vi.fn();
    unsubscribers.push(onAuthenticationLost(lost));
    const error = await failure(api(routes.chats, {}));
    expect(error.code).toBe('authentication_required');
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('does not count a refused login or the user call itself as a lost session', async () => {
    fakeServer({
      'POST /api/user.php': apiError(403, 'authentication_required', 'Please log in to continue.'),
      'GET /api/user.php': apiError(403, 'authentication_required', 'Please log in to continue.'),
    });
    const lost = vi.fn();
    unsubscribers.push(onAuthenticationLost(lost));
    await failure(api(routes.login, { email: 'a@b.c', password: 'x' }));
    await failure(api(routes.user));
    expect(lost).not.toHaveBeenCalled();
  });

  it('does not count other refusals as a lost session', async () => {
    fakeServer({ 'POST /api/block.php': apiError(403, 'forbidden', 'You are not allowed to do that.') });
    const lost = vi.fn();
    unsubscribers.push(onAuthenticationLost(lost));
    await failure(api(routes.block, { profile_id: 1 }));
    expect(lost).not.toHaveBeenCalled();
  });

  it('stops telling a listener that unsubscribed, and keeps telling the others', async () => {
    fakeServer({ 'GET /api/chats.php': apiError(403, 'authentication_required', 'Please log in to continue.') });
    const gone = vi.fn();
    const staying = vi.fn();
    onAuthenticationLost(gone)();
    unsubscribers.push(onAuthenticationLost(staying));
    await failure(api(routes.chats, {}));
    expect(gone).not.toHaveBeenCalled();
    expect(staying).toHaveBeenCalledTimes(1);
  });
});
