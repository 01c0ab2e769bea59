/**
 * Passkeys (issue 36): adding, naming and removing them, signing in with one, and a member who
 * drops their password. Each site is its own relying party; a passkey belongs to one account.
 * Answers that do not hold, lockout and rate limits: passkey-refusals.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { softwareAuthenticator } from './authenticator.js';
import { buildMember, buildSite, client, lastMail, linkFrom, loggedIn, useTestApp } from './helpers.js';
import { type Authenticator, HERE, passkeyKit } from './passkeying.js';

const OTHER_SITE = 'passkeys-other.test';
const t = useTestApp({ setup: (t) => buildSite(t.db, { domain: OTHER_SITE, name: 'Other' }) });
const NAL = '\u0000';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const { options, addPasskey, passkeyLogin, memberWithPasskey, passwordLogin } = passkeyKit(t);

describe('adding a passkey and signing in with it', () => {
  it('adds a passkey named after the device, and signs in with it from another browser', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const authenticator = softwareAuthenticator();
    const credential = authenticator.create(await options(visitor, 'register'), HERE);
    const added = await visitor.post(
      '/api/passkeys.php',
      { credential },
      { headers: { 'user-agent': ANDROID_CHROME } },
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      has_password: true,
      passkeys: [{ name: 'Chrome on Android', last_used_at: null }],
    });

    const { answer, visitor: phone } = await passkeyLogin(authenticator);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.id).toBe(member.user.id);
    expect((await phone.get('/api/user.php')).json().user.id).toBe(member.user.id);
    // The sign-in opened a session like any other: it is in the member's list.
    expect((await phone.get('/api/sessions.php')).json().sessions).toHaveLength(2);
    const [passkey] = (await phone.get('/api/passkeys.php')).json().passkeys;
    expect(passkey.last_used_at).not.toBeNull();
  });

  it("names a passkey in the member's language", async () => {
    const visitor = await loggedIn(t.app, await buildMember(t.services), { cookies: { lang: 'nl' } });
    const credential = softwareAuthenticator().create(await options(visitor, 'register'), HERE);
    const added = await visitor.post(
      '/api/passkeys.php',
      { credential },
      { headers: { 'user-agent': ANDROID_CHROME } },
    );
    expect(added.json().passkeys[0].name).toBe('Chrome op Android');
  });

  it('keeps the name the member gives, and renames it', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const added = await addPasskey(visitor, softwareAuthenticator(), HERE, 'My phone');
    expect(added.json().passkeys[0].name).toBe('My phone');
    const renamed = await visitor.patch('/api/passkeys.php', {
      id: added.json().passkeys[0].id,
      name: ' Work laptop ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().passkeys[0].name).toBe('Work laptop');
  });

  it('needs a session to add, list or change passkeys', async () => {
    const visitor = client(t.app);
    expect((await visitor.get('/api/passkeys.php')).statusCode).toBe(403);
    expect((await visitor.post('/api/passkey-options.php', { purpose: 'register' })).statusCode).toBe(403);
  });
});

describe('a passkey belongs to one account', () => {
  it('refuses a credential another account registered, for adding and for signing in as someone else', async () => {
    const { member: owner, authenticator } = await memberWithPasskey();
    // The same credential, sent for a second account under that account's challenge, is taken.
    const sharedAuthenticator = softwareAuthenticator();
    const first = await loggedIn(t.app, await buildMember(t.services));
    const second = await loggedIn(t.app, await buildMember(t.services));
    const made = sharedAuthenticator.create(await options(first, 'register'), HERE);
    expect((await first.post('/api/passkeys.php', { credential: made })).statusCode).toBe(200);
    const again = await second.post('/api/passkeys.php', {
      credential: reissued(made, (await options(second, 'register')).challenge),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toBe('passkey_taken');
    expect((await second.get('/api/passkeys.php')).json().passkeys).toEqual([]);

    // Signing in with the owner's passkey signs in as the owner, never as the other member.
    const { answer } = await passkeyLogin(authenticator);
    expect(answer.json().user.id).toBe(owner.user.id);
  });

  it('does not sign in with a passkey of another site', async () => {
    const { authenticator } = await memberWithPasskey();
    const visitor = client(t.app, { host: OTHER_SITE });
    const { answer } = await passkeyLogin(
      authenticator,
      { origin: `http://${OTHER_SITE}:3000`, rpId: OTHER_SITE },
      visitor,
    );
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toBe('passkey_refused');
  });
});

/** A registration answer made once, sent again with another challenge in its client data (no new key). */
function reissued(registration: ReturnType<Authenticator['create']>, challenge: string) {
  const clientData = JSON.parse(Buffer.from(registration.response.clientDataJSON, 'base64url').toString());
  return {
    ...registration,
    response: {
      ...registration.response,
      clientDataJSON: Buffer.from(JSON.stringify({ ...clientData, challenge })).toString('base64url'),
    },
  };
}

