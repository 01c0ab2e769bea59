/**
 * The back office in the staff member's language: the shell, the desks and the audit log's sentences
 * come from the `staff` catalogue in the language the account chose, and changing it switches them.
 * An invitation's page is in the language of the account it is for.
 */
import type { AuditEntry, InboxEntry } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffInboxPage from '../src/features/staff/inbox/StaffInboxPage';
import StaffInvitationPage from '../src/features/staff/invitation/StaffInvitationPage';
import StaffLogPage from '../src/features/staff/log/StaffLogPage';
import StaffSessionsPage from '../src/features/staff/sessions/StaffSessionsPage';
import { StaffLayout } from '../src/features/staff/shared/StaffLayout';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { apiError, fakeServer } from './server';

function buildEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 9,
    created_at: '2026-03-04T14:05:00Z',
    staff_id: 1,
    staff: 'Ada',
    action: 'staff.change',
    site_id: null,
    record: 'staff:2',
    subject: 'Olivia',
    changes: { role: ['operator', 'moderator'] },
    reason: null,
    conversation_id: null,
    profile_id: null,
    message_id: null,
    ...overrides,
  };
}

const logServer = (language: 'en' | 'pl' | 'nl', entries: AuditEntry[]) =>
  fakeServer({
    'GET /api/staff/me.php': { staff: buildStaff({ language }) },
    'GET /api/staff/log.php': { entries, next_before: null },
  });

const sessions = {
  sessions: [
    { id: 'a1', created_at: '2026-03-04T09:00:00Z', expires_at: '2026-03-05T09:00:00Z', current: true },
    { id: 'b2', created_at: '2026-03-01T09:00:00Z', expires_at: '2026-03-02T09:00:00Z', current: false },
  ],
};

