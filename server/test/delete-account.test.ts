import { describe, expect, it } from 'vitest';
import { buildMember, client, lastMail, linkFrom, loggedIn, signupBody, useTestApp } from './helpers.js';

const t = useTestApp();

const login = (email: string, password: string, lang = 'en') =>
  client(t.app, { cookies: { lang } }).post('/api/user.php', { email, password });

/** A member who deleted their account, with the reactivation token mailed to them. */
async function deletedMember() {
  const member = await buildMember(t.services, { language: 'nl' });
  const visitor = await loggedIn(t.app, member);
  const response = await visitor.post('/api/delete-account.php', {
    reason: 'found_partner',
    password: member.password,
  });
  expect(response.statusCode).toBe(200);
  return { member, visitor, response, token: linkFrom(await lastMail(t, member.email)).token };
}

describe('POST /api/delete-account.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app).post('/api/delete-account.php', { reason: 'other', password: 'x' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('needs the password of the account', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member, { cookies: { lang: 'nl' } });
    const response = await visitor.post('/api/delete-account.php', { reason: 'privacy', password: 'not my password' });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.password.message).toBe('Controleer je oude wachtwoord.');
    expect((await visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
  });

  it('ends the sessions, answers the final date and mails a reactivation link', async () => {
    const { member, visitor, response } = await deletedMember();
    const finalDate = new Date(response.json().final_date);
    expect((finalDate.getTime() - t.clock.now().getTime()) / 86_400_000).toBeCloseTo(14, 0);
    expect(visitor.cookie('amora_session')).toBeUndefined();
    expect((await visitor.get('/api/user.php')).json()).toEqual({ user: null });

    const mail = await lastMail(t, member.email);
    expect(mail?.subject).toBe('Je account op Amora is verwijderd');
    expect(mail?.text).toContain('14 dagen');
    expect(linkFrom(mail).path).toMatch(/^\/account-deleted\?token=.+/);
  });

  it('answers account_deleted to a login with the right password, login_failed to a wrong one', async () => {
    const { member, response } = await deletedMember();
    const right = await login(member.email, member.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ error: 'account_deleted', date: response.json().final_date.slice(0, 10) });
    expect(right.cookies.find((cookie) => cookie.name === 'amora_session')).toBeUndefined();
    expect((await login(member.email, 'not my password')).json().error).toBe('login_failed');
  });
});

describe('POST /api/reactivate.php', () => {
  it('restores the account and logs the member in', async () => {
    const { member, token } = await deletedMember();
    const visitor = client(t.app);
    const response = await visitor.post('/api/reactivate.php', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: member.user.id, email: member.email });
    expect((await visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect((await client(t.app).post('/api/reactivate.php', { token })).statusCode).toBe(410);
  });

  it('answers account_suspended to a member suspended since, and changes nothing: the link works once it is lifted', async () => {
    const { member, token } = await deletedMember();
    await t.services.accounts.suspend(t.db, member.user.id, 'suspension');
    const response = await client(t.app).post('/api/reactivate.php', { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('account_suspended');
    expect(response.cookies.find((cookie) => cookie.name === 'amora_session')).toBeUndefined();
    // Still being deleted, and out of sight.
    expect((await login(member.email, member.password)).json().error).toBe('account_deleted');
    const bystander = await loggedIn(t.app, await buildMember(t.services));
    expect((await bystander.get(`/api/member.php?id=${member.profileId}`)).statusCode).toBe(404);

    await t.services.accounts.lift(t.db, member.user.id);
    expect((await client(t.app).post('/api/reactivate.php', { token })).statusCode).toBe(200);
    expect((await bystander.get(`/api/member.php?id=${member.profileId}`)).statusCode).toBe(200);
  });

  it('refuses a made-up link', async () => {
    const response = await client(t.app, { cookies: { lang: 'nl' } }).post('/api/reactivate.php', { token: 'junk' });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });
});

describe('lifecycle.purgeDeletedAccounts()', () => {
  it('removes accounts 14 days after deletion, and their email may sign up again', async () => {
    const { member, token } = await deletedMember();
    const kept = await deletedMember();
    const live = await buildMember(t.services);
    t.clock.advance({ days: 13 });
    await client(t.app).post('/api/reactivate.php', { token: kept.token });
    const recent = await deletedMember();
    t.clock.advance({ days: 2 });

    // Earlier cases of this file left deleted accounts too; what matters is which ones go.
    expect(await t.services.lifecycle.purgeDeletedAccounts()).toBeGreaterThanOrEqual(1);

    const id = member.user.id;
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('profiles').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('account_tokens').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('credit_ledger').select('id').where('user_id', '=', id).execute()).toEqual([]);

    expect((await login(member.email, member.password)).json().error).toBe('login_failed');
    expect((await client(t.app).post('/api/reactivate.php', { token })).statusCode).toBe(410);
    expect((await login(kept.member.email, kept.member.password)).statusCode).toBe(200);
    expect((await login(live.email, live.password)).statusCode).toBe(200);
    expect((await login(recent.member.email, recent.member.password)).json().error).toBe('account_deleted');
    expect((await client(t.app).post('/api/reactivate.php', { token: recent.token })).statusCode).toBe(200);

    const again = await client(t.app).post('/api/signup.php', signupBody({ email: member.email }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).not.toBe(id);
  });
});
