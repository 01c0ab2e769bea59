/** The moderation desks (photos, reports, members) in the staff member's language, counts and dates included. */
import type { ModerationPhoto } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffCasesPage from '../src/features/staff/cases/StaffCasesPage';
import StaffMembersPage from '../src/features/staff/members/StaffMembersPage';
import StaffPhotosPage from '../src/features/staff/photos/StaffPhotosPage';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { fakeServer } from './server';

const photo = (id: number): ModerationPhoto => ({
  id,
  site: { id: 1, name: 'Amora NL' },
  profile: { id: 40 + id, name: `Ola ${id}`, hosted: false },
  url: `/photos/${id}.jpg`,
  thumb_url: `/photos/${id}-thumb.jpg`,
  width: 300,
  height: 400,
  uploaded_at: new Date().toISOString(),
});

describe('the moderation desks in the staff member’s language', () => {
  it('counts photos in Polish, with the plural each number takes', async () => {
    const photos = [1, 2, 3, 4, 5].map(photo);
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff({ language: 'pl', role: 'moderator' }) },
      'GET /api/staff/photos.php': { photos, waiting: 5, refreshed_at: '2026-03-04T14:05:00Z' },
      'POST /api/staff/photos.php': { approved: [1, 2], rejected: [], already_decided: [3, 4, 5] },
    });
    const { events } = renderScreen(<StaffPhotosPage />);
    const list = await screen.findByRole('list', { name: 'Oczekujące zdjęcia' });
    expect(screen.getByText(/^5 czeka · odświeżono o/)).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Zaznacz wszystkie' }));
    const bulk = screen.getByRole('region', { name: 'Zaznaczone zdjęcia' });
    expect(within(bulk).getByText('Zaznaczono 5')).toBeTruthy();
    await events.click(within(bulk).getByRole('button', { name: 'Zatwierdź zaznaczone zdjęcia' }));
    expect(
      await screen.findByText(
        'Zatwierdzono 2 zdjęcia. W międzyczasie ktoś inny zdecydował o 3 zdjęciach; te decyzje pozostają w mocy.',
      ),
    ).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Odrzuć zdjęcie użytkownika Ola/ })).toHaveLength(5);
  });

  it('shows a German moderator the reports, their reasons and dates in German', async () => {
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff({ language: 'de', role: 'moderator' }) },
      'GET /api/staff/sites.php': { sites: [] },
      'GET /api/staff/cases.php': {
        cases: [
          {
            id: 501,
            kind: 'report',
            status: 'open',
            site: { id: 1, name: 'Amora NL' },
            created_at: '2026-02-03T09:30:00Z',
            reason: 'inappropriate_photos',
            text: null,
            reference: null,
            reporter: { profile: { id: 12, name: 'Carla' }, name: 'Carla', email: null },
            subject: { id: 77, name: 'Bob', hosted: false, suspended: false },
            reviewer: null,
            reviewing_by_me: false,
            decision: null,
            appeals: [],
          },
        ],
        waiting: 1,
        appeals_waiting: 0,
        next_before: null,
        refreshed_at: '2026-02-03T10:00:00Z',
      },
    });
    renderScreen(<StaffCasesPage />);
    const card = await screen.findByRole('article', { name: 'Fall 501' });
    expect(within(card).getByRole('heading', { name: 'Meldung über Bob #501' })).toBeTruthy();
    expect(within(card).getByText('Unangemessene Fotos')).toBeTruthy();
    expect(within(card).getByText('Offen')).toBeTruthy();
    expect(within(card).getByText(/3\. Februar 2026/)).toBeTruthy();
    const form = within(card).getByRole('form', { name: 'Über Fall 501 entscheiden' });
    expect(within(form).getByRole('radio', { name: 'Maßnahme ergreifen' })).toHaveProperty('checked', false);
  });

  it('finds members in Dutch', async () => {
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff({ language: 'nl', role: 'moderator' }) },
      'GET /api/staff/members.php': {
        members: [
          {
            id: 77,
            name: 'Bob',
            site: { id: 1, name: 'Amora NL' },
            status: 'disabled',
            email: null,
            signup_date: '2026-01-10T08:00:00Z',
            paid: true,
          },
        ],
      },
    });
    renderScreen(<StaffMembersPage />, { at: '/staff/members?q=Bob' });
    const table = await screen.findByRole('table', { name: 'Gevonden leden' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Lid', 'Site', 'Sinds', 'Status']);
    expect(within(table).getByText('Niet geactiveerd')).toBeTruthy();
    expect(within(table).getByText('Betalend')).toBeTruthy();
    expect(within(table).getByText('10 januari 2026')).toBeTruthy();
  });
});
