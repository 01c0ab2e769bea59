/** /staff/team: an admin adds staff, changes roles and capacity, disables and resets two-step sign-in. */
import type { StaffAccount } from '@amora/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import StaffTeamPage from '../src/features/staff/team/StaffTeamPage';
import { buildStaff } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json, type SentRequest } from './server';

const me = buildStaff({ id: 1, name: 'Admin Ada', email: 'ada@amora.test', role: 'admin' });
const olga = buildStaff({
  id: 2,
  name: 'Olga',
  email: 'olga@amora.test',
  role: 'operator',
  capacity: 4,
  two_step: true,
});
const mo = buildStaff({
  id: 3,
  name: 'Mo',
  email: 'mo@amora.test',
  role: 'moderator',
  disabled: true,
  two_step: false,
});

/** The team endpoint as the server keeps it: changes apply to the list it answers with next. */
function teamServer(team: StaffAccount[] = [me, olga, mo]) {
  let accounts = [...team];
  const server = fakeServer({
    'GET /api/staff/me.php': { staff: me },
    'GET /api/staff/team.php': () => ({ staff: accounts }),
    'PUT /api/staff/team.php': ({ body }: SentRequest) => {
      const change = body as Partial<StaffAccount> & { id: number };
      const { reset_two_step, unlock, ...rest } = change as typeof change & { reset_two_step?: true; unlock?: true };
      accounts = accounts.map((account) =>
        account.id === change.id
          ? { ...account, ...rest, ...(reset_two_step && { two_step: false }), ...(unlock && { locked_until: null }) }
          : account,
      );
      return { staff: accounts.find((account) => account.id === change.id) };
    },
  });
  return server;
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

describe('StaffTeamPage', () => {
  it('shows an account locked by wrong passwords, and lifts the lock', async () => {
    const locked = { ...olga, locked_until: '2026-01-02T10:15:00Z' };
    const server = teamServer([me, locked, mo]);
    const { events } = renderScreen(<StaffTeamPage />);
    await screen.findByRole('table', { name: /Staff accounts/ });
    expect(within(rowOf('Olga')).getByText(/^Locked until/)).toBeTruthy();
    await events.click(within(rowOf('Olga')).getByRole('button', { name: 'Unlock Olga' }));
    await waitFor(() => expect(within(rowOf('Olga')).queryByText(/^Locked until/)).toBeNull());
    expect(server.sent('PUT /api/staff/team.php')[0]?.body).toEqual({ id: 2, unlock: true });
  });

  it('lists the staff accounts, with the admin’s own row not to be changed', async () => {
    teamServer();
    renderScreen(<StaffTeamPage />);
    const table = await screen.findByRole('table', { name: /Staff accounts/ });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const own = rowOf('Admin Ada');
    expect(within(own).getByText('(you)')).toBeTruthy();
    expect(within(own).getByText('Ask another admin to change your account.')).toBeTruthy();
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Mo')).getByText('Disabled')).toBeTruthy();
    expect(within(rowOf('Olga')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Olga')).getByText('App set up')).toBeTruthy();
    expect(within(rowOf('Olga')).getByText('2 January 2026')).toBeTruthy();
  });

  it('adds a staff member and shows their first password once', async () => {
    const server = teamServer();
    server.on('POST /api/staff/team.php', {
      staff: buildStaff({ id: 9, name: 'Nina', email: 'nina@amora.test', role: 'moderator' }),
      password: 'tulip-harbour-42',
    });
    const { events } = renderScreen(<StaffTeamPage />);
    const form = screen.getByRole('form', { name: 'Add staff' });
    await events.type(within(form).getByLabelText('Email'), 'nina@amora.test');
    await events.type(within(form).getByLabelText('Name'), 'Nina');
    await events.selectOptions(within(form).getByLabelText('Role'), 'Moderator');
    await events.selectOptions(within(form).getByLabelText('Language of their back office and mails'), 'Deutsch');
    await events.click(within(form).getByRole('button', { name: 'Add staff' }));
    const shown = await screen.findByRole('region', { name: 'Nina is added as moderator' });
    expect(
      (within(shown).getByLabelText('Their first password, shown only this once:') as HTMLInputElement).value,
    ).toBe('tulip-harbour-42');
    expect(server.sent('POST /api/staff/team.php')[0]?.body).toEqual({
      email: 'nina@amora.test',
      name: 'Nina',
      role: 'moderator',
      language: 'de',
    });
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    await events.click(within(shown).getByRole('button', { name: 'Done, close' }));
    expect(screen.queryByText('tulip-harbour-42')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Nina is added as moderator' })).toBeNull();
  });

  it('copies the first password, or says to copy it by hand where the browser cannot', async () => {
    const server = teamServer();
    server.on('POST /api/staff/team.php', { staff: buildStaff({ id: 9, name: 'Nina' }), password: 'pw-1' });
    const { events } = renderScreen(<StaffTeamPage />);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await events.type(screen.getByLabelText('Email'), 'nina@amora.test');
    await events.type(screen.getByLabelText('Name'), 'Nina');
    await events.click(screen.getByRole('button', { name: 'Add staff' }));
    await events.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('pw-1');
    expect(await screen.findByText('Copied.')).toBeTruthy();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    await events.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Select it and copy it by hand.')).toBeTruthy();
  });

  it('checks the new account’s fields before sending', async () => {
    const server = teamServer();
    const { events } = renderScreen(<StaffTeamPage />);
    await events.type(screen.getByLabelText('Email'), 'not an address');
    await events.click(screen.getByRole('button', { name: 'Add staff' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Email'))).toBe('Invalid email'));
    expect(descriptionOf(screen.getByLabelText('Name'))).toBe('This field is required.');
    expect(server.sent('POST /api/staff/team.php')).toHaveLength(0);
  });

  it('shows the server’s refusal of an address at its field', async () => {
    const server = teamServer();
    server.on(
      'POST /api/staff/team.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        email: { code: 'email_taken', message: 'This email address already has an account on this site.' },
      }),
    );
    const { events } = renderScreen(<StaffTeamPage />);
    await events.type(screen.getByLabelText('Email'), 'olga@amora.test');
    await events.type(screen.getByLabelText('Name'), 'Olga Two');
    await events.click(screen.getByRole('button', { name: 'Add staff' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Email'))).toBe(
        'This email address already has an account on this site.',
      ),
    );
  });

  it('disables the add button while the account is being made', async () => {
    const server = teamServer();
    const answer = deferred<Response>();
    server.on('POST /api/staff/team.php', () => answer.promise);
    const { events } = renderScreen(<StaffTeamPage />);
    await events.type(screen.getByLabelText('Email'), 'nina@amora.test');
    await events.type(screen.getByLabelText('Name'), 'Nina');
    const button = screen.getByRole('button', { name: 'Add staff' }) as HTMLButtonElement;
    await events.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    answer.resolve(json({ staff: buildStaff({ id: 9, name: 'Nina' }), password: 'pw' }));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('changes another account’s role and how many conversations it holds at once', async () => {
    const server = teamServer();
    const { events } = renderScreen(<StaffTeamPage />);
    await events.selectOptions(await screen.findByRole('combobox', { name: 'Role of Olga' }), 'Moderator');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Role of Olga' }) as HTMLSelectElement).value).toBe('moderator'),
    );
    await events.selectOptions(screen.getByRole('combobox', { name: 'Conversations Olga holds at once' }), '10');
    await waitFor(() => expect(server.sent('PUT /api/staff/team.php')).toHaveLength(2));
    expect(server.sent('PUT /api/staff/team.php').map((request) => request.body)).toEqual([
      { id: 2, role: 'moderator' },
      { id: 2, capacity: 10 },
    ]);
  });

  it('asks before disabling an account, and can be cancelled', async () => {
    const server = teamServer();
    const { events } = renderScreen(<StaffTeamPage />);
    await events.click(await screen.findByRole('button', { name: 'Disable Olga' }));
    expect(screen.getByText('Disable Olga? Their sessions end now.')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Disable Olga? Their sessions end now.')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Disable Olga' }));
    await events.click(screen.getByRole('button', { name: 'Yes, disable' }));
    await waitFor(() => expect(within(rowOf('Olga')).getByText('Disabled')).toBeTruthy());
    expect(server.sent('PUT /api/staff/team.php').map((request) => request.body)).toEqual([{ id: 2, disabled: true }]);
  });

  it('enables a disabled account again', async () => {
    const server = teamServer();
    const { events } = renderScreen(<StaffTeamPage />);
    await events.click(await screen.findByRole('button', { name: 'Enable Mo' }));
    await waitFor(() => expect(within(rowOf('Mo')).getByText('Active')).toBeTruthy());
    expect(server.sent('PUT /api/staff/team.php')[0]?.body).toEqual({ id: 3, disabled: false });
  });

  it('resets the two-step sign-in of an account that has it, after asking', async () => {
    const server = teamServer();
    const { events } = renderScreen(<StaffTeamPage />);
    await events.click(await screen.findByRole('button', { name: 'Reset two-step of Olga' }));
    expect(screen.getByText(/Reset two-step sign-in for Olga\?/)).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Yes, reset' }));
    await waitFor(() => expect(within(rowOf('Olga')).getByText('Not set up')).toBeTruthy());
    expect(server.sent('PUT /api/staff/team.php')[0]?.body).toEqual({ id: 2, reset_two_step: true });
    expect(screen.queryByRole('button', { name: 'Reset two-step of Olga' })).toBeNull();
  });

  it('shows why a change was refused', async () => {
    const server = teamServer();
    server.on(
      'PUT /api/staff/team.php',
      apiError(403, 'staff_self_change', 'You cannot change or disable your own staff account; ask another admin.'),
    );
    const { events } = renderScreen(<StaffTeamPage />);
    await events.selectOptions(await screen.findByRole('combobox', { name: 'Role of Olga' }), 'Admin');
    expect(
      await screen.findByText('You cannot change or disable your own staff account; ask another admin.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Role of Olga' }) as HTMLSelectElement).value).toBe('operator'),
    );
  });

  it('says why the team could not be shown', async () => {
    const server = teamServer();
    server.on('GET /api/staff/team.php', apiError(403, 'forbidden', 'You are not allowed to do that.'));
    renderScreen(<StaffTeamPage />);
    expect(await screen.findByText('You are not allowed to do that.')).toBeTruthy();
  });
});
