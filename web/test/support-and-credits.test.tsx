/** Forms anyone may send about the site: a complaint, and a discount code on /credits. */
import type { DiscountCode } from '@amora/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DiscountCodeForm } from '../src/features/credits/DiscountCodeForm';
import ComplaintsPage from '../src/features/support/ComplaintsPage';
import { buildSettings, buildUser } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json } from './server';

type Events = ReturnType<typeof renderScreen>['events'];

describe('ComplaintsPage', () => {
  const fillIn = async (events: Events) => {
    await events.selectOptions(screen.getByLabelText('What is it about?'), 'Another member');
    await events.type(screen.getByLabelText('Reference (optional)'), 'Profile Bob');
    await events.type(screen.getByLabelText('Your complaint'), 'He was rude to me.');
  };
  const send = (events: Events) => events.click(screen.getByRole('button', { name: 'Send complaint' }));

  it('fills in the member’s name and address, files the complaint and shows its number', async () => {
    const server = fakeServer({ 'POST /api/complaints.php': { number: 1042 } });
    const { events } = renderScreen(<ComplaintsPage />, {
      settings: buildSettings(),
      user: buildUser({ email: 'anna@example.com' }, { name: 'Anna' }),
    });
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Your email address') as HTMLInputElement).value).toBe('anna@example.com');
    expect(screen.getByText('A quick question? You can also email us at support@amora.test.')).toBeTruthy();
    await fillIn(events);
    await send(events);
    expect(await screen.findByRole('heading', { name: 'Thank you, we have received your complaint' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your complaint number is 1042. We have sent a confirmation to anna@example.com and will answer within 14 days.',
      ),
    ).toBeTruthy();
    const body = server.sent('POST /api/complaints.php')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      name: 'Anna',
      email: 'anna@example.com',
      category: 'member',
      reference: 'Profile Bob',
      message: 'He was rude to me.',
    });
    expect(body.client_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a visitor complain too, after naming themselves', async () => {
    const server = fakeServer({ 'POST /api/complaints.php': { number: 7 } });
    const { events } = renderScreen(<ComplaintsPage />, { settings: buildSettings(), user: null });
    await send(events);
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Your name'))).toBe('This field is required.'));
    expect(descriptionOf(screen.getByLabelText('Your email address'))).toBe('This field is required.');
    expect(descriptionOf(screen.getByLabelText('Your complaint'))).toBe('This field is required.');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await events.type(screen.getByLabelText('Your name'), 'Vera Visitor');
    await events.type(screen.getByLabelText('Your email address'), 'vera@example.com');
    await fillIn(events);
    await send(events);
    expect(await screen.findByText(/Your complaint number is 7\./)).toBeTruthy();
  });

  it('tries again by itself when the server falters, filing the complaint once under one id', async () => {
    let calls = 0;
    const server = fakeServer({
      'POST /api/complaints.php': () =>
        ++calls === 1 ? apiError(503, 'service_unavailable', 'Unavailable for a moment') : { number: 99 },
    });
    const { events } = renderScreen(<ComplaintsPage />, { settings: buildSettings(), user: buildUser() });
    await fillIn(events);
    await send(events);
    expect(await screen.findByText(/Your complaint number is 99\./)).toBeTruthy();
    const [first, second] = server
      .sent('POST /api/complaints.php')
      .map((request) => request.body as { client_id: string });
    expect(second?.client_id).toBe(first?.client_id);
  });

  it('starts a new complaint, with a new id, after one is filed', async () => {
    const server = fakeServer({ 'POST /api/complaints.php': { number: 5 } });
    const { events } = renderScreen(<ComplaintsPage />, { settings: buildSettings(), user: buildUser() });
    await fillIn(events);
    await send(events);
    await events.click(await screen.findByRole('button', { name: 'Submit another complaint' }));
    expect((screen.getByLabelText('Your complaint') as HTMLTextAreaElement).value).toBe('');
    await fillIn(events);
    await send(events);
    await screen.findByText(/Your complaint number is 5\./);
    const ids = server
      .sent('POST /api/complaints.php')
      .map((request) => (request.body as { client_id: string }).client_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('shows the server’s field errors at their fields', async () => {
    fakeServer({
      'POST /api/complaints.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        message: { code: 'too_long', message: 'too_long' },
      }),
    });
    const { events } = renderScreen(<ComplaintsPage />, { settings: buildSettings(), user: buildUser() });
    await fillIn(events);
    await send(events);
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Your complaint'))).toBe('This text is too long.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables sending while the complaint is on its way', async () => {
    const answer = deferred<Response>();
    fakeServer({ 'POST /api/complaints.php': () => answer.promise });
    const { events } = renderScreen(<ComplaintsPage />, { settings: buildSettings(), user: buildUser() });
    await fillIn(events);
    await send(events);
    const button = screen.getByRole('button', { name: 'Send complaint' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    answer.resolve(json({ number: 1 }));
    expect(await screen.findByText(/Your complaint number is 1\./)).toBeTruthy();
  });
});

describe('DiscountCodeForm', () => {
  const code: DiscountCode = {
    code: 'SPRING',
    kind: 'code',
    country: null,
    user_id: null,
    expires: null,
    value_percentage: 20,
    currency: null,
    minimum_order_value: 0,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: null,
  };
  const open = async (events: Events) => events.click(screen.getByRole('button', { name: 'Have a discount code?' }));

  it('opens on request, checks the code with the server and applies it', async () => {
    const server = fakeServer({ 'GET /api/discountcode.php': code });
    const onApply = vi.fn();
    const { events } = renderScreen(<DiscountCodeForm onApply={onApply} />);
    expect(screen.queryByLabelText('Discount code')).toBeNull();
    await open(events);
    await events.type(screen.getByLabelText('Discount code'), '  spring ');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(code));
    expect(server.sent('GET /api/discountcode.php')[0]?.query).toEqual({ code: 'spring' });
    expect(screen.queryByLabelText('Discount code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Have a discount code?' })).toBeTruthy();
  });

  it('says why a code is refused, at the field', async () => {
    fakeServer({ 'GET /api/discountcode.php': apiError(404, 'discount_not_found', 'Code not found') });
    const onApply = vi.fn();
    const { events } = renderScreen(<DiscountCodeForm onApply={onApply} />);
    await open(events);
    await events.type(screen.getByLabelText('Discount code'), 'NOPE');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Discount code'))).toBe('Code not found'));
    expect(onApply).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Discount code') as HTMLInputElement).value).toBe('NOPE');
  });

  it('asks nothing for an empty code', async () => {
    const server = fakeServer();
    const { events } = renderScreen(<DiscountCodeForm onApply={() => undefined} />);
    await open(events);
    await events.type(screen.getByLabelText('Discount code'), '   ');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect(server.sent('GET /api/discountcode.php')).toHaveLength(0);
  });

  it('cannot be applied twice while the code is being checked', async () => {
    const answer = deferred<Response>();
    fakeServer({ 'GET /api/discountcode.php': () => answer.promise });
    const { events } = renderScreen(<DiscountCodeForm onApply={() => undefined} />);
    await open(events);
    await events.type(screen.getByLabelText('Discount code'), 'SPRING');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(json(code));
    await waitFor(() => expect(screen.queryByLabelText('Discount code')).toBeNull());
  });

  it('clears the last refusal when a new code is tried', async () => {
    let calls = 0;
    fakeServer({
      'GET /api/discountcode.php': () =>
        ++calls === 1 ? apiError(410, 'discount_expired', 'This code has expired.') : code,
    });
    const onApply = vi.fn();
    const { events } = renderScreen(<DiscountCodeForm onApply={onApply} />);
    await open(events);
    await events.type(screen.getByLabelText('Discount code'), 'OLD');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code has expired.')).toBeTruthy();
    await events.clear(screen.getByLabelText('Discount code'));
    await events.type(screen.getByLabelText('Discount code'), 'SPRING');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(screen.queryByText('This code has expired.')).toBeNull();
  });
});
