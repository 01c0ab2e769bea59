/**
 * Where a member is signed in (issue 36): each session's device, browser and country, "this
 * device", and signing one session or all others out. Another member's session is not found, and
 * the same sign-out sent many times at once ends the session once. A staff session's token is no
 * member's session, nor a member's a staff session (one store holds both, issue 48).
 */
import { SESSION_COOKIE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../src/identity/staff/session.js';
import {
  type BuiltMember,
  buildMember,
  client,
  loggedIn,
  staffClient,
  type TestClient,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

/** Addresses the country database places in Germany and the Netherlands. */
const BERLIN = '85.214.132.117';
const AMSTERDAM = '145.97.39.155';

/** The member signed in from a browser at an address. */
async function signedIn(member: BuiltMember, userAgent: string, remoteAddress: string, headers = {}) {
  const visitor = client(t.app, { remoteAddress });
  const login = await visitor.post(
    '/api/user.php',
    { email: member.email, password: member.password },
    { headers: { 'user-agent': userAgent, ...headers } },
  );
  expect(login.statusCode, login.body).toBe(200);
  return visitor;
}

async function sessionsOf(visitor: TestClient) {
  const answer = await visitor.get('/api/sessions.php');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().sessions as {
    id: string;
    device: { kind: string; browser: string | null; system: string | null };
    country: string | null;
    first_seen: string;
    last_seen: string;
    current: boolean;
  }[];
}

const isSignedIn = async (visitor: TestClient) => (await visitor.get('/api/user.php')).json().user !== null;

describe('GET /api/sessions.php', () => {
  it('lists each session with its device, browser and country, and marks this device', async () => {
    const member = await buildMember(t.services);
    const phone = await signedIn(member, ANDROID_CHROME, BERLIN);
    const iphone = await signedIn(member, IPHONE_SAFARI, AMSTERDAM);

    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(2);
    expect(sessions).toContainEqual(
      expect.objectContaining({
        device: { kind: 'phone', browser: 'Chrome', system: 'Android' },
        country: 'DE',
        current: true,
      }),
    );
    expect(sessions).toContainEqual(
      expect.objectContaining({
        device: { kind: 'phone', browser: 'Safari', system: 'iPhone' },
        country: 'NL',
        current: false,
      }),
    );
    expect((await sessionsOf(iphone)).find((session) => session.current)?.country).toBe('NL');
    // Nothing of the address is stored, only the country.
    const stored = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', member.user.id).execute();
    expect(stored.map((session) => [session.kind, session.staff_id])).toEqual([
      ['member', null],
      ['member', null],
    ]);
    expect(JSON.stringify(stored)).not.toContain(BERLIN);
    // Nor is a session shown by the id it is stored and announced by.
    expect(sessions.map((session) => session.id)).not.toContain(stored[0]?.id);
  });

  it('moves last seen on after a few minutes of use, not on every request', async () => {
    const member = await buildMember(t.services);
    const laptop = await signedIn(member, MAC_FIREFOX, BERLIN);
    const [first] = await sessionsOf(laptop);
    expect(first?.device).toEqual({ kind: 'computer', browser: 'Firefox', system: 'macOS' });
    expect(first?.last_seen).toBe(first?.first_seen);

    t.clock.advance({ minutes: 2 });
    await laptop.get('/api/user.php');
    expect((await sessionsOf(laptop))[0]?.last_seen).toBe(first?.first_seen);

    t.clock.advance({ minutes: 10 });
    await laptop.get('/api/user.php');
    const [later] = await sessionsOf(laptop);
    expect(later?.first_seen).toBe(first?.first_seen);
    expect(new Date(later?.last_seen ?? '').getTime()).toBeGreaterThan(new Date(first?.first_seen ?? '').getTime());
  });

  it('places a session by the address the request came from, not by a forged X-Forwarded-For', async () => {
    const member = await buildMember(t.services);
    const visitor = await signedIn(member, ANDROID_CHROME, '10.1.2.3', { 'x-forwarded-for': BERLIN });
    expect((await sessionsOf(visitor))[0]?.country).toBeNull();
  });

  it('is refused without a session', async () => {
    expect((await client(t.app).get('/api/sessions.php')).statusCode).toBe(403);
  });
});

describe('DELETE /api/session.php', () => {
  it('signs the other device out and leaves this one signed in', async () => {
    const member = await buildMember(t.services);
    const phone = await signedIn(member, ANDROID_CHROME, BERLIN);
    const laptop = await signedIn(member, MAC_FIREFOX, AMSTERDAM);
    const other = (await sessionsOf(phone)).find((session) => !session.current);

    const ended = await phone.delete('/api/session.php', { id: other?.id });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(true);
    expect((await sessionsOf(phone)).map((session) => session.current)).toEqual([true]);
  });

  it("answers 404 for another member's session, which stays signed in", async () => {
    const [anna, bram] = [await buildMember(t.services), await buildMember(t.services)];
    const annaPhone = await signedIn(anna, ANDROID_CHROME, BERLIN);
    const bramPhone = await signedIn(bram, IPHONE_SAFARI, AMSTERDAM);
    const [bramSession] = await sessionsOf(bramPhone);

    const refused = await annaPhone.delete('/api/session.php', { id: bramSession?.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('not_found');
    expect(await isSignedIn(bramPhone)).toBe(true);
    expect(await sessionsOf(bramPhone)).toHaveLength(1);
    expect((await annaPhone.delete('/api/session.php', { id: 'no-such-session' })).statusCode).toBe(404);
  });

  it("refuses a missing, overlong or NUL-carrying id in the member's language and ends nothing", async () => {
    const member = await buildMember(t.services);
    const phone = await signedIn(member, ANDROID_CHROME, BERLIN);
    const laptop = await signedIn(member, MAC_FIREFOX, AMSTERDAM);
    const other = (await sessionsOf(phone)).find((session) => !session.current);

    for (const [body, code] of [
      [{}, 'invalid'],
      [{ id: '' }, 'required'],
      [{ id: 'x'.repeat(101) }, 'too_long'],
      [{ id: `${other?.id}\u0000` }, 'control_characters'],
    ] as const) {
      const refused = await phone.delete('/api/session.php', body, { headers: { 'accept-language': 'nl' } });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().fields.id.code).toBe(code);
      expect(refused.json().fields.id.message).not.toMatch(/^[a-z_]+$/);
    }
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await sessionsOf(phone)).toHaveLength(2);
  });

  it('ends the session once when the same sign-out is sent 20 times at once', async () => {
    const member = await buildMember(t.services);
    const phone = await signedIn(member, ANDROID_CHROME, BERLIN);
    const laptop = await signedIn(member, MAC_FIREFOX, AMSTERDAM);
    const other = (await sessionsOf(phone)).find((session) => !session.current);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => phone.delete('/api/session.php', { id: other?.id })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 404)).toBe(true);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(phone)).toBe(true);
  });
});

