/**
 * What every call goes through, tried as an attacker would: forged forwarding headers, encoded
 * paths, links from other sites that carry the cookie, and caches that keep personal answers.
 */
import net from 'node:net';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newKeysEnvironment } from '../src/platform/keys/deployment-keys.js';
import { client, lastMail, linkFrom, loggedInMember, uniqueEmail, useTestApp } from './helpers.js';
import { listeningUrl } from './sockets.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_PROVIDER: 'mollie',
  MOLLIE_API_KEY: 'test_pipeline',
  RATE_LIMIT_SCALE: '0.1',
  ...newKeysEnvironment(),
};
/** A failed login for a new address each time, so only the rate limit (not the login block) refuses. */
const wrongLogin = () => ({ email: uniqueEmail('nobody'), password: 'wrong-password' });
/** POST /api/user.php allows 2 tries per visitor at RATE_LIMIT_SCALE 0.1. */
const forwardedFor = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('X-Forwarded-For in production without TRUST_PROXY', () => {
  const t = useTestApp({ env: PRODUCTION });

  it('is not believed: a new address per request does not escape the login rate limit', async () => {
    const visitor = client(t.app, { remoteAddress: '203.0.113.20' });
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      statuses.push((await visitor.post('/api/user.php', wrongLogin(), forwardedFor(`198.51.100.${i}`))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('does not place the visitor in the country a forged header names', async () => {
    const visitor = client(t.app, { remoteAddress: '145.53.1.1' });
    const response = await visitor.get('/api/settings.php', forwardedFor('8.8.8.8'));
    expect(response.json().geoip_country).toBe('NL');
  });
});

describe('X-Forwarded-For behind one trusted proxy (TRUST_PROXY=1)', () => {
  const t = useTestApp({ env: { ...PRODUCTION, TRUST_PROXY: '1' } });

  it('counts each forwarded visitor on their own, and the same visitor together', async () => {
    const proxy = client(t.app, { remoteAddress: '10.0.0.5' });
    for (let i = 1; i <= 3; i++) {
      expect((await proxy.post('/api/user.php', wrongLogin(), forwardedFor(`198.51.100.${i}`))).statusCode).toBe(401);
    }
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      statuses.push((await proxy.post('/api/user.php', wrongLogin(), forwardedFor('198.51.100.99'))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("places the visitor in the country of the address the proxy forwards, not the proxy's", async () => {
    const proxy = client(t.app, { remoteAddress: '10.0.0.5' });
    const response = await proxy.get('/api/settings.php', forwardedFor('145.53.1.1'));
    expect(response.json().geoip_country).toBe('NL');
  });
});

describe('cookies behind a TLS proxy that is not trusted', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://amora.example' } });

  it('are Secure when PUBLIC_URL is https, though the request came in as http', async () => {
    const member = await loggedInMember(t);
    const response = await client(t.app).post('/api/user.php', { email: member.email, password: member.password });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.secure).toBe(true);
  });
});

describe('links in mails', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://amora.example', TRUST_PROXY: '1' } });

  it('use the site domain with PUBLIC_URL scheme and port, whatever X-Forwarded-Proto or the Host port say', async () => {
    const member = await loggedInMember(t);
    const forged = { 'x-forwarded-proto': 'http', 'x-forwarded-port': '8443' };
    const response = await client(t.app, { host: 'localhost:8080' }).post(
      '/api/reset-password.php',
      { email: member.email },
      { headers: forged },
    );
    expect(response.statusCode).toBe(200);
    expect(linkFrom(await lastMail(t, member.email)).url).toMatch(/^https:\/\/localhost\/reset-password\/do\?token=/);
  });
});

describe('the routed path', () => {
  const t = useTestApp();

  it('runs the site lookup and the client-header check for an encoded /api path too', async () => {
    const settings = await client(t.app).get('/%61pi/settings.php');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ name: 'Amora' });
    const login = await client(t.app).post('/%61pi/user.php', wrongLogin(), { clientHeader: false });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('request_type_missing');
  });

  it('answers an /api path that is no call with a JSON 404', async () => {
    const response = await client(t.app).get('/api/nothing-here.php');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});

describe('GET calls that change state', () => {
  const t = useTestApp();

  it('GET /api/logout.php from a link on another site (no client header) keeps the member logged in', async () => {
    const member = await loggedInMember(t);
    const refused = await member.visitor.get('/api/logout.php', {
      clientHeader: false,
      headers: { cookie: 'lang=nl' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'request_type_missing',
      message: 'Dit verzoek is geweigerd omdat het niet uit de app kwam: de header x-request-type: client ontbreekt.',
    });
    expect((await member.visitor.get('/api/user.php')).json().user.id).toBe(member.user.id);
  });

  it('GET /api/auto-like.php without the client header likes nothing', async () => {
    const member = await loggedInMember(t);
    const refused = await member.visitor.get('/api/auto-like.php', { clientHeader: false });
    expect(refused.statusCode).toBe(403);
    expect((await member.visitor.get('/api/likes.php')).json().liked_by).toEqual([]);
  });

  it('GET /api/member.php without the client header shows the profile but leaves its like new', async () => {
    const liker = await loggedInMember(t);
    const member = await loggedInMember(t);
    expect((await liker.visitor.post('/api/like.php', { profile_id: member.profileId })).statusCode).toBe(200);
    const viewed = await member.visitor.get(`/api/member.php?id=${liker.profileId}`, { clientHeader: false });
    expect(viewed.statusCode).toBe(200);
    expect((await member.visitor.get('/api/likes.php')).json().liked_by).toEqual([
      { id: liker.profileId, like_new: true },
    ]);
  });
});

describe('answers with personal data', () => {
  const t = useTestApp();

  it('carry Cache-Control: no-store', async () => {
    const member = await loggedInMember(t);
    const other = await loggedInMember(t);
    for (const url of ['/api/user.php', `/api/member.php?id=${other.profileId}`, '/api/likes.php', '/api/photos.php']) {
      const response = await member.visitor.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

/**
 * A request (`GET /path`) sent over a socket to the app listening on this machine, as any HTTP
 * client may send it: Node's parser, not Fastify, reads its head. The answer's status and body.
 */
async function answerOverSocket(app: FastifyInstance, request: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(await listeningUrl(app));
  const socket = net.connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.write(
    `${request} HTTP/1.1\r\nhost: localhost\r\ncookie: ${SESSION_COOKIE}=a-session\r\nconnection: close\r\n\r\n`,
  );
  // The server may cut the connection while the rest of a refused head is still on its way.
  await new Promise((resolve) => socket.on('close', resolve).on('error', () => {}));
  const [head = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

describe('requests refused before any route is found', () => {
  const t = useTestApp();
  const errorShape = { error: expect.any(String), message: expect.any(String) };

  it('a bad percent-encoding answers 400 bad_request in the error shape, without repeating the URL', async () => {
    for (const url of ['/%', '/api/user.php%zz']) {
      const response = await client(t.app).get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'bad_request', message: 'This request could not be understood.' });
    }
  });

  it('an 8 KB path answers 404 not_found in the error shape, without repeating the path', async () => {
    const path = `/api/${'a'.repeat(8 * 1024)}`;
    const { status, body } = await answerOverSocket(t.app, `GET ${path}`);
    expect(status).toBe(404);
    expect(JSON.parse(body)).toEqual({ ...errorShape, error: 'not_found' });
    expect(body).not.toContain('aaaa');
  });

  it('a 64 KB query string answers 400 bad_request in the error shape, without repeating it', async () => {
    const { status, body } = await answerOverSocket(t.app, `GET /api/members.php?q=${'q'.repeat(64 * 1024)}`);
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ error: 'bad_request', message: 'This request could not be understood.' });
  });

  it('a method its path does not take answers 405 with the methods it does take, and an unknown path 404', async () => {
    const cases = [
      { method: 'PUT', url: '/api/chats.php', allow: 'GET, HEAD' },
      { method: 'DELETE', url: '/api/settings.php?domain=x', allow: 'GET, HEAD' },
      { method: 'GET', url: '/api/signup.php', allow: 'POST' },
      { method: 'POST', url: '/media/1/photo.webp', allow: 'GET, HEAD' },
    ] as const;
    for (const { method, url, allow } of cases) {
      const response = await t.app.inject({ method, url, headers: { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT } });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.json().error).toBe('method_not_allowed');
    }
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/nothing-here.php' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('TRACE answers 405 method_not_allowed in the error shape, on a call and on a page', async () => {
    for (const url of ['/api/user.php', '/', '/members']) {
      const { status, body } = await answerOverSocket(t.app, `TRACE ${url}`);
      expect(status, url).toBe(405);
      expect(JSON.parse(body), url).toEqual({
        error: 'method_not_allowed',
        message: 'This request method is not allowed here.',
      });
    }
  });
});
