/**
 * GET /metrics: Prometheus' text with the families docs/operations.md lists, each moved by what it
 * counts (a chat send, a paid sandbox checkout, a failing job, refused sign-ins, a refused mail, an
 * open socket, an event left in the outbox); readable only from METRICS_ALLOW's addresses or with
 * METRICS_TOKEN, and a 404 for anyone else, as for a path that does not exist.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_ATTEMPTS } from '../src/platform/jobs/queue.js';
import type { Mailer } from '../src/platform/mail/mailer.js';
import { buyingKit } from './buying.js';
import { client, loggedInMember, STAFF_PASSWORD, sendChatText, settle, staffClient, useTestApp } from './helpers.js';
import './jobs.js';
import { openSocket } from './sockets.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
/** The mail server refuses every mail to this domain. */
const REFUSED_DOMAIN = '@refused.test';

const refusingMailer: Mailer = {
  async send(mail) {
    if (mail.to.endsWith(REFUSED_DOMAIN)) throw new Error('550 mailbox unavailable');
  },
  close() {},
};

const t = useTestApp({ env: { METRICS_TOKEN: TOKEN }, mailer: refusingMailer });
const { buyer, bundleOf, started, decide } = buyingKit(t);

/** The failing job and mail below are reported on the console as well; the test reads the counts. */
const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => {
  vi.restoreAllMocks();
});

/** TEST-NET-3 (RFC 5737): an address in none of the default allowed ranges. */
const OUTSIDE = '203.0.113.7';

