import { describe, expect, it } from 'vitest';
import { buildMember, client, loggedIn, useTestApp } from './helpers.js';

const t = useTestApp();

const login = (email: string, password: string) => client(t.app).post('/api/user.php', { email, password });

describe('POST /api/password.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app).post('/api/password.php', {
      old_password: 'whatever',
      password: 'a brand new secret',
      password_repeat: 'a brand new secret',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('refuses a wrong old password with Controleer je oude wachtwoord.', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member, { cookies: { lang: 'nl' } });
    const response = await visitor.post('/api/password.php', {
      old_password: 'not my password',
      password: 'a brand new secret',
      password_repeat: 'a brand new secret',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.old_password).toEqual({
      code: 'old_password_wrong',
      message: 'Controleer je oude wachtwoord.',
    });
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('refuses new passwords that differ', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member, { cookies: { lang: 'nl' } });
    const response = await visitor.post('/api/password.php', {
      old_password: member.password,
      password: 'a brand new secret',
      password_repeat: 'a brand new secreT',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.password_repeat.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('changes the password, logs out other sessions and keeps the current one', async () => {
    const member = await buildMember(t.services);
    const current = await loggedIn(t.app, member);
    const other = await loggedIn(t.app, member);
    const response = await current.post('/api/password.php', {
      old_password: member.password,
      password: 'a brand new secret',
      password_repeat: 'a brand new secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect((await current.get('/api/user.php')).json().user.id).toBe(member.user.id);
    expect((await other.get('/api/user.php')).json()).toEqual({ user: null });
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, 'a brand new secret')).statusCode).toBe(200);
  });
});
