import { describe, expect, it } from 'vitest';
import {
  buildMember,
  client,
  lastMail,
  linkFrom,
  loggedIn,
  mailCount,
  signupBody,
  uniqueEmail,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

async function dutchMember() {
  const member = await buildMember(t.services, { language: 'nl' });
  return { member, visitor: await loggedIn(t.app, member, { cookies: { lang: 'nl' } }) };
}

/** Follows the link, in the member's own browser when given (its session stays), else in another one. */
const confirm = (token: string, browser = client(t.app, { cookies: { lang: 'nl' } })) =>
  browser.post('/api/mail-change-do.php', { token });

describe('POST /api/mail-change.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app).post('/api/mail-change.php', { email: uniqueEmail(), password: 'whatever-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('refuses an invalid address with Nieuw e-mailadres invalide.', async () => {
    const { member, visitor } = await dutchMember();
    const mails = await mailCount(t);
    const response = await visitor.post('/api/mail-change.php', {
      email: 'no-at-sign.example',
      password: member.password,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.email).toEqual({
      code: 'mail_change_invalid',
      message: 'Nieuw e-mailadres invalide.',
    });
    expect(await mailCount(t)).toBe(mails);
  });

  it('refuses an address that already has an account on the site, whatever its case', async () => {
    const { member, visitor } = await dutchMember();
    const other = await buildMember(t.services);
    const response = await visitor.post('/api/mail-change.php', {
      email: other.email.toUpperCase(),
      password: member.password,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.email.message).toBe('Dit e-mailadres heeft al een account op deze site.');
    expect((await visitor.get('/api/user.php')).json().user.pending_email).toBeNull();
  });

  it('refuses the address the account already has', async () => {
    const { member, visitor } = await dutchMember();
    const response = await visitor.post('/api/mail-change.php', {
      email: member.email.toUpperCase(),
      password: member.password,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.email.code).toBe('mail_change_same');
  });

  it('mails a confirmation link to the new address and keeps the old one until then', async () => {
    const { member, visitor } = await dutchMember();
    const newEmail = uniqueEmail('new');
    const response = await visitor.post('/api/mail-change.php', { email: newEmail, password: member.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: member.email, pending_email: newEmail });

    const mail = await lastMail(t, newEmail);
    expect(mail?.subject).toBe('Bevestig je nieuwe e-mailadres voor Amora');
    expect(linkFrom(mail).path).toMatch(/^\/mail-change\/do\?token=.+/);
    expect(await lastMail(t, member.email)).toBeUndefined();
  });
});

describe('POST /api/mail-change-do.php', () => {
  it('switches the email of the account', async () => {
    const { member, visitor } = await dutchMember();
    const newEmail = uniqueEmail('new');
    await visitor.post('/api/mail-change.php', { email: newEmail, password: member.password });
    const response = await confirm(linkFrom(await lastMail(t, newEmail)).token, visitor);
    expect(response.statusCode).toBe(200);

    expect((await visitor.get('/api/user.php')).json().user).toMatchObject({ email: newEmail, pending_email: null });
    const withOld = await client(t.app).post('/api/user.php', { email: member.email, password: member.password });
    expect(withOld.statusCode).toBe(401);
    const withNew = await client(t.app).post('/api/user.php', { email: newEmail, password: member.password });
    expect(withNew.statusCode).toBe(200);
  });

  it('accepts only the newest link, and only once', async () => {
    const { member, visitor } = await dutchMember();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await visitor.post('/api/mail-change.php', { email: first, password: member.password });
    await visitor.post('/api/mail-change.php', { email: second, password: member.password });
    const older = await confirm(linkFrom(await lastMail(t, first)).token);
    expect(older.statusCode).toBe(410);
    expect(older.json().message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');

    const { token } = linkFrom(await lastMail(t, second));
    expect((await confirm(token, visitor)).statusCode).toBe(200);
    expect((await confirm(token, visitor)).statusCode).toBe(410);
    expect((await visitor.get('/api/user.php')).json().user.email).toBe(second);
  });

  it('refuses the switch when someone took the address in the meantime', async () => {
    const { member, visitor } = await dutchMember();
    const newEmail = uniqueEmail('contested');
    await visitor.post('/api/mail-change.php', { email: newEmail, password: member.password });
    const { token } = linkFrom(await lastMail(t, newEmail));
    expect((await client(t.app).post('/api/signup.php', signupBody({ email: newEmail }))).statusCode).toBe(200);

    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Dit e-mailadres heeft al een account op deze site.');
    expect((await visitor.get('/api/user.php')).json().user.email).toBe(member.email);
  });

  it('also activates an account that was not confirmed yet', async () => {
    const visitor = client(t.app);
    await visitor.post('/api/signup.php', signupBody());
    const newEmail = uniqueEmail('new');
    await visitor.post('/api/mail-change.php', { email: newEmail, password: signupBody().password });
    await confirm(linkFrom(await lastMail(t, newEmail)).token, visitor);
    const { user } = (await visitor.get('/api/user.php')).json();
    expect(user).toMatchObject({ email: newEmail, status: 'confirmed', profile: { status: 'active' } });
  });
});
