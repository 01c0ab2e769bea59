import { describe, expect, it } from 'vitest';
import { buildMember, buildSite, client, loggedIn, useTestApp } from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'other.test' });
  },
});

const login = (visitor: ReturnType<typeof client>, email: string, password: string) =>
  visitor.post('/api/user.php', { email, password });

describe('POST /api/user.php', () => {
  it('logs a member in with a 30-day httpOnly session cookie', async () => {
    const member = await buildMember(t.services, { name: 'Eva', credits: 7 });
    const visitor = client(t.app);
    const response = await login(visitor, member.email, member.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: member.user.id,
      email: member.email,
      status: 'confirmed',
      credits: 7,
      profile: { name: 'Eva', status: 'active' },
    });
    const session = response.cookies.find((cookie) => cookie.name === 'amora_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(((session?.expires?.getTime() ?? 0) - t.clock.now().getTime()) / 86_400_000).toBeCloseTo(30, 0);
  });

  it('accepts the email in another case and with spaces around it', async () => {
    const member = await buildMember(t.services);
    const response = await login(client(t.app), `  ${member.email.toUpperCase()} `, member.password);
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const member = await buildMember(t.services);
    const visitor = client(t.app, { cookies: { lang: 'nl' } });
    const wrongPassword = await login(visitor, member.email, 'not the password');
    const unknownEmail = await login(visitor, 'nobody@example.test', 'not the password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.json()).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' });
    expect(visitor.cookie('amora_session')).toBeUndefined();
  });

  it('blocks the account after five failed logins, even for the right password', async () => {
    const member = await buildMember(t.services);
    const visitor = client(t.app, { cookies: { lang: 'nl' } });
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(visitor, member.email, 'wrong password')).statusCode).toBe(401);
    }
    const fifth = await login(visitor, member.email, 'wrong password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      error: 'login_blocked',
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    });

    const right = await login(client(t.app, { cookies: { lang: 'nl' } }), member.email, member.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe('login_blocked');
    expect(right.cookies.find((cookie) => cookie.name === 'amora_session')).toBeUndefined();
  });

  it('lets a blocked member in again once the block is over', async () => {
    const member = await buildMember(t.services);
    const visitor = client(t.app);
    for (let attempt = 1; attempt <= 5; attempt++) await login(visitor, member.email, 'wrong password');
    t.clock.advance({ minutes: 10 });
    const stillBlocked = await login(visitor, member.email, member.password);
    expect(stillBlocked.statusCode).toBe(429);
    expect(stillBlocked.json().minutes).toBe(5);

    t.clock.advance({ minutes: 6 });
    const response = await login(visitor, member.email, member.password);
    expect(response.statusCode).toBe(200);
    expect((await visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
  });

  it('answers account_suspended to a suspended member with the right password, and opens no session', async () => {
    const member = await buildMember(t.services);
    await t.services.accounts.suspend(t.db, member.user.id, 'suspension');
    expect((await login(client(t.app), member.email, 'not my password')).json().error).toBe('login_failed');
    const visitor = client(t.app);
    const response = await login(visitor, member.email, member.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('account_suspended');
    expect((await visitor.get('/api/user.php')).json()).toEqual({ user: null });
  });

  it('does not let members of one site log in on another, nor use their session there', async () => {
    const member = await buildMember(t.services);
    const elsewhere = await login(client(t.app, { host: 'other.test' }), member.email, member.password);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error).toBe('login_failed');

    const token = (await loggedIn(t.app, member)).cookie('amora_session') as string;
    const crossSite = client(t.app, { host: 'other.test', cookies: { amora_session: token } });
    expect((await crossSite.get('/api/user.php')).json()).toEqual({ user: null });
  });

  it('refuses a login without the client request-type header', async () => {
    const member = await buildMember(t.services);
    const visitor = client(t.app);
    const response = await visitor.post(
      '/api/user.php',
      { email: member.email, password: member.password },
      { clientHeader: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('request_type_missing');
    expect(visitor.cookie('amora_session')).toBeUndefined();
  });
});

describe('GET /api/user.php', () => {
  it('answers user null to a visitor who is not logged in', async () => {
    const response = await client(t.app).get('/api/user.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('answers the logged-in member without secrets', async () => {
    const member = await buildMember(t.services);
    const response = await (await loggedIn(t.app, member)).get('/api/user.php');
    const { user } = response.json();
    expect(user).toMatchObject({ id: member.user.id, email: member.email, language: 'en', notifications_disabled: [] });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/);
  });

  it('answers user null to a session cookie nobody issued', async () => {
    const response = await client(t.app, { cookies: { amora_session: 'made-up' } }).get('/api/user.php');
    expect(response.json()).toEqual({ user: null });
  });
});

describe('session lifetime', () => {
  it('keeps a member logged in for 30 days, not longer', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    t.clock.advance({ days: 29 });
    expect((await visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
    t.clock.advance({ days: 2 });
    expect((await visitor.get('/api/user.php')).json()).toEqual({ user: null });
  });
});

describe('PUT /api/user.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app).put('/api/user.php', { language: 'nl' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it("changes the member's language and the lang cookie", async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const response = await visitor.put('/api/user.php', { language: 'nl' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.language).toBe('nl');
    expect(visitor.cookie('lang')).toBe('nl');

    const again = await loggedIn(t.app, member);
    expect((await again.get('/api/user.php')).json().user.language).toBe('nl');
  });

  it('refuses a language the site does not speak', async () => {
    const visitor = await loggedIn(t.app, await buildMember(t.services));
    const response = await visitor.put('/api/user.php', { language: 'xx' });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.language).toBeDefined();
  });
});

describe('GET /api/logout.php', () => {
  it('ends the session so the old cookie no longer works', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const token = visitor.cookie('amora_session') as string;

    const response = await visitor.get('/api/logout.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(visitor.cookie('amora_session')).toBeUndefined();

    const replay = client(t.app, { cookies: { amora_session: token } });
    expect((await replay.get('/api/user.php')).json()).toEqual({ user: null });
    expect((await replay.put('/api/user.php', { language: 'de' })).statusCode).toBe(403);
  });

  it('keeps the other sessions of the member', async () => {
    const member = await buildMember(t.services);
    const phone = await loggedIn(t.app, member);
    const laptop = await loggedIn(t.app, member);
    await laptop.get('/api/logout.php');
    expect((await phone.get('/api/user.php')).json().user.id).toBe(member.user.id);
  });
});
