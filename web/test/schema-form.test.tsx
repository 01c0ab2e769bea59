/**
 * useSchemaForm, the hook every form is built on (web/src/shared/forms/form.tsx), in a password change
 * built from the shared fields the way the settings page has it: checks, alerts and what the server answers.
 */
import { accountRoutes } from '@amora/common/routes/accounts';
import { passwordChangeRequest } from '@amora/common/schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ApiError, api } from '../src/api/client';
import { FormAlert, NewPasswordFields, PasswordField, SubmitButton, useSchemaForm } from '../src/shared/forms/form';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json } from './server';

type PasswordChange = z.output<typeof passwordChangeRequest>;

/** A password change as the settings page has it; `submit` is what happens on send. */
function PasswordForm({
  submit,
}: {
  // biome-ignore lint/suspicious/noConfusingVoidType: as useSchemaForm's own submit
  submit: (input: PasswordChange) => Promise<string | void>;
}) {
  const { form, onSubmit, alert } = useSchemaForm(
    passwordChangeRequest,
    { old_password: '', password: '', password_repeat: '' },
    submit,
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <FormAlert alert={alert} />
      <PasswordField form={form} name="old_password" label="Current password" purpose="current" />
      <NewPasswordFields form={form} />
      <SubmitButton busy={form.formState.isSubmitting}>Change password</SubmitButton>
    </form>
  );
}

const sendToServer = (input: PasswordChange) => api(accountRoutes.changePassword, input).then(() => 'Saved.');

async function fillPasswords(
  events: ReturnType<typeof renderScreen>['events'],
  old: string,
  next: string,
  repeat = next,
) {
  if (old) await events.type(screen.getByLabelText('Current password'), old);
  if (next) await events.type(screen.getByLabelText('New password'), next);
  if (repeat) await events.type(screen.getByLabelText('Repeat the new password'), repeat);
}

describe('useSchemaForm with the shared fields', () => {
  it('checks the fields with the shared schema before sending, in the page’s language', async () => {
    const server = fakeServer();
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, '', 'short', 'other');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('Current password'))).toBe('This field is required.');
    expect(descriptionOf(screen.getByLabelText('New password'))).toBe('Your password needs at least 8 characters.');
    expect(descriptionOf(screen.getByLabelText('Repeat the new password'))).toBe(
      'The passwords you entered do not match.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('says a field’s problem once it is left, before any submit', async () => {
    fakeServer();
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await events.type(screen.getByLabelText('New password'), 'abc');
    await events.tab();
    expect(descriptionOf(screen.getByLabelText('New password'))).toBe('Your password needs at least 8 characters.');
  });

  it('shows a new password’s rules under it until there is a problem to show instead', async () => {
    fakeServer();
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    const password = screen.getByLabelText('New password');
    expect(descriptionOf(password)).toBe('At least 8 characters.');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe('current-password');
    await events.type(password, 'abc');
    await events.tab();
    expect(screen.queryByText('At least 8 characters.')).toBeNull();
  });

  it('sends what was filled in, and shows the success message the submit returns', async () => {
    const server = fakeServer({ 'POST /api/password.php': { ok: true } });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saved.');
    expect(server.sent('POST /api/password.php')[0]?.body).toEqual({
      old_password: 'old secret',
      password: 'new secret 1',
      password_repeat: 'new secret 1',
    });
  });

  it('disables the submit button while the form is being sent', async () => {
    const answer = deferred<Response>();
    fakeServer({ 'POST /api/password.php': () => answer.promise });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    const button = screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement;
    await events.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    answer.resolve(json({ ok: true }));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('shows the server’s 422 messages at their fields, without a form alert for validation_failed', async () => {
    fakeServer({
      'POST /api/password.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        old_password: { code: 'old_password_wrong', message: 'Check your old password.' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'wrong', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Current password'))).toBe('Check your old password.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('translates a field message that is an error code, filling in its values', async () => {
    fakeServer({
      'POST /api/password.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        password: { code: 'password_too_short', message: 'password_too_short' },
        password_repeat: { code: 'mystery', message: 'some_unknown_code' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('New password'))).toBe('Your password needs at least 8 characters.'),
    );
    expect(descriptionOf(screen.getByLabelText('Repeat the new password'))).toBe('This value is not valid.');
  });

  it('shows a refusal about the whole form in its alert', async () => {
    fakeServer({
      'POST /api/password.php': apiError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.'),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please wait a moment and try again.');
    expect(alert.className).toContain('alert-danger');
  });

  it('shows the message in the alert too when the fields the server names are not in this form', async () => {
    fakeServer({
      'POST /api/password.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        token: { code: 'required', message: 'This field is required.' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
  });

  it('shows both the field message and the alert when an error other than validation names a field', async () => {
    fakeServer({
      'POST /api/password.php': apiError(403, 'login_blocked', 'Too many failed attempts, account blocked for 5 min.', {
        old_password: { code: 'login_blocked', message: 'Blocked for now.' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts, account blocked for 5 min.');
    expect(descriptionOf(screen.getByLabelText('Current password'))).toBe('Blocked for now.');
  });

  it('says the network failed when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The connection failed. Check your internet connection and try again.',
    );
  });

  it('clears the last alert when the form is sent again', async () => {
    let calls = 0;
    fakeServer({
      'POST /api/password.php': () =>
        ++calls === 1 ? apiError(500, 'server_error', 'Something went wrong, please try again later.') : { ok: true },
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, please try again later.');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Saved.'));
  });

  it('shows an error of the app’s own in the alert, not at a field', async () => {
    const { events } = renderScreen(
      <PasswordForm
        submit={async () => {
          throw new ApiError(0, 'network_error', 'The connection failed.', {
            old_password: { code: 'x', message: 'y' },
          });
        }}
      />,
    );
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The connection failed.');
  });

  it('shows a failure that is no ApiError by its text', async () => {
    const { events } = renderScreen(
      <PasswordForm
        submit={async () => {
          throw new Error('camera unavailable');
        }}
      />,
    );
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('camera unavailable');
  });
});
