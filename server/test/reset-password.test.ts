import { describe, expect, it } from 'vitest';
import { buildMember, client, lastMail, linkFrom, loggedIn, mailCount, useTestApp } from './helpers.js';

const t = useTestApp();

const dutch = () => client(t.app, { cookies: { lang: 'nl' } });
const LINK_INVALID = 'Link verlopen of invalide, vraag een nieuwe e-mail aan';

/** A member who asked for a reset, with the token from the mail. */
async function memberWithResetLink() {
  const member = await buildMember(t.services, { language: 'nl' });
  expect((await dutch().post('/api/reset-password.php', { email: member.email })).statusCode).toBe(200);
  return { member, token: linkFrom(await lastMail(t, member.email)).token };
}

const newPassword = (token: string, password = 'a brand new secret', repeat = password) =>
  dutch().post('/api/reset-password-do.php', { token, password, password_repeat: repeat });

describe('POST /api/reset-password.php', () => {
  it('mails a reset link in the language of the member', async () => {
    const member = await buildMember(t.services, { language: 'nl' });
    const response = await client(t.app).post('/api/reset-password.php', { email: member.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    const mail = await lastMail(t, member.email);
    expect(mail?.subject).toBe('Stel een nieuw wachtwoord in voor Amora');
    expect(linkFrom(mail).path).toMatch(/^\/reset-password\/do\?token=.+/);
  });

  it('links to the site whatever the Host header smuggles in', async () => {
    const member = await buildMember(t.services);
    for (const host of ['localhost:80@evil.test', 'localhost:evil.test']) {
      const response = await client(t.app, { host }).post('/api/reset-password.php', { email: member.email });
      expect(response.statusCode).toBe(200);
      expect(new URL(linkFrom(await lastMail(t, member.email)).url).hostname).toBe('localhost');
    }
    // The scheme and port are PUBLIC_URL's (http://localhost:3000 here), never the Host header's.
    await client(t.app, { host: 'LocalHost:8080' }).post('/api/reset-password.php', { email: member.email });
    expect(linkFrom(await lastMail(t, member.email)).url).toMatch(/^http:\/\/localhost:3000\/reset-password\/do\?/);
  });

  it('answers an unknown email with E-mailadres niet gevonden and sends nothing', async () => {
    const mails = await mailCount(t);
    const response = await dutch().post('/api/reset-password.php', { email: 'nobody@example.test' });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.email).toEqual({ code: 'email_not_found', message: 'E-mailadres niet gevonden' });
    expect(await mailCount(t)).toBe(mails);
  });

  it('refuses the fourth request in a day and accepts one again the next day', async () => {
    const member = await buildMember(t.services);
    for (let i = 0; i < 3; i++) {
      expect((await dutch().post('/api/reset-password.php', { email: member.email })).statusCode).toBe(200);
    }
    const fourth = await dutch().post('/api/reset-password.php', { email: member.email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: 'reset_limit',
      message: 'Te veel wachtwoordherstelmails verstuurd, probeer het morgen nog eens.',
    });
    expect(await mailCount(t, member.email)).toBe(3);

    t.clock.advance({ hours: 25 });
    expect((await dutch().post('/api/reset-password.php', { email: member.email })).statusCode).toBe(200);
  });
});

describe('GET /api/reset-password-do.php', () => {
  it('answers ok for a fresh link and link_invalid for a made-up one', async () => {
    const { token } = await memberWithResetLink();
    const fresh = await dutch().get(`/api/reset-password-do.php?token=${encodeURIComponent(token)}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ ok: true });

    const junk = await dutch().get('/api/reset-password-do.php?token=junk');
    expect(junk.statusCode).toBe(410);
    expect(junk.json()).toEqual({ error: 'link_invalid', message: LINK_INVALID });
  });
});

describe('POST /api/reset-password-do.php', () => {
  it('refuses passwords that differ', async () => {
    const { token } = await memberWithResetLink();
    const response = await newPassword(token, 'a brand new secret', 'another secret');
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.password_repeat.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    // The link still works after a typo.
    expect((await newPassword(token)).statusCode).toBe(200);
  });

  it('sets the new password, ends the old sessions and logs the member in', async () => {
    const { member, token } = await memberWithResetLink();
    const oldSession = await loggedIn(t.app, member);

    const visitor = dutch();
    const response = await visitor.post('/api/reset-password-do.php', {
      token,
      password: 'a brand new secret',
      password_repeat: 'a brand new secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(member.user.id);
    expect((await visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
    expect((await oldSession.get('/api/user.php')).json()).toEqual({ user: null });

    const oldPassword = await client(t.app).post('/api/user.php', { email: member.email, password: member.password });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await client(t.app).post('/api/user.php', { email: member.email, password: 'a brand new secret' });
    expect(fresh.statusCode).toBe(200);
  });

  it('accepts a link only once, and no older link after it', async () => {
    const { member, token: older } = await memberWithResetLink();
    await dutch().post('/api/reset-password.php', { email: member.email });
    const { token } = linkFrom(await lastMail(t, member.email));
    expect((await newPassword(token)).statusCode).toBe(200);

    for (const used of [token, older]) {
      const again = await newPassword(used, 'yet another secret');
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(LINK_INVALID);
    }
  });

  it('lifts a login block', async () => {
    const { member, token } = await memberWithResetLink();
    for (let i = 0; i < 5; i++)
      await client(t.app).post('/api/user.php', { email: member.email, password: 'wrong one!' });
    await newPassword(token);
    const login = await client(t.app).post('/api/user.php', { email: member.email, password: 'a brand new secret' });
    expect(login.statusCode).toBe(200);
  });

  it('answers account_suspended to a suspended member and changes nothing: the link works once the suspension is lifted', async () => {
    const { member, token } = await memberWithResetLink();
    await t.services.accounts.suspend(t.db, member.user.id, 'suspension');
    const response = await newPassword(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('account_suspended');
    expect(response.cookies.find((cookie) => cookie.name === 'amora_session')).toBeUndefined();
    const login = (password: string) => client(t.app).post('/api/user.php', { email: member.email, password });
    expect((await login('a brand new secret')).json().error).toBe('login_failed');

    await t.services.accounts.lift(t.db, member.user.id);
    expect((await newPassword(token)).statusCode).toBe(200);
    expect((await login('a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a link after 24 hours', async () => {
    const { member, token } = await memberWithResetLink();
    t.clock.advance({ hours: 25 });
    const check = await dutch().get(`/api/reset-password-do.php?token=${encodeURIComponent(token)}`);
    expect(check.statusCode).toBe(410);
    const response = await newPassword(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ error: 'link_invalid', message: LINK_INVALID });
    const login = await client(t.app).post('/api/user.php', { email: member.email, password: member.password });
    expect(login.statusCode).toBe(200);
  });
});
