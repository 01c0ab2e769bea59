import { memberRoutes } from '@amora/common/routes/members';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../src/api/client';
import {
  fetchSettings,
  queryKeys,
  refreshUser,
  replaceUser,
  useInterests,
  useRegions,
  useResendActivationMail,
  useUser,
  useUserMutation,
} from '../src/api/hooks';
import { useSearch } from '../src/api/members';
import { useLogout } from '../src/features/accounts/api';
import { buildSettings, buildUser } from './fixtures';
import { renderHookInApp } from './render';
import { apiError, deferred, fakeServer, json } from './server';

describe('useUser', () => {
  it('asks user.php who is signed in, and is loading until it knows', async () => {
    const anna = buildUser();
    const server = fakeServer({ 'GET /api/user.php': { user: anna } });
    const { result } = renderHookInApp(() => useUser());
    expect(result.current).toEqual({ user: null, isLoading: true });
    await waitFor(() => expect(result.current.user?.email).toBe('anna@example.com'));
    expect(result.current.isLoading).toBe(false);
    expect(server.sent('GET /api/user.php')).toHaveLength(1);
  });

  it('is nobody for a visitor', async () => {
    fakeServer({ 'GET /api/user.php': { user: null } });
    const { result } = renderHookInApp(() => useUser());
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
  });

  it('uses the member the page came with, without asking again', () => {
    const server = fakeServer();
    const { result } = renderHookInApp(() => useUser(), { user: buildUser({ email: 'in-page@example.com' }) });
    expect(result.current.user?.email).toBe('in-page@example.com');
    expect(server.requests).toHaveLength(0);
  });
});

describe('replaceUser and refreshUser', () => {
  it('keeps the new user when an older user.php answer arrives after it', async () => {
    const old = deferred<Response>();
    fakeServer({ 'GET /api/user.php': () => old.promise });
    const { result, queryClient } = renderHookInApp(() => useUser());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(() => replaceUser(queryClient, buildUser({ email: 'new@example.com' })));
    old.resolve(json({ user: buildUser({ email: 'stale@example.com' }) }));
    await waitFor(() => expect(result.current.user?.email).toBe('new@example.com'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current.user?.email).toBe('new@example.com');
  });

  it('fetches the user again after the server changed it', async () => {
    let credits = 10;
    const server = fakeServer({ 'GET /api/user.php': () => ({ user: buildUser({ credits }) }) });
    const { result, queryClient } = renderHookInApp(() => useUser());
    await waitFor(() => expect(result.current.user?.credits).toBe(10));
    credits = 110;
    await act(() => refreshUser(queryClient));
    await waitFor(() => expect(result.current.user?.credits).toBe(110));
    expect(server.sent('GET /api/user.php')).toHaveLength(2);
  });
});

describe('useUserMutation', () => {
  it('replaces the cached user with the one the call answers with', async () => {
    const server = fakeServer({
      'PUT /api/profile.php': { user: buildUser({}, { about: 'Likes long walks' }) },
    });
    const { result } = renderHookInApp(
      () => ({
        me: useUser().user,
        save: useUserMutation((about: string) => api(memberRoutes.updateProfile, { about })),
      }),
      { user: buildUser() },
    );
    expect(result.current.me?.profile.about).toBe('');
    await act(() => result.current.save.mutateAsync('Likes long walks'));
    // The query cache tells its readers in a batch of its own, a moment after the call settles.
    await waitFor(() => expect(result.current.me?.profile.about).toBe('Likes long walks'));
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({ about: 'Likes long walks' });
  });

  it('keeps the cached user when the call fails', async () => {
    fakeServer({ 'PUT /api/profile.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.') });
    const { result } = renderHookInApp(
      () => ({
        me: useUser().user,
        save: useUserMutation((about: string) => api(memberRoutes.updateProfile, { about })),
      }),
      { user: buildUser({}, { about: 'Before' }) },
    );
    await act(() => result.current.save.mutateAsync('After').catch(() => undefined));
    expect(result.current.me?.profile.about).toBe('Before');
    await waitFor(() => expect(result.current.save.error?.message).toBe('Please check the highlighted fields.'));
  });
});

