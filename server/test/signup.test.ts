import { describe, expect, it } from 'vitest';
import {
  birthDate,
  buildMember,
  buildSite,
  client,
  lastMail,
  linkFrom,
  mailCount,
  signupBody,
  userCount,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'other.test', name: 'Other' });
    await buildSite(t.db, { domain: 'partners.test', name: 'Partners', settings: { signups: 'with_trafficsource' } });
  },
});

const dutch = (host?: string) => client(t.app, { host, cookies: { lang: 'nl' } });

/** Posts a bad signup and checks that nothing was stored or mailed. */
async function rejectedSignup(body: Record<string, unknown>) {
  const [users, mails] = [await userCount(t.db), await mailCount(t)];
  const visitor = dutch();
  const response = await visitor.post('/api/signup.php', signupBody(body));
  expect(await userCount(t.db)).toBe(users);
  expect(await mailCount(t)).toBe(mails);
  expect(visitor.cookie('amora_session')).toBeUndefined();
  return response;
}

describe('POST /api/signup.php', () => {
  it('creates an unconfirmed member with the signup credits and logs them in', async () => {
    const visitor = client(t.app);
    const body = signupBody({ name: 'Sanne' });
    const response = await visitor.post('/api/signup.php', body);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: body.email,
      status: 'not_confirmed',
      credits: 20,
      paid_user: false,
      fictional_icon: '★',
      profile: { name: 'Sanne', age: 25, status: 'disabled', main_image: null },
    });

    const session = response.cookies.find((cookie) => cookie.name === 'amora_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const days = ((session?.expires?.getTime() ?? 0) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 0);

    const me = await visitor.get('/api/user.php');
    expect(me.json().user).toMatchObject({ id: user.id, status: 'not_confirmed' });
  });

  it('mails the activation link in the language of the member, greeting the unconfirmed address by no name', async () => {
    const body = signupBody();
    await dutch().post('/api/signup.php', body);
    const mail = await lastMail(t, body.email);
    expect(mail?.subject).toBe('Activeer je account op Amora');
    expect(mail?.text.split('\n')[0]).toBe('Hallo,');
    expect(mail?.text).not.toContain('Sanne');
    expect(linkFrom(mail).path).toMatch(/^\/api\/activate\.php\?token=.+/);

    const english = signupBody();
    await client(t.app, { cookies: { lang: 'en' } }).post('/api/signup.php', english);
    expect((await lastMail(t, english.email))?.subject).toBe('Activate your Amora account');
  });

  it('accepts a member whose 18th birthday is today', async () => {
    const response = await client(t.app).post('/api/signup.php', signupBody({ date_of_birth: birthDate(18) }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.profile.age).toBe(18);
  });

  it('refuses a member who turns 18 tomorrow', async () => {
    const response = await rejectedSignup({ date_of_birth: birthDate(18, 1) });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.date_of_birth).toEqual({
      code: 'too_young',
      message: 'Je moet 18 jaar of ouder zijn om lid te worden.',
    });
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Ongeldige e-mail'],
    [
      'a name equal to the email',
      { email: 'anna@example.test', name: 'Anna@Example.test' },
      'name',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    ['a name starting with @', { name: '@anna' }, 'name', 'Je profielnaam mag niet met @ beginnen'],
    ['a missing date of birth', { date_of_birth: '' }, 'date_of_birth', 'Vul uw geboortedatum in'],
    ['an impossible date of birth', { date_of_birth: '1990-02-30' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
    ['a date of birth in the future', { date_of_birth: birthDate(-1) }, 'date_of_birth', 'Ongeldige geboortedatum.'],
    ['a short password', { password: 'short' }, 'password', 'Je wachtwoord moet minstens 8 tekens hebben.'],
  ])('refuses %s with the Dutch message and stores nothing', async (_case, body, field, message) => {
    const response = await rejectedSignup(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'validation_failed', message: 'Controleer de gemarkeerde velden.' });
    expect(response.json().fields[field].message).toBe(message);
  });

  it('refuses an email that already has an account on the site, whatever its case', async () => {
    const member = await buildMember(t.services, { email: 'taken@example.test' });
    for (const email of [member.email, 'TAKEN@Example.TEST']) {
      const response = await rejectedSignup({ email });
      expect(response.statusCode).toBe(422);
      expect(response.json().fields.email).toEqual({
        code: 'email_taken',
        message: 'Dit e-mailadres heeft al een account op deze site.',
      });
    }
  });

  it('answers a double-submitted signup with one account and one email_taken', async () => {
    const body = signupBody();
    const answers = await Promise.all([
      client(t.app).post('/api/signup.php', body),
      client(t.app).post('/api/signup.php', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().fields.email.code).toBe('email_taken');
  });

  it('accepts an email that has an account on another site', async () => {
    const member = await buildMember(t.services);
    const response = await client(t.app, { host: 'other.test' }).post(
      '/api/signup.php',
      signupBody({ email: member.email }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(member.email);
  });

  it('takes signups with a traffic source only when the site says signups=with_trafficsource', async () => {
    const partners = () => client(t.app, { host: 'partners.test' });
    const users = await userCount(t.db);
    const closed = await partners().post('/api/signup.php', signupBody());
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ error: 'signup_closed' });
    expect(await userCount(t.db)).toBe(users);

    const tracked = await partners().post(
      '/api/signup.php',
      signupBody({ tracking: { network: 'ads', sub1: 'spring' } }),
    );
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().user.status).toBe('not_confirmed');
  });

  it('refuses a signup without the client request-type header and stores nothing', async () => {
    const body = signupBody();
    const users = await userCount(t.db);
    const response = await client(t.app).post('/api/signup.php', body, { clientHeader: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'request_type_missing' });
    expect(await userCount(t.db)).toBe(users);
    expect(await lastMail(t, body.email)).toBeUndefined();
  });

  it('limits how many signups one address may try', async () => {
    const visitor = client(t.app);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await visitor.post('/api/signup.php', { email: 'x' })).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
