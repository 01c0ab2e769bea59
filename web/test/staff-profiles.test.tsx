/** /staff/profiles: the hosted profiles as a dense table, sorted by a column's head, fifty rows at a time. */
import type { HostedProfileListEntry } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffProfilesPage from '../src/features/staff/profiles/StaffProfilesPage';
import { PersonaSheet } from '../src/features/staff/shared/PersonaSheet';
import { StaffLayout } from '../src/features/staff/shared/StaffLayout';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { fakeServer } from './server';

const sites = { sites: [{ id: 1, name: 'Amora NL', domain: 'amora.nl', domain_language: 'nl' }] };

function buildHosted(id: number, overrides: Partial<HostedProfileListEntry> = {}): HostedProfileListEntry {
  return {
    id,
    name: `Profile ${id}`,
    age: 30,
    gender: 'female',
    city: 'Utrecht',
    country: 'NL',
    site: { id: 1, name: 'Amora NL' },
    status: 'active',
    thumb_url: null,
    photos: 0,
    conversations: 0,
    waiting: 0,
    ...overrides,
  };
}

function profilesServer(profiles: HostedProfileListEntry[], staff = buildStaff()) {
  return fakeServer({
    'GET /api/staff/me.php': { staff },
    'GET /api/staff/sites.php': sites,
    'GET /api/staff/hosted.php': { profiles },
  });
}

const table = () => screen.findByRole('table', { name: 'Hosted profiles' });
/** The names in the table, top to bottom. */
const names = (shown: HTMLElement) =>
  within(shown)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

describe('StaffProfilesPage', () => {
  it('shows each profile as a row: name, age, town, site, waiting and conversations, opening the profile', async () => {
    profilesServer([
      buildHosted(7, { name: 'Fenna', age: 33, city: 'Haarlem', waiting: 2, conversations: 14, thumb_url: '/f.jpg' }),
    ]);
    renderScreen(<StaffProfilesPage />, { at: '/staff/profiles' });
    const shown = await table();
    const heads = within(shown)
      .getAllByRole('columnheader')
      .map((head) => head.textContent?.replace(/[↑↓↕]/g, ''));
    expect(heads).toEqual(['Photo', 'Name', 'Age', 'Town', 'Site', 'Waiting', 'Conversations']);
    const row = within(shown).getAllByRole('row')[1] as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['33', 'Haarlem, NL', 'Amora NL', '2', '14']);
    expect(within(row).getByRole('link', { name: 'Fenna' }).getAttribute('href')).toBe('/staff/profiles/7');
    expect(screen.getByText(/1 profile\.$/)).toBeTruthy();
  });

  it('shows fifty rows at a time, and the next ones on asking', async () => {
    profilesServer(Array.from({ length: 120 }, (_, index) => buildHosted(index + 1)));
    const { events } = renderScreen(<StaffProfilesPage />, { at: '/staff/profiles' });
    const shown = await table();
    expect(within(shown).getAllByRole('rowheader')).toHaveLength(50);
    await events.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(within(shown).getAllByRole('rowheader')).toHaveLength(100);
    await events.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(within(shown).getAllByRole('rowheader')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('sorts by a column’s head, turning round when it is pressed again, and keeps the order in the address', async () => {
    profilesServer([
      buildHosted(1, { name: 'Mila', age: 41, waiting: 3, conversations: 5 }),
      buildHosted(2, { name: 'Ada', age: 25, waiting: 1, conversations: 40 }),
      buildHosted(3, { name: 'Zoë', age: 33, waiting: 0, conversations: 12 }),
    ]);
    const { events } = renderScreen(<StaffProfilesPage />, { at: '/staff/profiles' });
    const shown = await table();
    // As the server answers: most waiting first.
    expect(names(shown)).toEqual(['Mila', 'Ada', 'Zoë']);
    expect(
      within(shown)
        .getByRole('columnheader', { name: /Waiting/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    await events.click(within(shown).getByRole('button', { name: /Name/ }));
    expect(names(shown)).toEqual(['Ada', 'Mila', 'Zoë']);
    expect(within(shown).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(
      within(shown)
        .getByRole('columnheader', { name: /Waiting/ })
        .getAttribute('aria-sort'),
    ).toBe('none');
    expect(screen.getByTestId('address').textContent).toBe('/staff/profiles?sort=name');

    await events.click(within(shown).getByRole('button', { name: /Name/ }));
    expect(names(shown)).toEqual(['Zoë', 'Mila', 'Ada']);

    await events.click(within(shown).getByRole('button', { name: /Conversations/ }));
    expect(names(shown)).toEqual(['Ada', 'Zoë', 'Mila']);
    await events.click(within(shown).getByRole('button', { name: /Age/ }));
    expect(names(shown)).toEqual(['Ada', 'Zoë', 'Mila']);
    expect(screen.getByTestId('address').textContent).toBe('/staff/profiles?sort=age');
  });

  it('shows a Dutch operator the table in Dutch, without the site column an admin has', async () => {
    profilesServer(
      [buildHosted(1, { name: 'Fenna', waiting: 0, conversations: 1 })],
      buildStaff({ role: 'operator', language: 'nl' }),
    );
    const { container } = renderScreen(<StaffProfilesPage />, { at: '/staff/profiles', layout: <StaffLayout /> });
    const shown = await screen.findByRole('table', { name: 'Beheerde profielen' });
    const heads = within(shown)
      .getAllByRole('columnheader')
      .map((head) => head.textContent?.replace(/[↑↓↕]/g, ''));
    expect(heads).toEqual(['Foto', 'Naam', 'Leeftijd', 'Woonplaats', 'Wachtend', 'Gesprekken']);
    expect(screen.getByRole('button', { name: 'Actief' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Nieuw profiel' })).toBeNull();
    for (const english of ['Hosted', 'Name', 'Waiting', 'none waiting', 'conversation', 'Active']) {
      expect(container.textContent, english).not.toContain(english);
    }
  });

  it('shows a Polish admin the persona sheet in Polish, with the date of its last change as Poles write it', async () => {
    profilesServer([], buildStaff({ language: 'pl' }));
    const persona = {
      job: 'Florystka',
      town: '',
      family: '',
      pets: 'Kot Miep',
      hobbies: '',
      story: '',
      version: 2,
      updated_at: '2026-03-04T14:05:00Z',
      updated_by: 'Ada',
    };
    const { container } = renderScreen(<PersonaSheet hostedName="Zofia" persona={persona} onSave={() => {}} />, {
      at: '/staff/profiles/7',
      layout: <StaffLayout />,
    });
    const sheet = await screen.findByRole('region', { name: 'Karta postaci profilu Zofia' });
    expect((within(sheet).getByLabelText('Praca') as HTMLInputElement).value).toBe('Florystka');
    expect(within(sheet).getByLabelText('Już opowiedziane użytkownikom')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Zapisz kartę' })).toBeTruthy();
    expect(sheet.textContent).toContain('4 marca 2026');
    for (const english of ['Persona of', 'Last changed', 'Job', 'Pets', 'Save persona']) {
      expect(container.textContent, english).not.toContain(english);
    }
  });
});
