/**
 * A sign-in from a new device (issue 36): the member gets a mail in their language that names the
 * device, the country and the time, with a link that logs that one session out, without needing
 * a session of their own. A browser is known by its device cookie; their first ever sign-in, or
 * one from a browser they used before, mails nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  type BuiltMember,
  buildMember,
  buildSite,
  client,
  lastMail,
  linkFrom,
  mailCount,
  type TestClient,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
/** An address the country database places in Germany. */
const BERLIN = '85.214.132.117';

async function logIn(visitor: TestClient, member: BuiltMember, headers: Record<string, string> = {}) {
  const answer = await visitor.post('/api/user.php', { email: member.email, password: member.password }, { headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return visitor;
}

const isSignedIn = async (visitor: TestClient) => (await visitor.get('/api/user.php')).json().user !== null;

/** A member signed in on their usual browser, then on a new one: the mail that told them. */
async function signedInOnANewDevice(language?: 'de') {
  const member = await buildMember(t.services, { language });
  const usual = await logIn(client(t.app), member);
  const before = await mailCount(t, member.email);
  const stranger = await logIn(client(t.app, { remoteAddress: BERLIN }), member, { 'user-agent': MAC_FIREFOX });
  expect(await mailCount(t, member.email)).toBe(before + 1);
  const mail = await lastMail(t, member.email);
  return { member, usual, stranger, mail, link: linkFrom(mail) };
}

describe('a sign-in from a new device', () => {
  it('mails the member in their language with the device, the country and a link that ends it', async () => {
    const { mail, link } = await signedInOnANewDevice('de');
    expect(mail?.subject).toContain('Neue Anmeldung');
    expect(mail?.text).toContain('Firefox auf macOS');
    expect(mail?.text).toContain('Deutschland');
    expect(link.path).toMatch(/^\/sessions\/end\?token=/);
  });

  it('mails nothing on the first sign-in, nor from a browser the member used before', async () => {
    const member = await buildMember(t.services);
    const browser = await logIn(client(t.app), member);
    await browser.get('/api/logout.php');
    await logIn(browser, member);
    expect(await mailCount(t, member.email)).toBe(0);
  });

  it('takes a device cookie the server did not make for no device at all', async () => {
    const member = await buildMember(t.services);
    await logIn(client(t.app), member);
    await logIn(client(t.app, { cookies: { amora_device: '../../etc/passwd\u0000' } }), member);
    expect(await mailCount(t, member.email)).toBe(1);
  });
});

describe('/api/session-end.php', () => {
  it('shows the sign-in, then logs that one device out without a session, and only once', async () => {
    const { usual, stranger, link } = await signedInOnANewDevice();
    const reader = client(t.app);

    const shown = await reader.get(`/api/session-end.php?token=${encodeURIComponent(link.token)}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      device: { kind: 'computer', browser: 'Firefox', system: 'macOS' },
      country: 'DE',
    });

    const ends = await Promise.all(
      // From 20 addresses, so the rate limit is not what decides.
      Array.from({ length: 20 }, () => client(t.app).post('/api/session-end.php', { token: link.token })),
    );
    expect(ends.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(ends.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().error)).toEqual(
      Array(19).fill('link_invalid'),
    );
    expect(await isSignedIn(stranger)).toBe(false);
    expect(await isSignedIn(usual)).toBe(true);
    expect((await reader.get(`/api/session-end.php?token=${encodeURIComponent(link.token)}`)).json().error).toBe(
      'link_invalid',
    );
  });

  it('ends nothing through another site, or with a made-up token', async () => {
    const { stranger, link } = await signedInOnANewDevice();
    await buildSite(t.db, { domain: 'elsewhere.test' });
    const elsewhere = client(t.app, { host: 'elsewhere.test' });
    expect((await elsewhere.post('/api/session-end.php', { token: link.token })).json().error).toBe('link_invalid');
    expect((await client(t.app).post('/api/session-end.php', { token: `${link.token}x` })).json().error).toBe(
      'link_invalid',
    );
    expect(await isSignedIn(stranger)).toBe(true);
  });

  it('refuses a missing, overlong or NUL-bearing token with the reason, and ends nothing', async () => {
    const { stranger, link } = await signedInOnANewDevice();
    const reader = client(t.app);
    const refusals = [
      [{}, 'invalid'],
      [{ token: 'x'.repeat(201) }, 'too_long'],
      [{ token: `${link.token}\u0000` }, 'control_characters'],
    ] as const;
    for (const [body, code] of refusals) {
      const answer = await reader.post('/api/session-end.php', body);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().fields.token.code).toBe(code);
    }
    expect(await isSignedIn(stranger)).toBe(true);
  });
});
