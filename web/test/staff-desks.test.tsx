/** The moderation and money desks: a member's actions, deciding reports, and refunding payments. */
import type { ModerationCase, StaffMemberDetail, StaffPayment, Transaction } from '@amora/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffCasesPage from '../src/features/staff/cases/StaffCasesPage';
import StaffMemberPage from '../src/features/staff/members/StaffMemberPage';
import StaffPaymentsPage from '../src/features/staff/payments/StaffPaymentsPage';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { apiError, deferred, fakeServer, json, type SentRequest } from './server';

const sites = { sites: [{ id: 1, name: 'Amora NL', domain: 'amora.nl', domain_language: 'nl' }] };

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
          current = memberDetail(current.member, current.credits.balance + (action.amount ?? 0));
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
    expect(within(form).getByLabelText('Credits (+ grant, − take)').className).toContain('is-invalid');
    expect(screen.queryByText('Please check the highlighted fields.')).toBeNull();
  });

  it('suspends the member for a reason, mailing the facts given, and offers to lift it', async () => {
    const server = memberServer();
    const { events } = open();
    const form = await screen.findByRole('form', { name: 'Suspend or ban' });
    await events.selectOptions(within(form).getByLabelText('Reason'), 'Scam or asking for money');
    await events.type(within(form).getByLabelText('Facts and reasons (optional)'), 'Asked three members for money.');
    await events.click(within(form).getByRole('button', { name: 'Suspend' }));
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
    const suspend = (await screen.findByRole('button', { name: 'Suspend' })) as HTMLButtonElement;
    await events.click(suspend);
    await waitFor(() => expect(suspend.disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Adjust credits' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(json(memberDetail({ suspended_at: '2026-02-01T12:00:00Z', suspension: 'suspension' })));
    expect(await screen.findByRole('button', { name: 'Lift the suspension' })).toBeTruthy();
  });

  it('lets only admins erase an account, once they confirm', async () => {
    const server = memberServer('admin');
    server.on('POST /api/staff/member-erase.php', { ok: true });
    const { events, location } = open();
    const form = await screen.findByRole('form', { name: 'Erase the account' });
    const erase = within(form).getByRole('button', { name: 'Erase now' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    await events.type(within(form).getByLabelText('Why'), 'Court order 12/2026');
    await events.click(within(form).getByLabelText('I understand this cannot be undone'));
    await events.click(erase);
    await waitFor(() => expect(location()).toBe('/staff/members'));
    expect(server.sent('POST /api/staff/member-erase.php')[0]?.body).toEqual({
      member: 77,
      explanation: 'Court order 12/2026',
    });
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

function buildCase(overrides: Partial<ModerationCase> = {}): ModerationCase {
  return {
    id: 501,
    kind: 'report',
    status: 'open',
    site: { id: 1, name: 'Amora NL' },
    created_at: '2026-02-03T09:30:00Z',
    reason: 'inappropriate_photos',
    text: 'His photos are not OK.',
    reference: null,
    reporter: { profile: { id: 12, name: 'Carla' }, name: 'Carla', email: null },
    subject: { id: 77, name: 'Bob', hosted: false, suspended: false },
    reviewer: null,
    reviewing_by_me: false,
    decision: null,
    appeals: [],
    ...overrides,
  };
}

describe('StaffCasesPage', () => {
  function casesServer(cases: ModerationCase[] = [buildCase()]) {
    return fakeServer({
      'GET /api/staff/sites.php': sites,
      'GET /api/staff/cases.php': {
        cases,
        waiting: cases.length,
        appeals_waiting: 0,
        next_before: null,
        refreshed_at: '2026-02-03T10:00:00Z',
      },
      'POST /api/staff/case-decision.php': { ok: true },
      'POST /api/staff/case-review.php': { ok: true },
      'POST /api/staff/appeal-decision.php': { ok: true },
    });
  }

  it('shows a waiting report with who made it and whom it is about', async () => {
    casesServer();
    renderScreen(<StaffCasesPage />);
    const card = await screen.findByRole('article', { name: 'Case 501' });
    expect(within(card).getByRole('heading', { name: 'Report about Bob #501' })).toBeTruthy();
    expect(within(card).getByText('Inappropriate photos')).toBeTruthy();
    expect(within(card).getByText('Carla (profile 12)')).toBeTruthy();
    expect(within(card).getByText('Nobody is on this case yet.')).toBeTruthy();
  });

  it('decides a report with a measure and the facts, and says the statements are on their way', async () => {
    const server = casesServer();
    const { events } = renderScreen(<StaffCasesPage />);
    const form = await screen.findByRole('form', { name: 'Decide case 501' });
    expect(
      within(within(form).getByLabelText('Measure'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Warn the member', 'Suspend the account', 'Ban (the address cannot sign up again)']);
    await events.selectOptions(within(form).getByLabelText('Measure'), 'Suspend the account');
    await events.type(within(form).getByLabelText('Facts and reasons (optional)'), 'Nude photo in the gallery.');
    await events.click(within(form).getByRole('button', { name: 'Decide and send the statement' }));
    expect(await screen.findByText('Case #501 decided; the statements of reasons are on their way.')).toBeTruthy();
    expect(server.sent('POST /api/staff/case-decision.php')[0]?.body).toEqual({
      case: 501,
      decision: 'actioned',
      measure: 'suspension',
      explanation: 'Nude photo in the gallery.',
    });
  });

  it('dismisses a report without a measure', async () => {
    const server = casesServer();
    const { events } = renderScreen(<StaffCasesPage />);
    const form = await screen.findByRole('form', { name: 'Decide case 501' });
    await events.click(within(form).getByLabelText('Dismiss'));
    expect(within(form).queryByLabelText('Measure')).toBeNull();
    await events.click(within(form).getByRole('button', { name: 'Decide and send the statement' }));
    await screen.findByText('Case #501 decided; the statements of reasons are on their way.');
    expect(server.sent('POST /api/staff/case-decision.php')[0]?.body).toEqual({ case: 501, decision: 'dismissed' });
  });

  it('offers only a warning for a hosted profile, and only resolving for a complaint', async () => {
    casesServer([
      buildCase({ id: 1, subject: { id: 5, name: 'Hanna', hosted: true, suspended: false } }),
      buildCase({ id: 2, kind: 'complaint', subject: null, reason: 'payment' }),
    ]);
    renderScreen(<StaffCasesPage />);
    const measures = (id: number) =>
      within(within(screen.getByRole('form', { name: `Decide case ${id}` })).getByLabelText('Measure'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await screen.findByRole('form', { name: 'Decide case 1' });
    expect(measures(1)).toEqual(['Warn the member']);
    expect(measures(2)).toEqual(['Resolved']);
  });

  it('shows the refusal when someone else decided first', async () => {
    const server = casesServer();
    server.on(
      'POST /api/staff/case-decision.php',
      apiError(409, 'already_decided', 'Someone else decided this first; their decision stands.'),
    );
    const { events } = renderScreen(<StaffCasesPage />);
    const form = await screen.findByRole('form', { name: 'Decide case 501' });
    await events.click(within(form).getByRole('button', { name: 'Decide and send the statement' }));
    expect(await within(form).findByText('Someone else decided this first; their decision stands.')).toBeTruthy();
  });

  it('takes a case in review', async () => {
    const server = casesServer();
    const { events } = renderScreen(<StaffCasesPage />);
    await events.click(await screen.findByRole('button', { name: 'Take in review' }));
    await waitFor(() => expect(server.sent('POST /api/staff/case-review.php')[0]?.body).toEqual({ case: 501 }));
  });

  it('reviews an appeal against a colleague’s decision', async () => {
    const server = casesServer([
      buildCase({
        status: 'actioned',
        decision: {
          measure: 'suspension',
          explanation: null,
          decided_by: 'Mo',
          decided_at: '2026-02-03T11:00:00Z',
          by_me: false,
        },
        appeals: [
          {
            id: 9,
            party: 'subject',
            text: 'It was a holiday photo.',
            appealed_at: '2026-02-04T08:00:00Z',
            outcome: null,
            explanation: null,
            decided_by: null,
            decided_at: null,
          },
        ],
      }),
    ]);
    const { events } = renderScreen(<StaffCasesPage />);
    const form = await screen.findByRole('form', { name: 'Review appeal 9' });
    await events.click(within(form).getByLabelText('Reverse: withdraw the decision'));
    await events.type(within(form).getByLabelText('Reasons (optional)'), 'Holiday photo, nothing wrong.');
    await events.click(within(form).getByRole('button', { name: 'Send the outcome' }));
    expect(await screen.findByText('Appeal 9 reviewed; its outcome is mailed.')).toBeTruthy();
    expect(server.sent('POST /api/staff/appeal-decision.php')[0]?.body).toEqual({
      appeal: 9,
      outcome: 'reversed',
      explanation: 'Holiday photo, nothing wrong.',
    });
  });

  it('leaves an appeal against one’s own decision to a colleague', async () => {
    casesServer([
      buildCase({
        status: 'actioned',
        decision: {
          measure: 'warning',
          explanation: null,
          decided_by: 'Ada',
          decided_at: '2026-02-03T11:00:00Z',
          by_me: true,
        },
        appeals: [
          {
            id: 9,
            party: 'reporter',
            text: 'Not enough.',
            appealed_at: '2026-02-04T08:00:00Z',
            outcome: null,
            explanation: null,
            decided_by: null,
            decided_at: null,
          },
        ],
      }),
    ]);
    renderScreen(<StaffCasesPage />);
    expect(await screen.findByText('You took this decision: a colleague reviews the appeal.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Review appeal 9' })).toBeNull();
  });

  it('says when nothing waits', async () => {
    casesServer([]);
    renderScreen(<StaffCasesPage />);
    expect(await screen.findByText('Nothing waiting. Well done.')).toBeTruthy();
  });
});

function buildPayment(overrides: Partial<StaffPayment> = {}): StaffPayment {
  return {
    id: 3001,
    site: { id: 1, name: 'Amora NL' },
    member: { id: 77, name: 'Bob' },
    status: 'paid',
    method: 'ideal',
    amount: 1995,
    currency: 'EUR',
    credits: 100,
    refunded_credits: 0,
    refusal: null,
    created_at: '2026-02-01T10:00:00Z',
    paid_at: '2026-02-01T10:01:00Z',
    refund_refusal: null,
    ...overrides,
  };
}

const refunded: Transaction = {
  id: 3001,
  created_at: '2026-02-01T10:00:00Z',
  status: 'refunded',
  method: 'ideal',
  credits: 100,
  currency: 'EUR',
  list_price: 1995,
  discount_code: null,
  discount_percentage: 0,
  discount_amount: 0,
  amount: 1995,
  vat_rate: 2100,
  vat_amount: 346,
  paid_at: '2026-02-01T10:01:00Z',
  bundle_id: 31,
  recurring: false,
  refusal: null,
};

describe('StaffPaymentsPage', () => {
  function paymentsServer(
    payments = [buildPayment(), buildPayment({ id: 3002, refund_refusal: 'refund period over' })],
  ) {
    return fakeServer({
      'GET /api/staff/sites.php': sites,
      'GET /api/staff/payments.php': { payments, next_before: null },
      'POST /api/staff/refund.php': { transaction: refunded, credits_taken: 60 },
    });
  }

  it('offers a refund only for payments that may be refunded', async () => {
    paymentsServer();
    renderScreen(<StaffPaymentsPage />);
    expect(await screen.findByRole('button', { name: 'Refund payment #3001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund payment #3002' })).toBeNull();
    expect(screen.getAllByText('€19.95')).toHaveLength(2);
  });

  it('refunds in full once a reason is given, and says what was taken back', async () => {
    const server = paymentsServer();
    const { events } = renderScreen(<StaffPaymentsPage />);
    await events.click(await screen.findByRole('button', { name: 'Refund payment #3001' }));
    const form = screen.getByRole('form', { name: 'Refund payment #3001' });
    const yes = within(form).getByRole('button', { name: 'Yes, refund' }) as HTMLButtonElement;
    expect(yes.disabled).toBe(true);
    const reason = within(form).getByLabelText('Refund €19.95 in full? Why (for the audit log):');
    expect(document.activeElement).toBe(reason);
    await events.type(reason, 'Charged twice by mistake');
    await events.click(yes);
    expect(
      await screen.findByText('Payment #3001 refunded: €19.95 back to the member, 60 credits taken back.'),
    ).toBeTruthy();
    expect(server.sent('POST /api/staff/refund.php')[0]?.body).toEqual({
      payment: 3001,
      reason: 'Charged twice by mistake',
    });
  });

  it('shows why the provider refused the refund, and lets the admin cancel', async () => {
    const server = paymentsServer();
    server.on(
      'POST /api/staff/refund.php',
      apiError(409, 'refund_refused', 'This payment cannot be refunded: the provider refused it.'),
    );
    const { events } = renderScreen(<StaffPaymentsPage />);
    await events.click(await screen.findByRole('button', { name: 'Refund payment #3001' }));
    const form = screen.getByRole('form', { name: 'Refund payment #3001' });
    await events.type(within(form).getByRole('textbox'), 'Customer asked');
    await events.click(within(form).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(form).findByText('This payment cannot be refunded: the provider refused it.')).toBeTruthy();
    await events.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Refund payment #3001' })).toBeNull();
  });

  it('filters by status, method and member', async () => {
    const server = paymentsServer();
    const { events } = renderScreen(<StaffPaymentsPage />);
    await screen.findByRole('table', { name: 'Payments' });
    await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'PayPal');
    await events.type(screen.getByRole('textbox', { name: 'Member (profile id)' }), '#77x');
    await events.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(server.sent('GET /api/staff/payments.php').at(-1)?.query).toEqual({
        status: 'paid',
        method: 'paypal',
        member: '77',
      }),
    );
  });
});