describe('useLogout', () => {
  it('tells the server and forgets the member', async () => {
    const server = fakeServer({ 'GET /api/logout.php': { ok: true } });
    const { result } = renderHookInApp(() => ({ me: useUser().user, logout: useLogout() }), { user: buildUser() });
    await act(() => result.current.logout.mutateAsync());
    expect(server.sent('GET /api/logout.php')).toHaveLength(1);
    await waitFor(() => expect(result.current.me).toBeNull());
  });

  it('forgets the member in this browser even when the server could not be told', async () => {
    fakeServer({ 'GET /api/logout.php': apiError(400, 'bad_request', 'This request could not be understood.') });
    const { result } = renderHookInApp(() => ({ me: useUser().user, logout: useLogout() }), { user: buildUser() });
    await act(() => result.current.logout.mutateAsync().catch(() => undefined));
    await waitFor(() => expect(result.current.me).toBeNull());
  });
});

describe('fetchSettings', () => {
  it('names the site by the address bar’s host and passes the page’s query on (traffic sources)', async () => {
    window.history.replaceState(null, '', '/?network=adnet&ref=42');
    const server = fakeServer({ 'GET /api/settings.php': buildSettings() });
    const settings = await fetchSettings();
    expect(settings.name).toBe('Amora Test');
    expect(server.requests[0]?.query).toEqual({ network: 'adnet', ref: '42', domain: location.hostname });
    window.history.replaceState(null, '', '/');
  });
});

describe('lists that do not change while the app is open', () => {
  it('asks for the regions and the interests once, however many screens use them', async () => {
    const server = fakeServer({
      'GET /api/regions.php': { regions: [{ country: 'NL', code: 'NH', name: 'Noord-Holland' }] },
      'GET /api/interests.php': { interests: [{ id: 'music', name: 'Music' }] },
    });
    const { result } = renderHookInApp(() => ({
      regions: useRegions(),
      regionsAgain: useRegions(),
      interests: useInterests(),
    }));
    await waitFor(() =>
      expect(result.current.regions.data).toEqual([{ country: 'NL', code: 'NH', name: 'Noord-Holland' }]),
    );
    await waitFor(() => expect(result.current.interests.data).toEqual([{ id: 'music', name: 'Music' }]));
    expect(result.current.regionsAgain.data).toBe(result.current.regions.data);
    expect(server.sent('GET /api/regions.php')).toHaveLength(1);
    expect(server.sent('GET /api/interests.php')).toHaveLength(1);
  });
});

describe('useResendActivationMail', () => {
  it('asks the server for the activation mail again', async () => {
    const server = fakeServer({ 'POST /api/activation-mail.php': { ok: true } });
    const { result, queryClient } = renderHookInApp(() => useResendActivationMail(), { user: buildUser() });
    await act(() => result.current.mutateAsync());
    expect(server.sent('POST /api/activation-mail.php')).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.user)).not.toBeNull();
  });
});

describe('useSearch', () => {
  const page = { profiles: [], total: 40, page: 2, pages: 2, next: null, similar: [], similar_total: 0 };

  it('finds a page by its number when the server no longer takes its cursor', async () => {
    const server = fakeServer({
      'GET /api/members.php': (request) =>
        request.query.after
          ? apiError(422, 'validation_failed', 'Ongeldige invoer.', { after: { code: 'invalid_choice', message: 'x' } })
          : page,
    });
    const { result } = renderHookInApp(() => useSearch({ page: 2, after: 'stale.1~5~' }));
    await waitFor(() => expect(result.current.data).toEqual(page));
    expect(server.sent('GET /api/members.php').map((request) => request.query)).toEqual([
      { page: '2', after: 'stale.1~5~' },
      { page: '2' },
    ]);
  });

  it('shows any other refusal as it came', async () => {
    fakeServer({ 'GET /api/members.php': apiError(403, 'search_login_required', 'Log in om te zoeken.') });
    const { result } = renderHookInApp(() => useSearch({ page: 2, after: 'signed.1~5~' }));
    await waitFor(() => expect(result.current.error?.message).toBe('Log in om te zoeken.'));
  });
});
