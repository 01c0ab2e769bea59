import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from './helpers.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-web-'));
const INDEX_HTML = '<!doctype html><title>Amora</title><div id="root"></div>';
const LANDERS_HTML = '<!doctype html><title>Amora</title><main id="lander"></main>';
fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
fs.writeFileSync(path.join(webDist, 'landers.html'), LANDERS_HTML);
const SCRIPT = `console.log(${JSON.stringify('Amora '.repeat(500))});`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b.js'), SCRIPT);
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b.js.br'), zlib.brotliCompressSync(SCRIPT));
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b.js.gz'), zlib.gzipSync(SCRIPT));

const t = useTestApp({ env: { WEB_DIST: webDist } });

describe('pages of the web app', () => {
  it.each(['/', '/members', '/members/42?t=5', '/likes/m/7', '/pages/terms', '/credits/3/ideal', '/chats/12'])(
    'answer %s with the app and 200',
    async (url) => {
      const response = await client(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it.each(['/nothing-here', '/pages/secret', '/members/42/chat/more', '/wp-login.php', '/members%00'])(
    'answer %s with the app, which shows its not-found page, and 404',
    async (url) => {
      const response = await client(t.app).get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    '/landers/tinderswipe',
    '/landers/gallery',
    '/landers/maplanding/amsterdam',
    '/members/42/landing',
    '/members/42/signup',
    '/members/42/landing2',
    '/members/42/landing3/summer?network=ads',
  ])('answer the lander %s with the light lander page and 200', async (url) => {
    const response = await client(t.app).get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LANDERS_HTML);
  });

  it.each(['/landers/nothing', '/landers/tinderswipe/extra', '/landers'])('answer %s with 404', async (url) => {
    const response = await client(t.app).get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('refuses a path with a broken escape as a bad request', async () => {
    expect((await client(t.app).get('/%E0%A4%A')).statusCode).toBe(400);
  });

  it('answers unknown API calls with a JSON not_found, not the app', async () => {
    const response = await client(t.app).get('/api/nothing.php');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends a built file compressed as the browser accepts it, from the copy made at build time', async () => {
    const brotli = await client(t.app).get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await client(t.app).get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await client(t.app).get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses an API answer over a kilobyte, and leaves a small one as it is', async () => {
    const large = await client(t.app).get('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString())).toMatchObject({ openapi: '3.0.3' });

    const small = await client(t.app).get('/api/nothing.php', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ error: 'not_found' });
  });

  it('takes a request body as sent: a compressed one is not inflated', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'a@b.test', password: 'whatever-123' }));
    const response = await client(t.app).post('/api/login.php', body, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
  });
});
