/** The members desk: what staff may know of a member, and what they may do to the account. */
import type { StaffMemberDetail } from '@amora/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffMemberPage from '../src/features/staff/members/StaffMemberPage';
import { buildStaff } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json, type SentRequest } from './server';

function memberDetail(overrides: Partial<StaffMemberDetail['member']> = {}, balance = 40): StaffMemberDetail {
  return {
    member: {
      id: 77,
      name: 'Bob',
      site: { id: 1, name: 'Amora NL' },
      status: 'active',
      date_of_birth: '1990-04-02',
      country: 'NL',
      city: 'Utrecht',
      about: 'Hi there',
      email: 'bob@example.com',
      language: 'nl',
      confirmed: true,
      paid: false,
      signup_date: '2026-01-10T08:00:00Z',
      deleted_at: null,
      suspended_at: null,
      suspension: null,
      ...overrides,
    },
    photos: [],
    credits: {
      balance,
      ledger: [
        { id: 1, delta: 40, balance_after: 40, reason: 'signup', reference: null, created_at: '2026-01-10T08:00:00Z' },
      ],
    },
    payments: [],
    reports: [],
    sessions: [],
  };
}

describe('StaffMemberPage', () => {
  function memberServer(role: 'admin' | 'moderator' = 'moderator', member = memberDetail()) {
    let current = member;
    return fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff({ role }) },
      'GET /api/staff/member.php': () => current,
      'POST /api/staff/member-action.php': ({ body }: SentRequest) => {
        const action = body as { action: string; amount?: number };
        if (action.action === 'credits') {
          current = {
            ...memberDetail(current.member, current.credits.balance + (action.amount ?? 0)),
            reports: current.reports,
          };
        } else if (action.action === 'suspend' || action.action === 'ban') {
          current = memberDetail({
            status: 'suspended',
            suspended_at: '2026-02-01T12:00:00Z',
            suspension: action.action === 'ban' ? 'ban' : 'suspension',
          });
        } else if (action.action === 'lift') {
          current = memberDetail();
        }
        return current;
      },
    });
  }
  const open = (id = 77) =>
    renderScreen(<StaffMemberPage />, { at: `/staff/members/${id}`, route: '/staff/members/:id' });

  it('shows what staff may know of the member', async () => {
    const server = memberServer();
    open();
    expect(await screen.findByRole('heading', { name: 'Bob profile 77' })).toBeTruthy();
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    expect(screen.getByText('Utrecht, NL')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Credits: 40' })).toBeTruthy();
    expect(server.sent('GET /api/staff/member.php')[0]?.query).toEqual({ id: '77' });
  });

  it('grants credits with the explanation given, and shows the new balance', async () => {
    const server = memberServer();
    const { events } = open();
    const form = await screen.findByRole('form', { name: 'Grant or take credits' });
    await events.type(within(form).getByLabelText('Credits (+ grant, − take)'), '25');
    await events.type(within(form).getByLabelText('Why'), 'Goodwill after a failed payment');
    await events.click(within(form).getByRole('button', { name: 'Adjust credits' }));
    expect(await screen.findByText('Credits adjusted.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Credits: 65' })).toBeTruthy();
    expect(server.sent('POST /api/staff/member-action.php')[0]?.body).toEqual({
      member: 77,
      action: 'credits',
      amount: 25,
      explanation: 'Goodwill after a failed payment',
    });
    expect((within(form).getByLabelText('Credits (+ grant, − take)') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s reasons at the credit fields', async () => {
    const server = memberServer();
    server.on(
      'POST /api/staff/member-action.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        amount: { code: 'invalid', message: 'This value is not valid.' },
      }),
    );
    const { events } = open();
    const form = await screen.findByRole('form', { name: 'Grant or take credits' });
    await events.type(within(form).getByLabelText('Credits (+ grant, − take)'), '9999999');
    await events.click(within(form).getByRole('button', { name: 'Adjust credits' }));
    expect(await within(form).findByText('This value is not valid.')).toBeTruthy();
    const amount = within(form).getByLabelText('Credits (+ grant, − take)');
    expect(amount.className).toContain('is-invalid');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(amount)).toBe('This value is not valid.');
    expect(screen.queryByText('Please check the highlighted fields.')).toBeNull();
  });

  it('shows the reason for a suspension’s facts at that form, not at the credits’ why', async () => {
    const server = memberServer();
    server.on(
      'POST /api/staff/member-action.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        explanation: { code: 'too_long', message: 'This text is too long.' },
      }),
    );
    const { events } = open();
    const measure = await screen.findByRole('form', { name: 'Suspend or ban' });
    await events.type(within(measure).getByLabelText('Facts and reasons (optional)'), 'A long story.');
    await events.click(within(measure).getByRole('button', { name: 'Suspend' }));
    await events.click(within(measure).getByRole('button', { name: 'Yes, suspend' }));
    const facts = within(measure).getByLabelText('Facts and reasons (optional)');
    await waitFor(() => expect(facts.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(facts)).toBe(
      'This text is too long. Mailed to the member with the statement of reasons and a link to appeal.',
    );
    const credits = screen.getByRole('form', { name: 'Grant or take credits' });
    expect(within(credits).getByLabelText('Why').hasAttribute('aria-invalid')).toBe(false);
  });

  it('suspends the member for a reason, mailing the facts given, and offers to lift it', async () => {
    const server = memberServer();
    const { events } = open();
    const form = await screen.findByRole('form', { name: 'Suspend or ban' });
    await events.selectOptions(within(form).getByLabelText('Reason'), 'Scam or asking for money');
    await events.type(within(form).getByLabelText('Facts and reasons (optional)'), 'Asked three members for money.');
    await events.click(within(form).getByRole('button', { name: 'Suspend' }));
    expect(server.sent('POST /api/staff/member-action.php')).toEqual([]);
    expect(within(form).getByText('Suspend Bob? They are signed out at once and mailed why.')).toBeTruthy();
    await events.click(within(form).getByRole('button', { name: 'Yes, suspend' }));
    expect(await screen.findByText('Suspended; the member is mailed why.')).toBeTruthy();
    expect(server.sent('POST /api/staff/member-action.php')[0]?.body).toEqual({
      member: 77,
      action: 'suspend',
      reason: 'scam',
      explanation: 'Asked three members for money.',
    });
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
    await events.click(screen.getByRole('button', { name: 'Lift the suspension' }));
    expect(await screen.findByText('Lifted: the member can sign in again.')).toBeTruthy();
    expect(server.sent('POST /api/staff/member-action.php')[1]?.body).toEqual({ member: 77, action: 'lift' });
  });

  it('bans without an explanation when none is written', async () => {
    const server = memberServer();
    const { events } = open();
    const form = await screen.findByRole('form', { name: 'Suspend or ban' });
    await events.click(within(form).getByRole('button', { name: 'Ban' }));
    await events.click(within(form).getByRole('button', { name: 'Yes, ban' }));
    expect(await screen.findByText('Banned; the member is mailed why.')).toBeTruthy();
    expect(server.sent('POST /api/staff/member-action.php')[0]?.body).toEqual({
      member: 77,
      action: 'ban',
      reason: 'fake',
    });
    expect(screen.getByRole('button', { name: 'Lift the ban' })).toBeTruthy();
  });

  it('disables the actions while one is under way', async () => {
    const server = memberServer();
    const answer = deferred<Response>();
    server.on('POST /api/staff/member-action.php', () => answer.promise);
    const { events } = open();
    await events.click(await screen.findByRole('button', { name: 'Suspend' }));
    const suspend = screen.getByRole('button', { name: 'Yes, suspend' }) as HTMLButtonElement;
    await events.click(suspend);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Suspend' })).toHaveProperty('disabled', true));
    expect((screen.getByRole('button', { name: 'Adjust credits' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(json(memberDetail({ suspended_at: '2026-02-01T12:00:00Z', suspension: 'suspension' })));
    expect(await screen.findByRole('button', { name: 'Lift the suspension' })).toBeTruthy();
  });

  it('lets only admins erase an account, once they confirm', async () => {
    const server = memberServer('admin');
    server.on('POST /api/staff/member-erase.php', { ok: true });
    const { events, location } = open();
    const form = await screen.findByRole('form', { name: 'Erase the account' });
    await events.type(within(form).getByLabelText('Why'), 'Court order 12/2026');
    await events.click(within(form).getByRole('button', { name: 'Erase now' }));
    expect(server.sent('POST /api/staff/member-erase.php')).toEqual([]);
    expect(within(form).getByText('Erase everything of Bob for good? This cannot be undone.')).toBeTruthy();
    await events.click(within(form).getByRole('button', { name: 'Yes, erase' }));
    await waitFor(() => expect(location()).toBe('/staff/members'));
    expect(server.sent('POST /api/staff/member-erase.php')[0]?.body).toEqual({
      member: 77,
      explanation: 'Court order 12/2026',
    });
  });

  it('keeps suspending, banning and erasing in a danger zone at the bottom, all in the outlined danger style', async () => {
    memberServer('admin');
    const { container } = open();
    const zone = await screen.findByRole('region', { name: 'Danger zone' });
    const destructive = ['Suspend', 'Ban', 'Erase now'].map((name) => within(zone).getByRole('button', { name }));
    expect(destructive.map((button) => button.className.includes('btn-outline-danger'))).toEqual([true, true, true]);
    expect(container.querySelector('.staff-member')?.lastElementChild).toBe(zone);
    const actions = screen.getByRole('form', { name: 'Grant or take credits' }).closest('.staff-card');
    expect(actions?.querySelector('.btn-danger, .btn-outline-danger')).toBeNull();
  });

  it('starts afresh on another member’s page, without the outcome of an action on the one before', async () => {
    const report = {
      id: 1,
      reason: 'scam',
      comment: null,
      created_at: '2026-02-01T12:00:00Z',
      direction: 'received' as const,
      other: { id: 12, name: 'Carla' },
    };
    memberServer('moderator', { ...memberDetail(), reports: [report] });
    const { events, location } = open();
    const form = await screen.findByRole('form', { name: 'Grant or take credits' });
    await events.type(within(form).getByLabelText('Credits (+ grant, − take)'), '5');
    await events.type(within(form).getByLabelText('Why'), 'Goodwill');
    await events.click(within(form).getByRole('button', { name: 'Adjust credits' }));
    await screen.findByText('Credits adjusted.');
    await events.click(screen.getByRole('button', { name: 'Ban' }));
    await events.click(screen.getByRole('link', { name: 'Carla' }));
    await waitFor(() => expect(location()).toBe('/staff/members/12'));
    await screen.findByRole('form', { name: 'Grant or take credits' });
    expect(screen.queryByText('Credits adjusted.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yes, ban' })).toBeNull();
  });

  it('offers no erasing to a moderator', async () => {
    memberServer('moderator');
    open();
    await screen.findByRole('form', { name: 'Grant or take credits' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Erase the account' })).toBeNull());
  });

  it('says so when there is no such member', async () => {
    const server = memberServer();
    server.on('GET /api/staff/member.php', apiError(404, 'not_found', 'This page could not be found'));
    open(404);
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });
});
