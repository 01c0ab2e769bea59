/**
 * Accounts as an attacker tries them: guessing passwords in parallel, probing which addresses
 * have an account, and old links or sessions that outlive a new password or address.
 */
import { LOCALE_COOKIE, LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  client,
  lastMail,
  linkFrom,
  loggedIn,
  mailCount,
  type TestClient,
  uniqueEmail,
  useTestApp,
} from './helpers.js';

const t = useTestApp();
const login = (visitor: TestClient, email: string, password: string) =>
  visitor.post('/api/user.php', { email, password });
const answer = (response: { statusCode: number; json(): { error?: string; minutes?: number } }) => {
  const { error, minutes } = response.json();
  return { status: response.statusCode, error, minutes };
};

async function resetLinkFor(email: string) {
  expect((await client(t.app).post('/api/reset-password.php', { email })).statusCode).toBe(200);
  return linkFrom(await lastMail(t, email)).token;
}

describe('POST /api/user.php (login) under attack', () => {
  it('locks the account after 12 wrong passwords sent at once, checking only 5, so the right one is refused after', async () => {
    const member = await buildMember(t.services);
    const attacker = client(t.app);
    const burst = await Promise.all(Array.from({ length: 12 }, () => login(attacker, member.email, 'wrong-password')));
    const errors = burst.map((response) => response.json().error);
    expect(errors.filter((error) => error === 'login_failed')).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(errors.filter((error) => error === 'login_blocked')).toHaveLength(12 - LOGIN_MAX_FAILURES + 1);
    const right = await login(client(t.app), member.email, member.password);
    expect(answer(right)).toEqual({ status: 429, error: 'login_blocked', minutes: LOGIN_BLOCK_MINUTES });
  });

  it('answers an unknown address as a known one: the same answers in the same order, blocked alike', async () => {
    const member = await buildMember(t.services);
    const tries = async (email: string) => {
      const visitor = client(t.app);
      const answers = [];
      for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) answers.push(answer(await login(visitor, email, 'wrong-password')));
      return answers;
    };
    const known = await tries(member.email);
    const unknown = await tries(uniqueEmail('nobody'));
    expect(unknown).toEqual(known);
    expect(known.at(-2)).toEqual({ status: 429, error: 'login_blocked', minutes: LOGIN_BLOCK_MINUTES });
    expect(known.slice(0, LOGIN_MAX_FAILURES - 1).every((a) => a.error === 'login_failed')).toBe(true);
  });

  it('lets a locked-out member reset the password by mail; the reset lifts the block', async () => {
    const member = await buildMember(t.services);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(client(t.app), member.email, 'wrong-password');
    expect(answer(await login(client(t.app), member.email, member.password)).error).toBe('login_blocked');

    const token = await resetLinkFor(member.email);
    const reset = await client(t.app).post('/api/reset-password-do.php', {
      token,
      password: 'a-new-password-1',
      password_repeat: 'a-new-password-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(client(t.app), member.email, 'a-new-password-1')).statusCode).toBe(200);
  });

  it('counts again from zero after a good login', async () => {
    const member = await buildMember(t.services);
    const visitor = client(t.app);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login(visitor, member.email, 'wrong-password');
    expect((await login(visitor, member.email, member.password)).statusCode).toBe(200);
    expect(answer(await login(client(t.app), member.email, 'wrong-password')).error).toBe('login_failed');
  });
});

describe('links and sessions after a new password or address', () => {
  const newPassword = { password: 'brand-new-pass-2', password_repeat: 'brand-new-pass-2' };

  it('a reset link mailed before a password change no longer works', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const token = await resetLinkFor(member.email);
    const change = await visitor.post('/api/password.php', { old_password: member.password, ...newPassword });
    expect(change.statusCode).toBe(200);
    expect((await client(t.app).get(`/api/reset-password-do.php?token=${token}`)).statusCode).toBe(410);
    const used = await client(t.app).post('/api/reset-password-do.php', {
      token,
      password: 'x-password-9',
      password_repeat: 'x-password-9',
    });
    expect(used.statusCode).toBe(410);
    expect((await login(client(t.app), member.email, newPassword.password)).statusCode).toBe(200);
  });

  it('a reset or mail-change link mailed before an address change no longer works, and other sessions end', async () => {
    const member = await buildMember(t.services);
    const laptop = await loggedIn(t.app, member);
    const phone = await loggedIn(t.app, member);
    const resetToken = await resetLinkFor(member.email);
    const newEmail = uniqueEmail('moved');
    await laptop.post('/api/mail-change.php', { email: newEmail, password: member.password });
    const changeToken = linkFrom(await lastMail(t, newEmail)).token;
    expect((await laptop.post('/api/mail-change-do.php', { token: changeToken })).statusCode).toBe(200);

    expect((await client(t.app).get(`/api/reset-password-do.php?token=${resetToken}`)).statusCode).toBe(410);
    expect((await phone.get('/api/user.php')).json().user).toBeNull();
    expect((await laptop.get('/api/user.php')).json().user.email).toBe(newEmail);
  });

  it('a mail-change link mailed before a password change no longer works', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const newEmail = uniqueEmail('later');
    await visitor.post('/api/mail-change.php', { email: newEmail, password: member.password });
    const token = linkFrom(await lastMail(t, newEmail)).token;
    await visitor.post('/api/password.php', { old_password: member.password, ...newPassword });
    expect((await visitor.post('/api/mail-change-do.php', { token })).statusCode).toBe(410);
    expect((await visitor.get('/api/user.php')).json().user.email).toBe(member.email);
  });

  it("a deleted account's reset link answers with the deleted-account message and sets nothing", async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const token = await resetLinkFor(member.email);
    const deleted = await visitor.post('/api/delete-account.php', { reason: 'other', password: member.password });
    expect(deleted.statusCode).toBe(200);

    const dutch = client(t.app, { cookies: { [LOCALE_COOKIE]: 'nl' } });
    const checked = await dutch.get(`/api/reset-password-do.php?token=${token}`);
    expect(checked.statusCode).toBe(403);
    expect(checked.json()).toMatchObject({ error: 'account_deleted', date: expect.any(String) });
    const used = await dutch.post('/api/reset-password-do.php', { token, ...newPassword });
    expect(used.json().error).toBe('account_deleted');
    expect(answer(await login(client(t.app), member.email, newPassword.password)).error).toBe('login_failed');
  });
});

