/** Signing up, logging in and resetting a password: what a visitor fills in, sends and sees. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import LoginPage from '../src/features/accounts/LoginPage';
import ResetPasswordDoPage from '../src/features/accounts/ResetPasswordDoPage';
import ResetPasswordPage from '../src/features/accounts/ResetPasswordPage';
import { SignupForm } from '../src/features/accounts/SignupForm';
import { SIGNUP_COMPLETE_KEY } from '../src/shared/components/ActivationReminder';
import { buildSettings, buildUser } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json } from './server';

type Events = ReturnType<typeof renderScreen>['events'];

async function fillSignup(events: Events, { email = 'bob@example.com', name = 'Bobby', password = 'secret123' } = {}) {
  if (email) await events.type(screen.getByLabelText('Email address'), email);
  if (name) await events.type(screen.getByLabelText('Profile name'), name);
  if (password) await events.type(screen.getByLabelText('Password'), password);
  await events.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '9');
  await events.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'March');
  await events.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1988');
}

const joinButton = () => screen.getByRole('button', { name: 'Join free' });

describe('SignupForm', () => {
  it('signs the visitor up with what they filled in and the traffic source of their first visit', async () => {
    localStorage.setItem('amora.tracking', JSON.stringify({ network: 'adnet', sub1: 'spring' }));
    const server = fakeServer({ 'POST /api/signup.php': { user: buildUser({ email: 'bob@example.com' }) } });
    const signedUp = vi.fn();
    const { events, queryClient } = renderScreen(<SignupForm onSignedUp={signedUp} />, {
      settings: buildSettings(),
      user: null,
    });
    await fillSignup(events);
    await events.type(screen.getByLabelText('A first line about yourself (optional)'), 'Hello there');
    await events.click(joinButton());
    await waitFor(() => expect(signedUp).toHaveBeenCalled());
    expect(server.sent('POST /api/signup.php')[0]?.body).toEqual({
      email: 'bob@example.com',
      name: 'Bobby',
      password: 'secret123',
      date_of_birth: '1988-03-09',
      signup_message: 'Hello there',
      tracking: { network: 'adnet', sub1: 'spring' },
    });
    expect(queryClient.getQueryData<{ email: string }>(['user'])?.email).toBe('bob@example.com');
    expect(sessionStorage.getItem(SIGNUP_COMPLETE_KEY)).toBe('1');
  });

  it('names every problem at its field before sending anything', async () => {
    const server = fakeServer();
    const { events } = renderScreen(<SignupForm onSignedUp={() => undefined} />, { settings: buildSettings() });
    await events.type(screen.getByLabelText('Email address'), 'not-an-address');
    await events.type(screen.getByLabelText('Profile name'), '@bob');
    await events.type(screen.getByLabelText('Password'), 'short');
    await events.click(joinButton());
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Email address'))).toBe('Invalid email'));
    expect(descriptionOf(screen.getByLabelText('Profile name'))).toBe('Your profile name cannot start with @');
    expect(descriptionOf(screen.getByLabelText('Password'))).toBe('Your password needs at least 8 characters.');
    expect(descriptionOf(screen.getByRole('group', { name: 'Date of birth' }))).toBe('Please enter your date of birth');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a profile name that is the email address', async () => {
    fakeServer();
    const { events } = renderScreen(<SignupForm onSignedUp={() => undefined} />, { settings: buildSettings() });
    await fillSignup(events, { email: 'bob@example.com', name: 'Bob@Example.com' });
    await events.click(joinButton());
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Profile name'))).toBe(
        'Your profile name must be different from your email address',
      ),
    );
  });

  it('shows the server’s field errors at their fields, in the visitor’s language', async () => {
    fakeServer({
      'POST /api/signup.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        email: { code: 'email_taken', message: 'This email address already has an account on this site.' },
        date_of_birth: { code: 'too_young', message: 'too_young' },
      }),
    });
    const signedUp = vi.fn();
    const { events } = renderScreen(<SignupForm onSignedUp={signedUp} />, { settings: buildSettings() });
    await fillSignup(events);
    await events.click(joinButton());
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Email address'))).toBe(
        'This email address already has an account on this site.',
      ),
    );
    expect(descriptionOf(screen.getByRole('group', { name: 'Date of birth' }))).toBe(
      'You must be 18 or older to join.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signedUp).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SIGNUP_COMPLETE_KEY)).toBeNull();
  });

  it('says so when the site takes no signups', async () => {
    fakeServer({
      'POST /api/signup.php': apiError(403, 'signup_closed', 'Signing up is not possible on this site right now.'),
    });
    const { events } = renderScreen(<SignupForm onSignedUp={() => undefined} />, { settings: buildSettings() });
    await fillSignup(events);
    await events.click(joinButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Signing up is not possible on this site right now.');
  });

  it('cannot be sent twice while the first signup is under way', async () => {
    const answer = deferred<Response>();
    const server = fakeServer({ 'POST /api/signup.php': () => answer.promise });
    const { events } = renderScreen(<SignupForm onSignedUp={() => undefined} />, { settings: buildSettings() });
    await fillSignup(events);
    await events.click(joinButton());
    await waitFor(() => expect((joinButton() as HTMLButtonElement).disabled).toBe(true));
    await events.click(joinButton());
    expect(server.sent('POST /api/signup.php')).toHaveLength(1);
    answer.resolve(json({ user: buildUser() }));
    await waitFor(() => expect((joinButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it('links the terms and the privacy policy, with the date of the terms’ version', () => {
    fakeServer();
    renderScreen(<SignupForm onSignedUp={() => undefined} />, {
      settings: buildSettings({ terms_version_date: '2026-01-15' }),
    });
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/pages/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/pages/privacy');
    expect(screen.getByText(/version of January 15, 2026/)).toBeTruthy();
  });
});

describe('LoginPage', () => {
  const signIn = async (events: Events, email = 'anna@example.com', password = 'secret123') => {
    await events.type(screen.getByLabelText('Email address'), email);
    await events.type(screen.getByLabelText('Password'), password);
    await events.click(screen.getByRole('button', { name: 'Log in' }));
  };

  it('logs in with email and password and goes where the visitor was going', async () => {
    const server = fakeServer({ 'POST /api/user.php': { user: buildUser() } });
    const { events, location } = renderScreen(<LoginPage />, { at: '/login?next=%2Fchats%2F7', user: null });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    await signIn(events);
    await waitFor(() => expect(location()).toBe('/chats/7'));
    expect(server.sent('POST /api/user.php')[0]?.body).toEqual({ email: 'anna@example.com', password: 'secret123' });
  });

  it('goes home after a login when the next page is on another site', async () => {
    fakeServer({ 'POST /api/user.php': { user: buildUser() } });
    const { events, location } = renderScreen(<LoginPage />, { at: '/login?next=%2F%2Fevil.example', user: null });
    await signIn(events);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows a refused login in the form, and stays', async () => {
    fakeServer({ 'POST /api/user.php': apiError(403, 'login_failed', 'Login failed, please try again') });
    const { events, location } = renderScreen(<LoginPage />, { at: '/login', user: null });
    await signIn(events, 'anna@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again');
    expect(location()).toBe('/login');
  });

  it('asks for both fields before sending', async () => {
    const server = fakeServer();
    const { events } = renderScreen(<LoginPage />, { at: '/login', user: null });
    await events.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Email address'))).toBe('This field is required.'));
    expect(descriptionOf(screen.getByLabelText('Password'))).toBe('This field is required.');
    expect(server.sent('POST /api/user.php')).toHaveLength(0);
  });

  it('sends a member who is signed in already straight on', () => {
    fakeServer();
    const { location } = renderScreen(<LoginPage />, { at: '/login?next=%2Flikes', user: buildUser() });
    expect(location()).toBe('/likes');
  });

  it('lets a password manager offer the saved address and passkeys, and links to reset and signup', () => {
    fakeServer();
    renderScreen(<LoginPage />, { at: '/login?next=%2Flikes', user: null });
    expect(screen.getByLabelText('Email address').getAttribute('autocomplete')).toBe('username webauthn');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'No account yet? Sign up for free' }).getAttribute('href')).toBe(
      '/signup?next=%2Flikes',
    );
  });
});

describe('ResetPasswordPage', () => {
  it('sends the reset link and says where it went', async () => {
    const server = fakeServer({ 'POST /api/reset-password.php': { ok: true } });
    const { events } = renderScreen(<ResetPasswordPage />, { at: '/reset-password' });
    await events.type(screen.getByLabelText('Email address'), ' anna@example.com ');
    await events.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(
      await screen.findByText('We sent an email to anna@example.com. Follow the link in it to choose a new password.'),
    ).toBeTruthy();
    expect(server.sent('POST /api/reset-password.php')[0]?.body).toEqual({ email: 'anna@example.com' });
    expect(screen.queryByRole('button', { name: 'Send me a link' })).toBeNull();
  });

  it('shows why no link was sent', async () => {
    fakeServer({
      'POST /api/reset-password.php': apiError(
        429,
        'reset_limit',
        'Too many password reset emails sent, please try again tomorrow.',
      ),
    });
    const { events } = renderScreen(<ResetPasswordPage />, { at: '/reset-password' });
    await events.type(screen.getByLabelText('Email address'), 'anna@example.com');
    await events.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many password reset emails sent, please try again tomorrow.',
    );
  });
});

describe('ResetPasswordDoPage', () => {
  const token = 'abcdefghijklmnopqrstuvwx';

  it('checks the link, then sets the new password, signs in and goes home', async () => {
    const server = fakeServer({
      'GET /api/reset-password-do.php': { ok: true },
      'POST /api/reset-password-do.php': { user: buildUser() },
    });
    const { events, location, queryClient } = renderScreen(<ResetPasswordDoPage />, {
      at: `/reset-password-do?token=${token}`,
      user: null,
    });
    await events.type(await screen.findByLabelText('New password'), 'brand new 1');
    await events.type(screen.getByLabelText('Repeat the new password'), 'brand new 1');
    await events.click(screen.getByRole('button', { name: 'Save my new password' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.sent('GET /api/reset-password-do.php')[0]?.query).toEqual({ token });
    expect(server.sent('POST /api/reset-password-do.php')[0]?.body).toEqual({
      token,
      password: 'brand new 1',
      password_repeat: 'brand new 1',
    });
    expect(queryClient.getQueryData(['user'])).not.toBeNull();
  });

  it('says a link that expired is no good, and offers a new one', async () => {
    fakeServer({
      'GET /api/reset-password-do.php': apiError(
        400,
        'link_invalid',
        'Link expired or invalid, please request a new email',
      ),
    });
    renderScreen(<ResetPasswordDoPage />, { at: `/reset-password-do?token=${token}` });
    expect(await screen.findByText(/Link expired or invalid, please request a new email/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new email' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says a link without its token is no good, without asking the server', () => {
    const server = fakeServer();
    renderScreen(<ResetPasswordDoPage />, { at: '/reset-password-do' });
    expect(screen.getByText(/Link expired or invalid, please request a new email/)).toBeTruthy();
    expect(server.sent('GET /api/reset-password-do.php')).toHaveLength(0);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('wants the two passwords to match', async () => {
    const server = fakeServer({ 'GET /api/reset-password-do.php': { ok: true } });
    const { events } = renderScreen(<ResetPasswordDoPage />, { at: `/reset-password-do?token=${token}` });
    await events.type(await screen.findByLabelText('New password'), 'brand new 1');
    await events.type(screen.getByLabelText('Repeat the new password'), 'brand new 2');
    await events.click(screen.getByRole('button', { name: 'Save my new password' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Repeat the new password'))).toBe(
        'The passwords you entered do not match.',
      ),
    );
    expect(server.sent('POST /api/reset-password-do.php')).toHaveLength(0);
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
