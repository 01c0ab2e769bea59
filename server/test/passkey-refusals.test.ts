/**
 * Passkey answers refused (issue 36): a replayed answer, a cloned authenticator, another origin or
 * RP id, an expired challenge, one passkey for a registration sent 20 times at once; failed passkey
 * sign-ins count towards the same block as passwords, and are rate limited per address as logins are.
 */
import { LOGIN_MAX_FAILURES, SESSION_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { softwareAuthenticator } from './authenticator.js';
import { buildMember, client, loggedIn, useTestApp } from './helpers.js';
import { HERE, ORIGIN, passkeyKit } from './passkeying.js';

const t = useTestApp();
const { options, addPasskey, loginOptions, passkeyLogin, memberWithPasskey, passwordLogin } = passkeyKit(t);

describe('answers that do not hold', () => {
  it('refuses a replayed sign-in answer', async () => {
    const { authenticator } = await memberWithPasskey();
    const { answer, credential } = await passkeyLogin(authenticator);
    expect(answer.statusCode).toBe(200);
    const replay = await client(t.app).post('/api/passkey-login.php', { credential });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('passkey_refused');
    expect(replay.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an answer whose signature counter did not move on (a cloned authenticator)', async () => {
    const { authenticator } = await memberWithPasskey();
    const clone = authenticator.clone();
    expect((await passkeyLogin(authenticator)).answer.statusCode).toBe(200);
    expect((await passkeyLogin(authenticator)).answer.statusCode).toBe(200);
    // The clone is behind: its next counter was used already.
    const { answer } = await passkeyLogin(clone);
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a sign-in answered for another origin', async () => {
    const { authenticator } = await memberWithPasskey();
    const { answer } = await passkeyLogin(authenticator, { origin: 'https://evil.example', rpId: 'localhost' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toBe('passkey_refused');
  });

  it('refuses a sign-in signed for another RP id', async () => {
    const { authenticator } = await memberWithPasskey();
    const { answer } = await passkeyLogin(authenticator, { origin: ORIGIN, rpId: 'evil.example' });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses to add a passkey made on another origin or for another RP id', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const wrongOrigin = await addPasskey(visitor, softwareAuthenticator(), { origin: 'http://evil.example:3000' });
    expect(wrongOrigin.statusCode).toBe(401);
    const wrongRp = await addPasskey(visitor, softwareAuthenticator(), { origin: ORIGIN, rpId: 'evil.example' });
    expect(wrongRp.statusCode).toBe(401);
    expect(wrongRp.json().error).toBe('passkey_refused');
    expect((await visitor.get('/api/passkeys.php')).json().passkeys).toEqual([]);
  });

  it('refuses an answer to a challenge that expired', async () => {
    const { authenticator } = await memberWithPasskey();
    const visitor = client(t.app);
    const credential = authenticator.get(await loginOptions(visitor), HERE);
    t.clock.advance({ minutes: 6 });
    const answer = await visitor.post('/api/passkey-login.php', { credential });
    expect(answer.statusCode).toBe(401);
  });

  it('stores one passkey when the same registration is sent 20 times at once', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const credential = softwareAuthenticator().create(await options(visitor, 'register'), HERE);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => visitor.post('/api/passkeys.php', { credential })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(19);
    expect((await visitor.get('/api/passkeys.php')).json().passkeys).toHaveLength(1);
  });
});

describe('lockout', () => {
  it('blocks the account after repeated failed passkey answers, for passwords too', async () => {
    const { member, authenticator } = await memberWithPasskey();
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) {
      const { answer } = await passkeyLogin(authenticator, { origin: 'https://evil.example', rpId: 'localhost' });
      expect(answer.json().error).toBe(attempt < LOGIN_MAX_FAILURES ? 'passkey_refused' : 'login_blocked');
    }
    const rightPasskey = await passkeyLogin(authenticator);
    expect(rightPasskey.answer.statusCode).toBe(429);
    expect(rightPasskey.answer.json().error).toBe('login_blocked');
    expect((await passwordLogin(member)).json().error).toBe('login_blocked');

    t.clock.advance({ minutes: 16 });
    expect((await passkeyLogin(authenticator)).answer.statusCode).toBe(200);
  });

  it('a block from wrong passwords stops passkey sign-ins', async () => {
    const { member, authenticator } = await memberWithPasskey();
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) await passwordLogin(member, 'wrong password');
    expect((await passkeyLogin(authenticator)).answer.json().error).toBe('login_blocked');
  });
});

describe('rate limits', () => {
  it('limits passkey sign-ins per address, as logins are', async () => {
    const visitor = client(t.app);
    const answers = [];
    for (let call = 0; call < 21; call++)
      answers.push((await visitor.post('/api/passkey-login-options.php')).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    // Another address is not held back.
    expect((await client(t.app).post('/api/passkey-login-options.php')).statusCode).toBe(200);
  });
});