describe('POST /api/mail-change.php', () => {
  it('needs the current password, and mails nothing without it', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member, { cookies: { [LOCALE_COOKIE]: 'nl' } });
    const mails = await mailCount(t);
    const response = await visitor.post('/api/mail-change.php', { email: uniqueEmail(), password: 'not-my-password' });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.password).toEqual({
      code: 'old_password_wrong',
      message: 'Controleer je oude wachtwoord.',
    });
    expect(await mailCount(t)).toBe(mails);
  });

  it('tells the old address, in the member language, what changed and how to secure the account', async () => {
    const member = await buildMember(t.services, { language: 'nl' });
    const visitor = await loggedIn(t.app, member);
    const newEmail = uniqueEmail('nieuw');
    await visitor.post('/api/mail-change.php', { email: newEmail, password: member.password });
    await visitor.post('/api/mail-change-do.php', { token: linkFrom(await lastMail(t, newEmail)).token });

    const notice = await lastMail(t, member.email);
    expect(notice?.subject).toBe('Het e-mailadres van je Amora-account is gewijzigd');
    expect(notice?.text).toContain(`${newEmail.slice(0, 1)}•••@`);
    expect(notice?.text).not.toContain(newEmail);
    expect(notice?.text).toContain('support@amora.test');
    expect(linkFrom(notice).path).toBe('/reset-password');
  });

  it('changes the address once when its link is followed 10 times at once', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const newEmail = uniqueEmail('burst');
    await visitor.post('/api/mail-change.php', { email: newEmail, password: member.password });
    const token = linkFrom(await lastMail(t, newEmail)).token;
    const before = await mailCount(t, member.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => visitor.post('/api/mail-change-do.php', { token })),
    );
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(410)]);
    expect(await mailCount(t, member.email)).toBe(before + 1);
  });
});
