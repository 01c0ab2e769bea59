/**
 * Input an attacker (or a broken client) sends: NUL bytes and other control characters, invisible
 * characters in names, bodies too large or of the wrong type. Each answers a localised 422 (or 413,
 * 415, 400) in the API's error shape and changes nothing; nothing reaches the database as a 500.
 */
import { randomUUID } from 'node:crypto';
import { LOCALE_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  client,
  loggedIn,
  loggedInMember,
  makePremium,
  type Response,
  signupBody,
  type TestClient,
  userCount,
  useTestApp,
} from './helpers.js';

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

  it("in a payment webhook's id answers 422, not a 500", async () => {
    const response = await client(t.app).post('/api/payment-webhook.php', { id: `tr_${NUL}` }, { clientHeader: false });
    expectFieldError(response, 'id', 'control_characters');
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

  it('of plain text: 415 unsupported_media_type in the error shape, not a string the schema refuses', async () => {
    const response = await dutch().post('/api/user.php', Buffer.from('email=a@example.test'), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Dit verzoek heeft een inhoudstype dat we niet kunnen lezen. Stuur JSON.',
    });
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

/** Past the id columns' range (PostgreSQL's integer): the first id too large, and one far beyond. */
const TOO_LARGE_IDS = [2_147_483_648, 9_999_999_999];
const LARGEST_ID = 2_147_483_647;

async function signedInOperator(): Promise<TestClient> {
  const email = `operator-${randomUUID()}@amora.test`;
  const password = 'a-long-staff-password';
  await t.services.staff.addStaff({ email, name: 'Operator', password, role: 'operator' });
  const operator = client(t.app);
  expect((await operator.post('/api/staff/login.php', { email, password })).statusCode).toBe(200);
  return operator;
}

/** A member who has written to another, so there is a conversation to name in a call. */
async function memberInAConversation() {
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, built);
  const visitor = await loggedIn(t.app, built);
  const other = await loggedInMember(t);
  const sent = await visitor.post('/api/chat.php', {
    client_id: randomUUID(),
    text: 'Hoi',
    profile_id: other.profileId,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { visitor, conversation: sent.json().conversation as number };
}

const directDebitForm = {
  account_holder: 'Eva de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Dorpsstraat',
  house_number: '1',
  zip: '1234 AB',
  city: 'Utrecht',
  phone: '+31612345678',
};

describe('an id past the id columns’ range', () => {
  it.each(TOO_LARGE_IDS)('(%i) answers 422 on every call that takes an id, on either engine', async (tooLarge) => {
    const { visitor: member, conversation } = await memberInAConversation();
    const operator = await signedInOperator();
    const calls: [string, string, () => Promise<Response>][] = [
      ['GET member.php', 'id', () => member.get(`/api/member.php?id=${tooLarge}`)],
      ['GET chat.php', 'conversation', () => member.get(`/api/chat.php?conversation=${tooLarge}`)],
      [
        'GET chat.php before',
        'before',
        () => member.get(`/api/chat.php?conversation=${conversation}&before=${tooLarge}`),
      ],
      ['GET chat.php after', 'after', () => member.get(`/api/chat.php?conversation=${conversation}&after=${tooLarge}`)],
      [
        'POST chat.php to a profile',
        'profile_id',
        () => member.post('/api/chat.php', { client_id: randomUUID(), text: 'Hoi', profile_id: tooLarge }),
      ],
      [
        'POST chat.php to a conversation',
        'conversation',
        () => member.post('/api/chat.php', { client_id: randomUUID(), text: 'Hoi', conversation: tooLarge }),
      ],
      ['DELETE chat.php', 'conversation', () => member.delete('/api/chat.php', { conversation: tooLarge })],
      ['GET transaction.php', 'id', () => member.get(`/api/transaction.php?id=${tooLarge}`)],
      ['POST like.php', 'profile_id', () => member.post('/api/like.php', { profile_id: tooLarge })],
      ['DELETE like.php', 'profile_id', () => member.delete('/api/like.php', { profile_id: tooLarge })],
      ['POST swipe.php', 'profile_id', () => member.post('/api/swipe.php', { profile_id: tooLarge, choice: 'like' })],
      ['POST block.php', 'profile_id', () => member.post('/api/block.php', { profile_id: tooLarge })],
      ['DELETE block.php', 'profile_id', () => member.delete('/api/block.php', { profile_id: tooLarge })],
      ['POST report.php', 'profile_id', () => member.post('/api/report.php', { profile_id: tooLarge, reason: 'spam' })],
      ['PUT photos.php main', 'main_image', () => member.put('/api/photos.php', { main_image: tooLarge })],
      ['PUT photos.php order', 'order.0', () => member.put('/api/photos.php', { order: [tooLarge] })],
      ['DELETE photos.php', 'id', () => member.delete('/api/photos.php', { id: tooLarge })],
      [
        'POST payment.php',
        'bundle_id',
        () => member.post('/api/payment.php', { client_id: randomUUID(), method: 'ideal', bundle_id: tooLarge }),
      ],
      ['GET discountcode.php', 'bundle', () => member.get(`/api/discountcode.php?code=X&bundle=${tooLarge}`)],
      [
        'POST directdebit-code.php',
        'bundle_id',
        () => member.post('/api/directdebit-code.php', { ...directDebitForm, bundle_id: tooLarge }),
      ],
      [
        'POST directdebit.php',
        'bundle_id',
        () =>
          member.post('/api/directdebit.php', {
            ...directDebitForm,
            bundle_id: tooLarge,
            otp: '123456',
            client_id: randomUUID(),
          }),
      ],
      ['GET unsubscribe.php', 'u', () => client(t.app).get(`/api/unsubscribe.php?u=${tooLarge}&s=${'a'.repeat(43)}`)],
      ['POST staff claim.php', 'conversation', () => operator.post('/api/staff/claim.php', { conversation: tooLarge })],
      [
        'POST staff release.php',
        'conversation',
        () => operator.post('/api/staff/release.php', { conversation: tooLarge }),
      ],
      [
        'GET staff conversation.php',
        'conversation',
        () => operator.get(`/api/staff/conversation.php?conversation=${tooLarge}`),
      ],
      [
        'POST staff answer.php',
        'conversation',
        () => operator.post('/api/staff/answer.php', { conversation: tooLarge, text: 'Hoi' }),
      ],
      [
        'POST staff answer.php with a photo',
        'photo_id',
        () => operator.post('/api/staff/answer.php', { conversation, photo_id: tooLarge }),
      ],
      [
        'POST staff note.php',
        'conversation',
        () => operator.post('/api/staff/note.php', { conversation: tooLarge, text: 'A note' }),
      ],
    ];
    for (const [call, field, send] of calls) {
      const response = await send();
      expect([call, response.statusCode, response.json().error], response.body).toEqual([
        call,
        422,
        'validation_failed',
      ]);
      expect(response.json().fields[field]?.code, call).toBe('invalid_choice');
    }
  });

  it('ends at 2147483647: an id that large is looked up, and found nowhere', async () => {
    const { visitor: member } = await memberInAConversation();
    for (const url of [
      `/api/member.php?id=${LARGEST_ID}`,
      `/api/chat.php?conversation=${LARGEST_ID}`,
      `/api/transaction.php?id=${LARGEST_ID}`,
    ]) {
      const response = await member.get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect((await member.post('/api/like.php', { profile_id: LARGEST_ID })).statusCode).toBe(404);
  });
});