describe("another member's passkey", () => {
  it('is not found to rename or remove, and stays as it was', async () => {
    const { visitor: owner, passkeyId } = await memberWithPasskey();
    const stranger = await loggedIn(t.app, await buildMember(t.services));
    const rename = await stranger.patch('/api/passkeys.php', { id: passkeyId, name: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    const remove = await stranger.delete('/api/passkeys.php', { id: passkeyId });
    expect(remove.statusCode).toBe(404);
    expect((await owner.get('/api/passkeys.php')).json().passkeys).toMatchObject([{ id: passkeyId }]);
  });
});

describe('a member without a password', () => {
  it('removes the password once they have a passkey; the password then fails like a wrong one', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const refused = await visitor.delete('/api/password.php', { password: member.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('passkey_required');

    const authenticator = softwareAuthenticator();
    await addPasskey(visitor, authenticator);
    const wrong = await visitor.delete('/api/password.php', { password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    const removed = await visitor.delete('/api/password.php', { password: member.password });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().has_password).toBe(false);

    const login = await passwordLogin(member);
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe('login_failed');
    expect((await passwordLogin(member, '')).statusCode).toBe(422);
    expect((await passkeyLogin(authenticator)).answer.statusCode).toBe(200);
  });

  it('cannot remove their last passkey, in their language', async () => {
    const { member, visitor, passkeyId } = await memberWithPasskey();
    await visitor.delete('/api/password.php', { password: member.password });
    visitor.setCookie('lang', 'fr');
    const last = await visitor.delete('/api/passkeys.php', { id: passkeyId });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe('last_passkey');
    expect(last.json().message).toContain('C’est votre dernière clé d’accès');
    // With a second one, the first may go.
    await addPasskey(visitor, softwareAuthenticator());
    expect((await visitor.delete('/api/passkeys.php', { id: passkeyId })).statusCode).toBe(200);
  });

  it('resets the password by mail, and signs in with it again', async () => {
    const { member, visitor } = await memberWithPasskey();
    await visitor.delete('/api/password.php', { password: member.password });
    expect((await client(t.app).post('/api/reset-password.php', { email: member.email })).statusCode).toBe(200);
    const { token } = linkFrom(await lastMail(t, member.email));
    const reset = await client(t.app).post('/api/reset-password-do.php', {
      token,
      password: 'a new password at last',
      password_repeat: 'a new password at last',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await passwordLogin(member, 'a new password at last')).statusCode).toBe(200);
  });

  it('changes their address and deletes their account by confirming with a passkey', async () => {
    const { member, visitor, authenticator } = await memberWithPasskey();
    await visitor.delete('/api/password.php', { password: member.password });

    const withoutProof = await visitor.post('/api/mail-change.php', { email: 'new-address@example.test' });
    expect(withoutProof.statusCode).toBe(401);
    expect(withoutProof.json().error).toBe('passkey_refused');
    const passkey = authenticator.get(await options(visitor, 'confirm'), HERE);
    const changed = await visitor.post('/api/mail-change.php', { email: 'new-address@example.test', passkey });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.pending_email).toBe('new-address@example.test');
    // A confirmation is used once.
    const again = await visitor.post('/api/mail-change.php', { email: 'other-address@example.test', passkey });
    expect(again.statusCode).toBe(401);

    const deleted = await visitor.post('/api/delete-account.php', {
      reason: 'other',
      passkey: authenticator.get(await options(visitor, 'confirm'), HERE),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it("does not confirm with another member's passkey", async () => {
    const { member, visitor } = await memberWithPasskey();
    await visitor.delete('/api/password.php', { password: member.password });
    const { authenticator: strangers } = await memberWithPasskey();
    const passkey = strangers.get(await options(visitor, 'confirm'), HERE);
    const answer = await visitor.post('/api/delete-account.php', { reason: 'other', passkey });
    expect(answer.statusCode).toBe(401);
    expect((await visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
  });
});

describe('bad input', () => {
  it('refuses a NUL byte, an overlong name and a malformed answer with the field, and changes nothing', async () => {
    const { visitor, passkeyId } = await memberWithPasskey();
    const nul = await visitor.patch('/api/passkeys.php', { id: passkeyId, name: `phone${NAL}` });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().fields.name.code).toBe('control_characters');
    const long = await visitor.patch('/api/passkeys.php', { id: passkeyId, name: 'x'.repeat(61) });
    expect(long.json().fields.name.code).toBe('too_long');
    const empty = await visitor.patch('/api/passkeys.php', { id: passkeyId, name: '   ' });
    expect(empty.json().fields.name.code).toBe('required');

    const huge = await visitor.post('/api/passkey-login.php', {
      credential: { id: 'a'.repeat(100_000), rawId: 'a', response: {}, clientExtensionResults: {}, type: 'public-key' },
    });
    expect(huge.statusCode).toBe(422);
    const garbage = await client(t.app).post('/api/passkey-login.php', {
      credential: {
        id: 'abc',
        rawId: 'abc',
        response: { clientDataJSON: 'not-json', authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
        type: 'public-key',
      },
    });
    expect(garbage.statusCode).toBe(401);
    expect((await visitor.get('/api/passkeys.php')).json().passkeys).toMatchObject([{ id: passkeyId }]);
  });

  it('refuses a forged request without the client header', async () => {
    const { visitor, passkeyId } = await memberWithPasskey();
    const forged = await visitor.delete('/api/passkeys.php', { id: passkeyId }, { clientHeader: false });
    expect(forged.statusCode).toBe(403);
    expect((await visitor.get('/api/passkeys.php')).json().passkeys).toHaveLength(1);
  });
});
