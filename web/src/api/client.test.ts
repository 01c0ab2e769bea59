import { memberRoutes } from '@amora/common/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './client';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns an answer that fits its schema, without fields the schema does not know', async () => {
    answer(200, { profiles: [{ id: 1, like_new: false }], liked_by: [], extra: 'ignored' });
    await expect(api.get('/api/likes.php', 'likesResponse')).resolves.toEqual({
      profiles: [{ id: 1, like_new: false }],
      liked_by: [],
    });
  });

  it('turns an answer outside its schema into a bad_response error and names the call', async () => {
    answer(200, { profiles: 'not a list' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await api.get('/api/likes.php', 'likesResponse').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, code: 'bad_response' });
    expect(logged.mock.calls[0]?.[0]).toContain('/api/likes.php');
  });

  it('keeps the server error of a failed call', async () => {
    answer(404, { error: 'not_found', message: 'Not found' });
    await expect(api(memberRoutes.block, { profile_id: 1 })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
