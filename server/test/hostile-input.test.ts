/**
 * Input an attacker (or a broken client) sends: NUL bytes and other control characters, invisible
 * characters in names, bodies too large or of the wrong type. Each answers a localised 422 (or 413,
 * 415, 400) in the API's error shape and changes nothing; nothing reaches the database as a 500.
 */
import { LOCALE_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { client, loggedInMember, signupBody, userCount, useTestApp } from './helpers.js';

const t = useTestApp();
const dutch = () => client(t.app, { cookies: { [LOCALE_COOKIE]: 'nl' } });
const NUL = '\u0000';

function expectFieldError(response: { statusCode: number; json(): unknown }, field: string, code: string) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { error: string; fields: Record<string, { code: string; message: string }> };
  expect(body.error).toBe('validation_failed');
  expect(body.fields[field]?.code).toBe(code);
  return body.fields[field]?.message;
}

describe('a NUL byte', () => {
  it('in the login email answers a localised 422, not a 500', async () => {
    const response = await dutch().post('/api/user.php', { email: `a${NUL}@example.test`, password: 'whatever-1' });
    expect(expectFieldError(response, 'email', 'control_characters')).toBe(
      'De tekst bevat een stuurteken, en dat is niet toegestaan.',
    );
  });

  it('in a signup name, a password or a reset address changes nothing', async () => {
    const before = await userCount(t.db);
    expectFieldError(
      await client(t.app).post('/api/signup.php', signupBody({ name: `Eve${NUL}` })),
      'name',
      'control_characters',
    );
    expectFieldError(
      await client(t.app).post('/api/signup.php', signupBody({ password: `secret${NUL}secret` })),
      'password',
      'control_characters',
    );
    expectFieldError(
      await client(t.app).post('/api/reset-password.php', { email: `x${NUL}@example.test` }),
      'email',
      'control_characters',
    );
    expect(await userCount(t.db)).toBe(before);
  });

  it('in a search query, a profile text or a report comment answers 422', async () => {
    const member = await loggedInMember(t);
    const other = await loggedInMember(t);
    expectFieldError(
      await member.visitor.get(`/api/members.php?q=an${encodeURIComponent(NUL)}`),
      'q',
      'control_characters',
    );
    expectFieldError(
      await member.visitor.put('/api/profile.php', { about: `Hi${NUL}` }),
      'about',
      'control_characters',
    );
    expectFieldError(await member.visitor.put('/api/profile.php', { city: `Ams${NUL}` }), 'city', 'control_characters');
    expectFieldError(
      await member.visitor.post('/api/report.php', { profile_id: other.profileId, reason: 'spam', comment: `x${NUL}` }),
      'comment',
      'control_characters',
    );
  });
});

describe('texts of several lines', () => {
  it('keep their line breaks and tabs, while a name may not have any', async () => {
    const member = await loggedInMember(t);
    const about = 'First line\nSecond line\twith a tab';
    const saved = await member.visitor.put('/api/profile.php', { about });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.profile.about).toBe(about);
    expectFieldError(
      await member.visitor.put('/api/profile.php', { name: 'Anna\nAdmin' }),
      'name',
      'control_characters',
    );
  });
});

describe('a name', () => {
  it.each([
    ['a zero-width space', 'Ann\u200ba'],
    ['a right-to-left override', 'Anna\u202egnp.exe'],
    ['a bidi isolate', '\u2066Anna\u2069'],
    ['a line separator', 'Anna\u2028Admin'],
    ['a byte-order mark', '\ufeffAnna'],
  ])('with %s is refused as invisible_characters', async (_what, name) => {
    const member = await loggedInMember(t);
    const message = expectFieldError(
      await member.visitor.put('/api/profile.php', { name }, { headers: { cookie: `${LOCALE_COOKIE}=nl` } }),
      'name',
      'invisible_characters',
    );
    expect(message).toBe('De naam bevat onzichtbare tekens of tekens die de schrijfrichting omdraaien.');
    expect((await member.visitor.get('/api/user.php')).json().user.profile.name).toBe(member.name);
  });

  it('in another script, with accents or an emoji sequence (joiners included) is fine', async () => {
    const member = await loggedInMember(t);
    const response = await member.visitor.put('/api/profile.php', { name: 'Zoë Łucja 李 👩\u200d💻 می\u200cخواهم' });
    expect(response.statusCode).toBe(200);
  });
});

describe('bodies the API cannot take', () => {
  it('too large: 413 payload_too_large in the error shape', async () => {
    const response = await dutch().post('/api/user.php', { email: 'a@example.test', password: 'x'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', message: 'Dit verzoek is te groot.' });
  });

  it('of another content type: 415 unsupported_media_type in the error shape', async () => {
    const response = await dutch().post('/api/user.php', Buffer.from('<email>a@example.test</email>'), {
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('broken JSON: 400 bad_request in the error shape', async () => {
    const response = await dutch().post('/api/user.php', Buffer.from('{"email":'), {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: 'Dit verzoek kon niet worden begrepen.' });
  });
});

describe('validation errors', () => {
  it('carry a catalogue code and a localised message, never the validator English', async () => {
    const response = await dutch().post(
      '/api/signup.php',
      signupBody({ tracking: { network: 'n'.repeat(101) }, email: 42 }),
    );
    expect(response.statusCode).toBe(422);
    const { fields } = response.json();
    expect(fields['tracking.network']).toEqual({ code: 'too_long', message: 'Deze tekst is te lang.' });
    expect(fields.email).toEqual({ code: 'invalid', message: 'Deze waarde is niet geldig.' });
  });
});
