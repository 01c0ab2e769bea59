/** The parts of /profile and the signup steps: details, place, about me, and invisible mode. */
import type { OwnProfile } from '@amora/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AboutForm } from '../src/features/profile/AboutForm';
import { DetailsForm } from '../src/features/profile/DetailsForm';
import { InvisibleSwitch } from '../src/features/profile/InvisibleSwitch';
import { LocationForm } from '../src/features/profile/LocationForm';
import { buildProfile, buildSettings, buildUser } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer } from './server';

/** The server's answer to a profile change: the member, with the change saved. */
const savedProfile = (change: Partial<OwnProfile>) => ({ user: buildUser({}, change) });

const interests = {
  interests: Array.from({ length: 12 }, (_, index) => ({ id: `i${index}`, name: `Interest ${index}` })),
};

describe('DetailsForm', () => {
  it('asks for gender and sexuality always, and for the other details the site shows', () => {
    fakeServer();
    renderScreen(<DetailsForm profile={buildProfile()} />, {
      settings: buildSettings({ visible_profile_fields: ['hair_colour'] }),
    });
    const labels = screen.getAllByRole('combobox').map((select) => select.getAttribute('id'));
    expect(labels).toEqual(['profile-gender', 'profile-sexuality', 'profile-hair_colour']);
    expect((screen.getByRole('combobox', { name: 'I am' }) as HTMLSelectElement).value).toBe('female');
    expect(
      within(screen.getByRole('combobox', { name: 'Hair colour' }))
        .getAllByRole('option')
        .map((option) => option.textContent)
        .slice(0, 3),
    ).toEqual(['Rather not say', 'Black', 'Brown']);
  });

  it('saves the details chosen and says so', async () => {
    const server = fakeServer({ 'PUT /api/profile.php': savedProfile({ hair_colour: 'red' }) });
    const { events, queryClient } = renderScreen(<DetailsForm profile={buildProfile()} />, {
      settings: buildSettings({ visible_profile_fields: ['hair_colour'] }),
      user: buildUser(),
    });
    await events.selectOptions(screen.getByRole('combobox', { name: 'Hair colour' }), 'Red');
    await events.selectOptions(screen.getByRole('combobox', { name: 'I am' }), 'Rather not say');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saved.');
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({
      gender: null,
      sexuality: null,
      hair_colour: 'red',
      eye_colour: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
    });
    expect(queryClient.getQueryData<{ profile: OwnProfile }>(['user'])?.profile.hair_colour).toBe('red');
  });

  it('goes on after a save in a signup step, with the step’s own button', async () => {
    fakeServer({ 'PUT /api/profile.php': savedProfile({}) });
    const onSaved = vi.fn();
    const { events } = renderScreen(
      <DetailsForm profile={buildProfile()} submitLabel="Save and continue" onSaved={onSaved} />,
      { settings: buildSettings() },
    );
    await events.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('shows why a save failed', async () => {
    fakeServer({
      'PUT /api/profile.php': apiError(500, 'server_error', 'Something went wrong, please try again later.'),
    });
    const { events } = renderScreen(<DetailsForm profile={buildProfile()} />, { settings: buildSettings() });
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, please try again later.');
  });

  it('hands each change to /profile’s save bar instead of saving itself there', async () => {
    const server = fakeServer();
    const onDraft = vi.fn();
    const { events } = renderScreen(<DetailsForm profile={buildProfile()} onDraft={onDraft} />, {
      settings: buildSettings(),
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await events.selectOptions(screen.getByRole('combobox', { name: 'Sexuality' }), 'bi');
    expect(onDraft).toHaveBeenLastCalledWith({ sexuality: 'bi' });
    expect(server.sent('PUT /api/profile.php')).toHaveLength(0);
  });
});

describe('AboutForm', () => {
  it('counts the characters left as the member writes', async () => {
    fakeServer({ 'GET /api/interests.php': interests });
    const { events } = renderScreen(<AboutForm profile={buildProfile({ about: '' })} />, { settings: buildSettings() });
    const about = screen.getByLabelText('About me');
    expect(descriptionOf(about)).toBe('2,000 characters left.');
    await events.type(about, 'Hello');
    expect(descriptionOf(about)).toBe('1,995 characters left.');
  });

  it('saves the text and the interests chosen', async () => {
    const server = fakeServer({ 'GET /api/interests.php': interests, 'PUT /api/profile.php': savedProfile({}) });
    const { events } = renderScreen(<AboutForm profile={buildProfile({ interests: ['i1'] })} />, {
      settings: buildSettings(),
    });
    await events.type(screen.getByLabelText('About me'), 'I like hiking');
    const hiking = await screen.findByRole('button', { name: 'Interest 3' });
    expect(hiking.getAttribute('aria-pressed')).toBe('false');
    await events.click(hiking);
    expect(hiking.getAttribute('aria-pressed')).toBe('true');
    await events.click(screen.getByRole('button', { name: 'Interest 1' }));
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saved.');
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({ about: 'I like hiking', interests: ['i3'] });
  });

  it('lets no more interests be chosen than the most allowed', async () => {
    fakeServer({ 'GET /api/interests.php': interests });
    const chosen = Array.from({ length: 10 }, (_, index) => `i${index}`);
    renderScreen(<AboutForm profile={buildProfile({ interests: chosen })} />, { settings: buildSettings() });
    const eleventh = (await screen.findByRole('button', { name: 'Interest 10' })) as HTMLButtonElement;
    expect(eleventh.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Interest 0' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Choose up to 10.')).toBeTruthy();
  });

  it('tells the member others read the text, where the site shows it', () => {
    fakeServer({ 'GET /api/interests.php': interests });
    renderScreen(<AboutForm profile={buildProfile()} />, { settings: buildSettings({ visible_profile_notes: true }) });
    expect(descriptionOf(screen.getByLabelText('About me'))).toBe(
      'Others see this text on your profile. 2,000 characters left.',
    );
  });
});

describe('LocationForm', () => {
  const regions = {
    regions: [
      { country: 'NL', code: 'NH', name: 'Noord-Holland' },
      { country: 'BE', code: 'VAN', name: 'Antwerpen' },
    ],
  };

  function geolocation(state: PermissionState, position?: { latitude: number; longitude: number } | { code: number }) {
    vi.spyOn(navigator.permissions, 'query').mockResolvedValue({
      state,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as PermissionStatus);
    // happy-dom has no geolocation of its own: the device's, as a browser gives it.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback) => {
          if (position && 'latitude' in position) found({ coords: position } as GeolocationPosition);
          else failed({ code: position?.code ?? 2 } as GeolocationPositionError);
        },
      },
    });
  }

  it('finds the member’s place from the device’s position, and saves it with its coordinates', async () => {
    geolocation('granted', { latitude: 52.37, longitude: 4.89 });
    const server = fakeServer({
      'GET /api/regions.php': regions,
      'GET /api/geocode.php': { country: 'NL', region: 'NH', city: 'Amsterdam', latitude: 52.37, longitude: 4.9 },
      'PUT /api/profile.php': savedProfile({ city: 'Amsterdam' }),
    });
    const { events } = renderScreen(<LocationForm profile={buildProfile({ country: null })} />, {
      settings: buildSettings(),
    });
    await events.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect((await screen.findByRole('status')).textContent).toBe('Found: Amsterdam, Netherlands. Save to keep it.');
    expect(server.sent('GET /api/geocode.php')[0]?.query).toEqual({ lat: '52.37', lon: '4.89' });
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Amsterdam');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({
      country: 'NL',
      region: 'NH',
      city: 'Amsterdam',
      latitude: 52.37,
      longitude: 4.9,
    });
  });

  it('says the browser will ask before locating the member', async () => {
    geolocation('prompt');
    fakeServer({ 'GET /api/regions.php': regions });
    renderScreen(<LocationForm profile={buildProfile()} />, { settings: buildSettings() });
    expect(await screen.findByText('Your browser will ask whether you allow it.')).toBeTruthy();
  });

  it('explains how to allow the location again when the browser blocks it, and offers no button', async () => {
    geolocation('denied');
    fakeServer({ 'GET /api/regions.php': regions });
    renderScreen(<LocationForm profile={buildProfile()} />, { settings: buildSettings() });
    expect((await screen.findByRole('status')).textContent).toMatch(/^Your browser blocks your location for this site/);
    expect(screen.queryByRole('button', { name: 'Use my current location' })).toBeNull();
  });

  it('says so when no place could be found, and lets the member choose it', async () => {
    geolocation('granted', { code: 3 });
    fakeServer({ 'GET /api/regions.php': regions });
    const { events } = renderScreen(<LocationForm profile={buildProfile()} />, { settings: buildSettings() });
    await events.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect((await screen.findByRole('status')).textContent).toBe('We could not find your place. Choose it below.');
  });

  it('saves a chosen place without coordinates, and forgets the region and city when the country changes', async () => {
    geolocation('granted');
    const server = fakeServer({
      'GET /api/regions.php': regions,
      'GET /api/cities.php': { cities: [{ name: 'Antwerpen', region: 'VAN' }] },
      'PUT /api/profile.php': savedProfile({}),
    });
    const { events } = renderScreen(
      <LocationForm profile={buildProfile({ country: 'NL', region: 'NH', city: 'Haarlem' })} />,
      { settings: buildSettings() },
    );
    await events.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Belgium');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('');
    await screen.findByRole('option', { name: 'Antwerpen' });
    await events.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Antwerpen');
    await events.type(screen.getByLabelText('City'), 'Antw');
    await waitFor(() => expect(server.sent('GET /api/cities.php').length).toBeGreaterThan(0));
    expect(server.sent('GET /api/cities.php').at(-1)?.query).toEqual({ country: 'BE', region: 'VAN', q: 'Ant' });
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({ country: 'BE', region: 'VAN', city: 'Antw' });
  });

  it('starts from the country the visitor’s address is in when the profile has none', () => {
    geolocation('granted');
    fakeServer({ 'GET /api/regions.php': regions });
    renderScreen(<LocationForm profile={buildProfile({ country: null })} />, {
      settings: buildSettings({ geoip_selected_country: 'BE' }),
    });
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('BE');
  });
});

describe('InvisibleSwitch', () => {
  it('turns invisible mode on at once and keeps it on once saved', async () => {
    const server = fakeServer({ 'PUT /api/profile.php': savedProfile({ invisible: true }) });
    const { events } = renderScreen(<InvisibleSwitch profile={buildProfile({ invisible: false })} />, {
      user: buildUser(),
    });
    const toggle = screen.getByRole('switch', { name: 'Invisible mode' }) as HTMLInputElement;
    await events.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(server.sent('PUT /api/profile.php')[0]?.body).toEqual({ invisible: true });
  });

  it('is disabled while the change is saved, and flips back when the save fails', async () => {
    const answer = deferred<Response>();
    fakeServer({ 'PUT /api/profile.php': () => answer.promise });
    const { events } = renderScreen(<InvisibleSwitch profile={buildProfile({ invisible: false })} />);
    const toggle = screen.getByRole('switch', { name: 'Invisible mode' }) as HTMLInputElement;
    await events.click(toggle);
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(true);
    await act(async () =>
      answer.resolve(apiError(500, 'server_error', 'Something went wrong, please try again later.')),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, please try again later.');
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
  });
});
