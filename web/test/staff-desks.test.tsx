/** The moderation and money desks: deciding reports, and refunding payments. */
import type { ModerationCase, StaffPayment, Transaction } from '@amora/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffCasesPage from '../src/features/staff/cases/StaffCasesPage';
import StaffPaymentsPage from '../src/features/staff/payments/StaffPaymentsPage';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { apiError, fakeServer } from './server';

const sites = { sites: [{ id: 1, name: 'Amora NL', domain: 'amora.nl', domain_language: 'nl' }] };

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

  it('keeps what the desk is for behind the info button beside its title, not in a paragraph', async () => {
    casesServer();
    const { events } = renderScreen(<StaffCasesPage />);
    const explanation = /Each decision mails a statement of reasons/;
    await screen.findByRole('article', { name: 'Case 501' });
    expect(screen.queryByText(explanation)).toBeNull();
    await events.click(screen.getByRole('button', { name: 'About: Reports and complaints' }));
    expect(await screen.findByText(explanation)).toBeTruthy();
  });

  it('opens a report with no decision chosen, and asks for one before it decides', async () => {
    const server = casesServer();
    const { events } = renderScreen(<StaffCasesPage />);
    const form = await screen.findByRole('form', { name: 'Decide case 501' });
    const act = within(form).getByLabelText('Take action') as HTMLInputElement;
    const dismiss = within(form).getByLabelText('Dismiss') as HTMLInputElement;
    expect([act.checked, dismiss.checked]).toEqual([false, false]);
    expect(within(form).queryByLabelText('Measure')).toBeNull();
    await events.click(within(form).getByRole('button', { name: 'Decide and send the statement' }));
    const group = within(form).getByRole('group', { name: 'Decision' });
    expect(await within(form).findByText('Choose whether to take action or dismiss the case.')).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('POST /api/staff/case-decision.php')).toEqual([]);
    await events.click(act);
    expect(within(form).queryByText('Choose whether to take action or dismiss the case.')).toBeNull();
  });

  it('decides a report with a measure and the facts, and says the statements are on their way', async () => {
    const server = casesServer();
    const { events } = renderScreen(<StaffCasesPage />);
    const form = await screen.findByRole('form', { name: 'Decide case 501' });
    await events.click(within(form).getByLabelText('Take action'));
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
    const { events } = renderScreen(<StaffCasesPage />);
    const measures = (id: number) =>
      within(within(screen.getByRole('form', { name: `Decide case ${id}` })).getByLabelText('Measure'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    for (const id of [1, 2]) {
      const form = await screen.findByRole('form', { name: `Decide case ${id}` });
      await events.click(within(form).getByLabelText('Take action'));
    }
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
    await events.click(within(form).getByLabelText('Dismiss'));
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

  it('links each member to the members desk, and says how each payment stands in the staff member’s language', async () => {
    const server = paymentsServer([
      buildPayment(),
      buildPayment({
        id: 3003,
        member: null,
        status: 'refunded',
        credits: 2,
        refunded_credits: 2,
        refusal: 'trial_used',
        refund_refusal: 'refunded already',
      }),
    ]);
    server.on('GET /api/staff/me.php', { staff: buildStaff({ language: 'nl' }) });
    renderScreen(<StaffPaymentsPage />);
    const table = await screen.findByRole('table', { name: 'Betalingen' });
    const [, paid, trial] = within(table).getAllByRole('row') as HTMLElement[];
    expect(
      within(paid as HTMLElement)
        .getByRole('link', { name: 'Bob (#77)' })
        .getAttribute('href'),
    ).toBe('/staff/members/77');
    expect(paid?.textContent).toContain('100 credits');
    expect(paid?.textContent).toContain('Betaald');
    expect(within(paid as HTMLElement).getByRole('button', { name: 'Terugbetalen betaling #3001' })).toBeTruthy();
    expect(within(trial as HTMLElement).queryByRole('link')).toBeNull();
    expect(trial?.textContent).toContain('Verwijderd lid');
    expect(trial?.textContent).toContain('2 credits, 2 teruggenomen');
    expect(
      within(trial as HTMLElement).getByText(
        'Geen credits, terugbetaald: het proefpakket is voor leden die nog nooit betaalden',
      ),
    ).toBeTruthy();
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
