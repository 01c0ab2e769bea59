/** POST /api/complaints.php: anyone may complain; each complaint is filed once and confirmed by mail. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSite, client, lastMail, loggedInMember, mailCount, uniqueEmail, useTestApp } from './helpers.js';

const t = useTestApp({
  setup: (t) => buildSite(t.db, { domain: 'klachten.test', domainLanguage: 'nl-NL', name: 'Klachten' }),
});

function complaint(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Eva de Vries',
    email: uniqueEmail('eva'),
    category: 'payment',
    reference: 'Payment 1042',
    message: 'I paid for 150 credits yesterday\nbut I only got 100.',
    client_id: randomUUID(),
    ...overrides,
  };
}

async function storedComplaints(clientId: string) {
  return t.db.selectFrom('complaints').selectAll().where('client_id', '=', clientId).execute();
}

describe('POST /api/complaints.php', () => {
  it("files a visitor's complaint and confirms it by mail with its number", async () => {
    const body = complaint();
    const response = await client(t.app, { cookies: { lang: 'en' } }).post('/api/complaints.php', body);
    expect(response.statusCode).toBe(200);
    const { number } = response.json();
    const [stored] = await storedComplaints(body.client_id);
    expect(stored).toMatchObject({
      id: number,
      site_id: t.site.id,
      user_id: null,
      name: 'Eva de Vries',
      email: body.email,
      category: 'payment',
      reference: 'Payment 1042',
      message: 'I paid for 150 credits yesterday\nbut I only got 100.',
      locale: 'en',
    });
    const mail = await lastMail(t, body.email);
    expect(mail?.subject).toBe(`We have received your complaint (number ${number})`);
    expect(mail?.text).toContain('“A payment or credits”');
    expect(mail?.text).toContain('because a complaint was sent from this address');
  });

  it("links a member's complaint to the account and answers in the site's language", async () => {
    const site = await t.services.sites.findByDomain('klachten.test');
    if (!site) throw new Error('no site');
    const member = await loggedInMember(t, site);
    const body = complaint({ category: 'member', email: member.email });
    const response = await member.visitor.post('/api/complaints.php', body);
    expect(response.statusCode).toBe(200);
    const [stored] = await storedComplaints(body.client_id);
    expect(stored?.user_id).toBe(member.user.id);
    expect(stored?.site_id).toBe(site.id);
    expect((await lastMail(t, member.email))?.subject).toBe(
      `We hebben je klacht ontvangen (nummer ${response.json().number})`,
    );
  });

  it.each([
    ['en', 'Hello,'],
    ['nl', 'Hallo,'],
  ])('confirms in %s without repeating what the sender typed: not the name, not a link', async (lang, greeting) => {
    const body = complaint({
      name: 'Visit www.spam.example now',
      reference: 'https://spam.example/offer',
      message: 'Cheap pills at www.spam.example, call +1 555 0100',
    });
    const response = await client(t.app, { cookies: { lang } }).post('/api/complaints.php', body);
    expect(response.statusCode).toBe(200);
    const mail = await lastMail(t, body.email);
    expect(mail?.text.split('\n')[0]).toBe(greeting);
    for (const part of [mail?.subject, mail?.text, mail?.html]) {
      expect(part).toContain(String(response.json().number));
      expect(part).not.toMatch(/spam|Visit|pills|555/i);
    }
    // The complaint itself is kept as it was sent, for the company to read.
    expect((await storedComplaints(body.client_id))[0]).toMatchObject({ name: body.name, message: body.message });
  });

  it('files a complaint sent 50 times at once (double taps, retries after a timeout) once, mailed once', async () => {
    const body = complaint();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => client(t.app).post('/api/complaints.php', body)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((response) => response.json().number)).size).toBe(1);
    expect(await storedComplaints(body.client_id)).toHaveLength(1);
    expect(await mailCount(t, body.email)).toBe(1);
  });

  it('takes 5 complaints an hour from one address', async () => {
    const visitor = client(t.app);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await visitor.post('/api/complaints.php', complaint())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it.each([
    ['a NUL byte in the message', { message: 'Hello\u0000there' }, 'message', 'control_characters'],
    ['an empty message', { message: '   ' }, 'message', 'required'],
    ['a message of 5,001 characters', { message: 'x'.repeat(5001) }, 'message', 'too_long'],
    ['an unknown category', { category: 'refund-now' }, 'category', 'invalid_choice'],
    ['an invalid email address', { email: 'not-an-email' }, 'email', 'invalid_email'],
    ['a name with a direction override', { name: 'Eva\u202Egnirts' }, 'name', 'invisible_characters'],
    ['a client id that is not one', { client_id: 'abc' }, 'client_id', 'invalid'],
  ])('refuses %s in the visitor’s language and stores nothing', async (_, overrides, field, code) => {
    const body = complaint(overrides);
    const response = await client(t.app, { cookies: { lang: 'nl' } }).post('/api/complaints.php', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields[field]).toMatchObject({ code });
    expect(response.json().fields[field].message).not.toBe('');
    expect(await mailCount(t, body.email)).toBe(0);
    const count = await t.db
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs the client header, so another site cannot file complaints in a visitor’s name', async () => {
    const body = complaint();
    const response = await client(t.app).post('/api/complaints.php', body, { clientHeader: false });
    expect(response.statusCode).toBe(403);
    expect(await storedComplaints(body.client_id)).toHaveLength(0);
  });
});