describe('the back office in the staff member’s language', () => {
  it('writes the audit log as sentences with who acted and whom it was about', async () => {
    logServer('en', [
      buildEntry(),
      buildEntry({ id: 8, action: 'payment.refund', record: 'payment:12', subject: null, reason: 'Double charge' }),
      buildEntry({ id: 7, action: 'login', record: null, subject: null, changes: null }),
    ]);
    renderScreen(<StaffLogPage />, { at: '/staff/log', layout: <StaffLayout /> });
    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(within(entries).getByText('Ada changed the account of Olivia')).toBeTruthy();
    expect(within(entries).getByText('Ada refunded payment 12')).toBeTruthy();
    expect(within(entries).getByText('Reason: Double charge')).toBeTruthy();
    expect(within(entries).getByText('Ada signed in')).toBeTruthy();
    expect(within(entries).getAllByText('4 March 2026, 14:05')).toHaveLength(3);
  });

  it('shows a Polish admin the shell, the log and its dates in Polish, with no English left', async () => {
    logServer('pl', [buildEntry(), buildEntry({ id: 8, action: 'status.away', record: 'staff:1', subject: 'Ada' })]);
    const { container } = renderScreen(<StaffLogPage />, { at: '/staff/log', layout: <StaffLayout /> });
    const entries = await screen.findByRole('list', { name: 'Wpisy dziennika' });
    expect(within(entries).getByText('Ada zmienia konto osoby Olivia')).toBeTruthy();
    expect(within(entries).getByText('Ada wyłącza dostępność')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dziennik zdarzeń' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wyloguj się' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dziennik' })).toBeTruthy();
    expect(container.querySelector('.staff')?.getAttribute('lang')).toBe('pl');
    expect(container.textContent).toContain('4 marca 2026');
    for (const english of ['Audit log', 'Log out', 'Sessions', 'Team', 'Available', 'changed', 'Filter', 'Older']) {
      expect(container.textContent, english).not.toContain(english);
    }
  });

  it('switches the back office to the language a staff member chooses, and keeps the choice', async () => {
    let me = buildStaff({ language: 'en' });
    const server = fakeServer({
      'GET /api/staff/me.php': () => ({ staff: me }),
      'GET /api/staff/sessions.php': sessions,
      'POST /api/staff/language.php': (request) => {
        me = { ...me, language: (request.body as { language: 'nl' }).language };
        return { staff: me };
      },
    });
    const { events } = renderScreen(<StaffSessionsPage />, { at: '/staff/sessions', layout: <StaffLayout /> });
    await events.selectOptions(await screen.findByLabelText('Language of your back office'), 'nl');
    expect(await screen.findByRole('heading', { name: 'Sessies' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Beëindigen en uitloggen' })).toBeTruthy();
    expect((screen.getByLabelText('Taal van je backoffice') as HTMLSelectElement).value).toBe('nl');
    expect(server.sent('POST /api/staff/language.php')).toHaveLength(1);
  });

  it('counts as Polish counts in a Polish operator’s inbox: one, a few, many', async () => {
    const entry = (conversation: number, claimed_by: string | null): InboxEntry => ({
      conversation,
      hosted: { id: 50, name: 'Zofia' },
      member: {
        id: conversation,
        name: `Jan ${conversation}`,
        language: 'pl',
        country: 'PL',
        time_zone: 'Europe/Warsaw',
      },
      waiting_since: new Date(Date.now() - 5 * 60_000).toISOString(),
      last_message: { kind: 'photos_asked', text: null, gift: null },
      claimed_by,
      claimed_by_me: false,
    });
    const waiting = [1, 2, 3, 4, 5].map((id) => entry(id, id === 1 ? null : 'Ola'));
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff({ role: 'operator', language: 'pl' }) },
      'GET /api/staff/inbox.php': { conversations: waiting, refreshed_at: '2026-03-04T14:05:00Z' },
    });
    const { container } = renderScreen(<StaffInboxPage />, { at: '/staff/inbox', layout: <StaffLayout /> });
    const list = await screen.findByRole('list', { name: 'Rozmowy czekające na odpowiedź' });
    expect(container.textContent).toContain('5 rozmów czeka · 1 nieprzejęta');
    expect(within(list).getAllByText('Prośba o prywatne zdjęcia')).toHaveLength(5);
    expect(within(list).getAllByText('Rozmowę prowadzi Ola')).toHaveLength(4);
    expect(within(list).getByRole('button', { name: 'Przejmij' })).toBeTruthy();
    expect(list.textContent).toContain('Jan 1 pisze do profilu Zofia');
    expect(list.textContent).toContain('czeka 5 min');
  });

  it('opens an invitation in the language of the account it is for, not the page’s', async () => {
    const token = 'Ab3-invitation-token-0123456789';
    const server = fakeServer({
      'GET /api/staff/me.php': { staff: null },
      'GET /api/staff/invitation.php': { language: 'pl' },
    });
    const { container } = renderScreen(<StaffInvitationPage />, {
      at: `/staff/invitation?token=${token}`,
      layout: <StaffLayout />,
    });
    expect(await screen.findByRole('heading', { name: 'Konfiguracja logowania dwuetapowego' })).toBeTruthy();
    expect(screen.getByLabelText('Hasło')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeTruthy();
    expect(container.querySelector('.staff')?.getAttribute('lang')).toBe('pl');
    for (const english of ['Set up', 'Welcome', 'Password', 'Continue', 'Staff']) {
      expect(container.textContent, english).not.toContain(english);
    }
    expect(server.sent('GET /api/staff/invitation.php').map((request) => request.query)).toEqual([{ token }]);
  });

  it('says at once, in the page’s language, that a link is used or expired', async () => {
    const used = 'This invitation link has been used or has expired. Ask an admin for a new one.';
    const server = fakeServer({
      'GET /api/staff/me.php': { staff: null },
      'GET /api/staff/invitation.php': () => apiError(410, 'invitation_invalid', used),
    });
    renderScreen(<StaffInvitationPage />, {
      at: '/staff/invitation?token=Ab3-used-token-0123456789',
      layout: <StaffLayout />,
    });
    expect(await screen.findByText(used)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(server.sent('GET /api/staff/invitation.php')).toHaveLength(1);
  });
});