describe('DELETE /api/sessions.php', () => {
  it('signs out every other device and keeps this one; a second time ends none', async () => {
    const member = await buildMember(t.services);
    const phone = await signedIn(member, ANDROID_CHROME, BERLIN);
    const others = [await signedIn(member, MAC_FIREFOX, AMSTERDAM), await signedIn(member, IPHONE_SAFARI, BERLIN)];
    const stranger = await signedIn(await buildMember(t.services), MAC_FIREFOX, BERLIN);

    const ended = await phone.delete('/api/sessions.php');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ok: true, ended: 2 });
    for (const other of others) expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(stranger)).toBe(true);
    expect((await phone.delete('/api/sessions.php')).json()).toEqual({ ok: true, ended: 0 });
  });
});

describe('behind a trusted proxy', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: '1' } });

  it('places a session by the address the proxy names', async () => {
    const member = await buildMember(proxied.services);
    const visitor = client(proxied.app, { remoteAddress: '10.0.0.9' });
    const login = await visitor.post(
      '/api/user.php',
      { email: member.email, password: member.password },
      { headers: { 'user-agent': ANDROID_CHROME, 'x-forwarded-for': AMSTERDAM } },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect((await sessionsOf(visitor))[0]?.country).toBe('NL');
  });
});

describe('the member cookie and the staff cookie', () => {
  it("take a staff session's token for no member's and a member's for no staff member's; signing out with it ends neither", async () => {
    const member = await buildMember(t.services);
    const asMember = await loggedIn(t.app, member);
    const staff = await staffClient(t, 'operator');
    const staffAsMember = client(t.app, { cookies: { [SESSION_COOKIE]: staff.cookie(STAFF_COOKIE) ?? '' } });
    expect((await staffAsMember.get('/api/user.php')).json().user).toBeNull();
    expect((await staffAsMember.get('/api/sessions.php')).json()).toMatchObject({ error: 'authentication_required' });
    const memberAsStaff = client(t.app, { cookies: { [STAFF_COOKIE]: asMember.cookie(SESSION_COOKIE) ?? '' } });
    expect((await memberAsStaff.get('/api/staff/me.php')).json()).toEqual({ staff: null });
    expect((await memberAsStaff.get('/api/staff/inbox.php')).json()).toMatchObject({ error: 'staff_login_required' });
    const code = await memberAsStaff.post('/api/staff/two-step.php', { code: '123456' });
    expect(code.json()).toMatchObject({ error: 'staff_login_required' });

    expect((await staffAsMember.get('/api/logout.php')).statusCode).toBe(200);
    expect((await memberAsStaff.post('/api/staff/logout.php')).statusCode).toBe(200);
    expect((await asMember.get('/api/user.php')).json().user).toMatchObject({ email: member.email });
    expect((await staff.get('/api/staff/me.php')).json().staff).toMatchObject({ email: staff.email });
  });
});
