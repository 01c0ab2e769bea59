/**
 * /members: a search the filters leave empty says so, and searches all members at a tap; only the
 * filters the site offers are shown and sent.
 */
import type { SearchResponse } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SearchPage from '../src/features/members/SearchPage';
import { buildSettings, buildUser } from './fixtures';
import { renderScreen } from './render';
import { fakeServer, type SentRequest } from './server';

const nobody: SearchResponse = { profiles: [], total: 0, page: 1, pages: 0, next: null, similar: [], similar_total: 0 };
const anna = {
  id: 7,
  name: 'Anna',
  age: 31,
  city: 'Utrecht',
  country: 'NL',
  hosted: false,
  main_image: null,
};

/** Nobody with filters; Anna when only her name is sought. */
const searchServer = () =>
  fakeServer({
    'GET /api/members.php': ({ query }: SentRequest) =>
      Object.keys(query).some((key) => key !== 'q' && key !== 'page')
        ? nobody
        : { ...nobody, profiles: [anna], total: 1, pages: 1 },
  });

describe('SearchPage', () => {
  it('says when the filters leave nobody, and "Search all members" keeps only the name', async () => {
    const server = searchServer();
    const { events } = renderScreen(<SearchPage />, {
      at: '/members?q=Ann&gender=male',
      user: buildUser(),
      settings: buildSettings(),
    });
    expect(await screen.findByText('No one matches all your filters.')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Search all members' }));
    expect(await screen.findByText(/^Anna/)).toBeTruthy();
    expect(screen.queryByText('No one matches all your filters.')).toBeNull();
    expect(server.sent('GET /api/members.php').at(-1)?.query).toEqual({ q: 'Ann', page: '1' });
  });

  it('says nothing of filters when there are none', async () => {
    searchServer();
    renderScreen(<SearchPage />, { at: '/members?q=Ann', user: buildUser(), settings: buildSettings() });
    expect(await screen.findByText(/^Anna/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search all members' })).toBeNull();
  });

  it('offers only the filters the site chooses, and sends none other from a link', async () => {
    const server = searchServer();
    const settings = buildSettings({ search_fields: ['gender', 'min_age'] });
    const { events } = renderScreen(<SearchPage />, {
      at: '/members?gender=female&country=DE&countryregion=BY&max_age=40',
      user: buildUser(),
      settings,
    });
    await events.click(await screen.findByRole('button', { name: /^Filters/ }));
    const filters = await screen.findByRole('form', { name: 'Search filters' });
    expect(within(filters).getByLabelText('Looking for')).toBeTruthy();
    expect(within(filters).getByLabelText('Age from')).toBeTruthy();
    for (const other of ['Country', 'Region', 'Age to']) expect(within(filters).queryByLabelText(other)).toBeNull();
    // The one filter offered and applied is counted; the link's others narrow nothing.
    expect(screen.getByRole('button', { name: /^Filters/ }).textContent).toBe('Filters1');
    expect(server.sent('GET /api/members.php').at(-1)?.query).toEqual({ gender: 'female', page: '1' });
  });

  it('shows no filters where the site offers none', async () => {
    searchServer();
    renderScreen(<SearchPage />, { at: '/members', user: buildUser(), settings: buildSettings({ search_fields: [] }) });
    expect(await screen.findByText(/^Anna/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Search filters' })).toBeNull();
  });
});
