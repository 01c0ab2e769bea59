/** /profile: details, place and about-me collect their changes, and one save bar saves them together. */
import type { User } from '@amora/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireMember } from '../src/app/RequireMember';
import ProfilePage from '../src/features/profile/ProfilePage';
import { buildSettings, buildUser } from './fixtures';
import { renderScreen } from './render';
import { apiError, deferred, fakeServer, json, type SentRequest } from './server';

function profileServer() {
  vi.spyOn(navigator.permissions, 'query').mockResolvedValue({
    state: 'prompt',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as PermissionStatus);
  return fakeServer({
    'GET /api/regions.php': { regions: [] },
    'GET /api/interests.php': { interests: [{ id: 'music', name: 'Music' }] },
    'PUT /api/profile.php': ({ body }: SentRequest) => ({ user: buildUser({}, body as object) }),
  });
}

const openProfile = (user: User | null = buildUser()) =>
  renderScreen(<ProfilePage />, {
    at: '/profile',
    layout: <RequireMember />,
    settings: buildSettings({ visible_profile_fields: ['hair_colour'] }),
    user,
  });

const saveBar = () => screen.queryByRole('region', { name: 'Save your changes' });

describe('ProfilePage', () => {
  it('sends a visitor to log in first, and back here after', () => {
    profileServer();
    const { location } = openProfile(null);
    expect(location()).toBe('/login?next=%2Fprofile');
  });

  it('shows no save bar until something changes', async () => {
    profileServer();
    openProfile();
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
    expect(saveBar()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves the changes of several parts with one button', async () => {
    const server = profileServer();
    const { events } = openProfile();
    await events.selectOptions(await screen.findByRole('combobox', { name: 'Hair colour' }), 'Red');
    await events.type(screen.getByLabelText('About me'), 'Hi!');
    await events.click(await screen.findByRole('button', { name: 'Music' }));
    const bar = saveBar() as HTMLElement;
    expect(within(bar).getByText('You have changes that are not saved yet.')).toBeTruthy();
    await events.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(await within(bar).findByText('Saved.')).toBeTruthy();
    expect(server.sent('PUT /api/profile.php')).toHaveLength(1);
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({
      hair_colour: 'red',
      about: 'Hi!',
      interests: ['music'],
    });
    expect(within(bar).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows why the save failed and keeps the changes to try again', async () => {
    const server = profileServer();
    server.on('PUT /api/profile.php', apiError(422, 'validation_failed', 'This text is too long.'));
    const { events } = openProfile();
    await events.type(await screen.findByLabelText('About me'), 'Hello');
    await events.click(within(saveBar() as HTMLElement).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This text is too long.');
    expect(within(saveBar() as HTMLElement).getByText('You have changes that are not saved yet.')).toBeTruthy();
    server.on('PUT /api/profile.php', ({ body }: SentRequest) => ({ user: buildUser({}, body as object) }));
    await events.click(within(saveBar() as HTMLElement).getByRole('button', { name: 'Save' }));
    expect(await within(saveBar() as HTMLElement).findByText('Saved.')).toBeTruthy();
    expect(server.sent('PUT /api/profile.php').map((request) => request.body)).toEqual([
      { about: 'Hello' },
      { about: 'Hello' },
    ]);
  });

  it('disables the save while it is under way', async () => {
    const server = profileServer();
    const answer = deferred<Response>();
    server.on('PUT /api/profile.php', () => answer.promise);
    const { events } = openProfile();
    await events.type(await screen.findByLabelText('About me'), 'Hey');
    const save = within(saveBar() as HTMLElement).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await events.click(save);
    await waitFor(() => expect(save.disabled).toBe(true));
    answer.resolve(json({ user: buildUser({}, { about: 'Hey' }) }));
    expect(await within(saveBar() as HTMLElement).findByText('Saved.')).toBeTruthy();
  });

  it('asks before the tab closes while changes are not saved', async () => {
    profileServer();
    const { events } = openProfile();
    const unsaved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unsaved);
    expect(unsaved.defaultPrevented).toBe(false);
    await events.type(await screen.findByLabelText('About me'), 'Hey');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });
});