async function scrape(): Promise<string> {
  const response = await client(t.app, { remoteAddress: '127.0.0.1' }).get('/metrics');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** How much each sample moved between two scrapes (a sample first seen counts from 0). */
const moved = (before: string, after: string, name: string, labels: Record<string, string> = {}) =>
  (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

describe('GET /metrics', () => {
  it("times requests by their route's pattern and status, never by the URL asked for", async () => {
    const before = await scrape();
    const { visitor } = await loggedInMember(t);
    const other = await loggedInMember(t);
    await sendChatText(visitor, other.profileId, 'Hello there');
    await client(t.app).get('/api/no-such-call.php?secret=1');
    const after = await scrape();
    const send = { method: 'POST', route: '/api/chat.php', status: '200' };
    expect(moved(before, after, 'amora_http_request_duration_seconds_count', send)).toBe(1);
    expect(sample(after, 'amora_http_request_duration_seconds_bucket', { ...send, le: '+Inf' })).toBe(
      sample(after, 'amora_http_request_duration_seconds_count', send),
    );
    const unrouted = { method: 'GET', route: '(unrouted)', status: '404' };
    expect(moved(before, after, 'amora_http_request_duration_seconds_count', unrouted)).toBe(1);
    expect(after).not.toContain('no-such-call');
    expect(after).not.toContain('secret=1');
    // A send alone is eight statements or more (server/test/chat-statements.test.ts).
    expect(moved(before, after, 'amora_database_statements_total')).toBeGreaterThanOrEqual(8);
  });

  it('counts the live sockets of this instance', async () => {
    const { visitor } = await loggedInMember(t);
    const socket = await openSocket(t.app, visitor);
    expect(sample(await scrape(), 'amora_realtime_sockets')).toBe(1);
    await socket.close();
    await expect.poll(async () => sample(await scrape(), 'amora_realtime_sockets')).toBe(0);
  });

  it('shows a paid payment by its status and the webhook that told of it', async () => {
    const before = await scrape();
    const member = await buyer();
    const { checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
    await decide(checkoutId, 'paid');
    const after = await scrape();
    expect(moved(before, after, 'amora_payments', { status: 'paid' })).toBe(1);
    expect(sample(after, 'amora_payments', { status: 'charged_back' })).toBe(0);
    expect(moved(before, after, 'amora_payment_webhooks_total', { provider: 'sandbox' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a failing job each try, and shows it waiting, then failed once out of attempts', async () => {
    quietly();
    t.services.jobs.handle('test.job', async () => {
      throw new Error('the job cannot be done');
    });
    const before = await scrape();
    await t.services.jobs.add('test.job', { label: 'failing' });
    await t.services.jobs.idle();
    const once = await scrape();
    const failures = { queue: 'database', job: 'test.job' };
    expect(moved(before, once, 'amora_job_failures_total', failures)).toBe(1);
    expect(sample(once, 'amora_jobs', { queue: 'database', state: 'delayed' })).toBeGreaterThanOrEqual(1);
    for (let attempt = 2; attempt <= JOB_ATTEMPTS; attempt++) {
      t.clock.advance({ hours: 3 });
      await t.services.jobs.idle();
    }
    const spent = await scrape();
    expect(moved(before, spent, 'amora_job_failures_total', failures)).toBe(JOB_ATTEMPTS);
    expect(sample(spent, 'amora_jobs', { queue: 'database', state: 'failed' })).toBe(1);
    await t.db.deleteFrom('jobs').where('name', '=', 'test.job').execute();
  });

  it("counts members' and staff's refused sign-ins, and a member's account locked", async () => {
    const before = await scrape();
    const { email } = await loggedInMember(t);
    const attacker = client(t.app);
    for (let i = 0; i < 6; i++) await attacker.post('/api/user.php', { email, password: 'not the password' });
    const { email: staffEmail } = await staffClient(t, 'operator');
    await client(t.app).post('/api/staff/login.php', { email: staffEmail, password: `${STAFF_PASSWORD}!` });
    const after = await scrape();
    const member = (reason: string) =>
      moved(before, after, 'amora_login_failures_total', { account: 'member', reason });
    expect(member('wrong_secret')).toBe(5);
    expect(member('locked')).toBe(1);
    expect(moved(before, after, 'amora_login_locks_total', { account: 'member' })).toBe(1);
    expect(moved(before, after, 'amora_login_failures_total', { account: 'staff', reason: 'wrong_secret' })).toBe(1);
  });

  it('counts a mail the mail server refused', async () => {
    quietly();
    const before = await scrape();
    await t.services.mail.sendAccountMail({
      kind: 'reset',
      site: t.site,
      to: `someone${REFUSED_DOMAIN}`,
      locale: 'en',
      name: null,
      link: 'http://localhost/reset',
    });
    await settle(t);
    expect(moved(before, await scrape(), 'amora_mail_failures_total')).toBe(1);
  });

  it('shows the backlog of the outbox and the age of its oldest unpublished event', async () => {
    const written = new Date(Date.now() - 120_000).toISOString();
    // Held by an instance until long after the test, so no relay publishes it meanwhile.
    const { id } = await t.db
      .insertInto('event_outbox')
      .values({ type: 'test.held', payload: '{}', created_at: written, claimed_until: '2999-01-01T00:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = await scrape();
    expect(sample(text, 'amora_outbox_unpublished_events')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'amora_outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(120);
    await t.db.deleteFrom('event_outbox').where('id', '=', id).execute();
  });

  it("adds Node's own process metrics", async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });
});

describe('who may read GET /metrics', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
    client(t.app, { remoteAddress }).get('/metrics', { headers, clientHeader: false });

  it('answers the private ranges and loopback', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.20', '172.20.0.5', '::1', 'fd00::7']) {
      expect((await from(address)).statusCode, address).toBe(200);
    }
  });

  it('answers anyone else as a path that does not exist, a forged X-Forwarded-For or a wrong token too', async () => {
    const unknown = await client(t.app, { remoteAddress: OUTSIDE }).get('/no-such-path', { clientHeader: false });
    const refused: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const response = await from(OUTSIDE, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    // Nor does another method tell the path is there: no 405 with its Allow.
    const stranger = client(t.app, { remoteAddress: OUTSIDE });
    for (const other of [
      await stranger.post('/metrics', {}, { clientHeader: false }),
      await stranger.delete('/metrics', {}, { clientHeader: false }),
    ]) {
      expect(other.statusCode).toBe(404);
      expect(other.headers.allow).toBeUndefined();
    }
  });

  it('lets no address in through a proxy TRUST_PROXY does not name: it may relay anyone', async () => {
    expect((await from('10.1.2.3', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(404);
    expect((await from('127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
    expect((await from('10.1.2.3', { 'x-forwarded-for': OUTSIDE, authorization: `Bearer ${TOKEN}` })).statusCode).toBe(
      200,
    );
  });

  it('answers anyone with the token', async () => {
    const response = await from(OUTSIDE, { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(sample(response.body, 'amora_login_locks_total', { account: 'staff' })).toBeDefined();
  });
});

describe('GET /metrics with METRICS_ALLOW and behind a proxy TRUST_PROXY names', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: '127.0.0.1', METRICS_ALLOW: '192.168.7.0/24' } });
  const viaProxy = (sender: string) =>
    client(proxied.app, { remoteAddress: '127.0.0.1' }).get('/metrics', {
      headers: { 'x-forwarded-for': sender },
      clientHeader: false,
    });

  it("judges the sender's address the proxy forwards, by METRICS_ALLOW alone", async () => {
    expect((await viaProxy('192.168.7.9')).statusCode).toBe(200);
    expect((await viaProxy('127.0.0.1')).statusCode).toBe(404);
    expect((await viaProxy(OUTSIDE)).statusCode).toBe(404);
    expect((await client(proxied.app, { remoteAddress: '10.1.2.3' }).get('/metrics')).statusCode).toBe(404);
  });
});
