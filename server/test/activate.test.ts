import { afterAll, describe, expect, it } from 'vitest';
import { buildMember, client, lastMail, linkFrom, loggedIn, signupBody, useTestApp } from './helpers.js';
import { openSocket, type TestSocket } from './sockets.js';

const t = useTestApp();

/** Signs up and returns the logged-in client and the activation link mailed to it. */
async function signUp() {
  const visitor = client(t.app);
  const body = signupBody();
  expect((await visitor.post('/api/signup.php', body)).statusCode).toBe(200);
  return { visitor, email: body.email, link: linkFrom(await lastMail(t, body.email)) };
}

describe('GET /api/activate.php', () => {
  it('confirms the account, activates the profile and redirects to /activate/done', async () => {
    const { visitor, link } = await signUp();
    // The link is opened from the mail, i.e. without the session.
    const response = await client(t.app).get(link.path);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/activate/done');

    const { user } = (await visitor.get('/api/user.php')).json();
    expect(user.status).toBe('confirmed');
    expect(user.profile.status).toBe('active');
  });

  const sockets: TestSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it("tells the member's open app, so its activation reminder closes without a reload", async () => {
    const { visitor, link } = await signUp();
    const socket = await openSocket(t.app, visitor);
    sockets.push(socket);
    expect((await client(t.app).get(link.path)).headers.location).toBe('/activate/done');
    await expect(socket.next('account')).resolves.toEqual({ type: 'account' });
  });

  it("redirects a deleted account's link to /activate/error and leaves its profile withdrawn", async () => {
    const { visitor, email, link } = await signUp();
    const deleted = await visitor.post('/api/delete-account.php', { reason: 'other', password: signupBody().password });
    expect(deleted.statusCode).toBe(200);
    const response = await client(t.app).get(link.path);
    expect(response.headers.location).toBe('/activate/error');
    const row = await t.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select('profiles.status')
      .where('users.email', '=', email)
      .executeTakeFirst();
    expect(row?.status).toBe('deleted');
  });

  it('redirects a second use of the link to /activate/error', async () => {
    const { link } = await signUp();
    await client(t.app).get(link.path);
    const again = await client(t.app).get(link.path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/activate/error');
  });

  it.each([
    ['a made-up token', '/api/activate.php?token=junk'],
    ['no token', '/api/activate.php'],
  ])('redirects %s to /activate/error', async (_case, path) => {
    const response = await client(t.app).get(path);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/activate/error');
  });

  it('refuses a link older than 30 days', async () => {
    const { link } = await signUp();
    t.clock.advance({ days: 31 });
    expect((await client(t.app).get(link.path)).headers.location).toBe('/activate/error');
  });

  it('leaves the account unconfirmed when the link is refused', async () => {
    const { visitor } = await signUp();
    await client(t.app).get('/api/activate.php?token=junk');
    expect((await visitor.get('/api/user.php')).json().user.status).toBe('not_confirmed');
  });
});

describe('POST /api/activation-mail.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app).post('/api/activation-mail.php');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('mails a new activation link that works', async () => {
    const { visitor, email, link: first } = await signUp();
    const response = await visitor.post('/api/activation-mail.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const second = linkFrom(await lastMail(t, email));
    expect(second.token).not.toBe(first.token);
    expect((await client(t.app).get(second.path)).headers.location).toBe('/activate/done');
    expect((await visitor.get('/api/user.php')).json().user.status).toBe('confirmed');
  });

  it('answers already_activated to a confirmed member', async () => {
    const visitor = await loggedIn(t.app, await buildMember(t.services));
    const response = await visitor.post('/api/activation-mail.php');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('already_activated');
  });
});
