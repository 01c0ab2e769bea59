/**
 * Photos in the media store, on both stores (api-sqlite: DATA_DIR/media; api-postgres: an S3
 * bucket on s3rver): who gets which address, what a guessed or crafted /media path answers, that
 * deleting or rejecting a photo removes its objects, and the CDN purge hook.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import {
  buildMember,
  buildPhotos,
  buildSite,
  client,
  loggedIn,
  loggedInMember,
  makePremium,
  multipartFile,
  settle,
  staffClient,
  testPhoto,
  useTestApp,
  withFields,
} from './helpers.js';

const CDN_HOST = 'cdn-fronted.test';
const CDN_PREFIX = 'https://cdn.example.test/media';

/** The purge hook's stand-in: what was POSTed to it, and whether it answers 503 for now. */
const hook = { bodies: [] as unknown[], failing: false };
const hookServer = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    hook.bodies.push(JSON.parse(body));
    response.writeHead(hook.failing ? 503 : 204).end();
  });
});
await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/purge`;

const t = useTestApp({
  env: { CDN_PURGE_URL: hookUrl },
  setup: async (t) => {
    await buildSite(t.db, { domain: CDN_HOST, settings: { cdn_prefix: CDN_PREFIX } });
  },
});
let cdnSite: Site;
beforeAll(async () => {
  cdnSite = (await t.services.sites.findByDomain(CDN_HOST)) as Site;
});
afterAll(() => new Promise<void>((resolve) => hookServer.close(() => resolve())));

const onCdnSite = { headers: { host: CDN_HOST } };
const stored = async (file: string) => (await t.services.media.get(file)) !== null;

describe('photo addresses', () => {
  it('puts only the main photo under the CDN; further and private photos come from the app', async () => {
    const owner = await loggedInMember(t, cdnSite);
    const [main, second, hidden] = (await buildPhotos(t.services, owner, 3)) as [number, number, number];
    await owner.visitor.put('/api/photos.php', { private_photo: { id: hidden, private: true } }, onCdnSite);
    const viewer = await loggedInMember(t, cdnSite);
    const profile = (await viewer.visitor.get(`/api/member.php?id=${owner.profileId}`, onCdnSite)).json().profile;
    expect(profile.main_image).toMatchObject({ id: main, public: true });
    expect(profile.photos.map((photo: { id: number; public: boolean }) => [photo.id, photo.public])).toEqual([
      [main, true],
      [second, false],
    ]);
    const own = (await owner.visitor.get('/api/photos.php', onCdnSite)).json().photos;
    expect(own.map((photo: { id: number; public: boolean }) => [photo.id, photo.public])).toEqual([
      [main, true],
      [second, false],
      [hidden, false],
    ]);
  });

  it("serves chat photos from the app's /media, never from the CDN", async () => {
    const chatter = async () => {
      const member = await buildMember(t.services, { site: cdnSite, credits: 1000 });
      await makePremium(t, member);
      return { ...member, visitor: await loggedIn(t.app, member, { host: CDN_HOST }) };
    };
    const [anna, bram] = [await chatter(), await chatter()];
    const upload = multipartFile(await testPhoto());
    const fields = { client_id: randomUUID(), profile_id: String(bram.profileId) };
    const sent = await anna.visitor.post('/api/chat.php', withFields(upload, fields), { headers: upload.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    const url = sent.json().message.photo.url as string;
    expect(url).toMatch(/^\/media\/c\/\d+\/[0-9a-f]{32}\.webp$/);
    expect((await bram.visitor.get(url)).statusCode).toBe(200);
    expect((await client(t.app).get(url, onCdnSite)).statusCode).toBe(404);
  });
});

describe('GET /media/… (attacks)', () => {
  it("answers 404 for another member's private photo, whoever guesses its name", async () => {
    const owner = await loggedInMember(t);
    const [, hidden] = (await buildPhotos(t.services, owner, 2)) as [number, number];
    await owner.visitor.put('/api/photos.php', { private_photo: { id: hidden, private: true } });
    const row = await t.db.selectFrom('photos').selectAll().where('id', '=', hidden).executeTakeFirstOrThrow();
    const stranger = await loggedInMember(t);
    for (const file of [row.filename, row.thumb_filename]) {
      expect((await stranger.visitor.get(`/media/${file}`)).statusCode).toBe(404);
      expect((await client(t.app).get(`/media/${file}`)).statusCode).toBe(404);
      expect((await owner.visitor.get(`/media/${file}`)).statusCode).toBe(200);
    }
    // Another name in the same folder, as one might guess it.
    const guessed = row.filename.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect((await owner.visitor.get(`/media/${guessed}`)).statusCode).toBe(404);
  });

  it('answers 404 to paths that climb out, encoded or not, or carry a NUL byte', async () => {
    const owner = await loggedInMember(t);
    const [main] = await buildPhotos(t.services, owner, 1);
    const row = await t.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', main as number)
      .executeTakeFirstOrThrow();
    const folder = `p/${owner.profileId}`;
    for (const path of [
      `${folder}/../../amora.sqlite`,
      `${folder}/..%2f..%2famora.sqlite`,
      `${folder}/%2e%2e/%2e%2e/amora.sqlite`,
      `p/..%2F..%2F${row.filename}`,
      `${row.filename}%00.webp`,
      `${row.filename}%00`,
      `exports/${'a'.repeat(32)}.zip`,
      'c/../p/1/x.webp',
      '%2fetc%2fpasswd',
    ]) {
      const response = await owner.visitor.get(`/media/${path}`);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await owner.visitor.get(`/media/${row.filename}`)).statusCode).toBe(200);
  });

  it('answers 404 on the staff media path to the same crafted paths', async () => {
    const admin = await staffClient(t, 'admin');
    for (const path of [
      'p/1/..%2f..%2famora.sqlite',
      'c/1/%00.webp',
      'p/1/%00.webp',
      `exports/${'a'.repeat(32)}.zip`,
    ]) {
      expect((await admin.get(`/api/staff/media/${path}`)).statusCode, path).toBe(404);
    }
  });
});

describe('removing photos', () => {
  it("removes a deleted photo's objects, and tells the CDN to forget them", async () => {
    hook.bodies = [];
    const owner = await loggedInMember(t, cdnSite);
    const [first] = await buildPhotos(t.services, owner, 2);
    const row = await t.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', first as number)
      .executeTakeFirstOrThrow();
    expect(await stored(row.filename)).toBe(true);
    expect((await owner.visitor.delete('/api/photos.php', { id: first }, onCdnSite)).statusCode).toBe(200);
    expect(await stored(row.filename)).toBe(false);
    expect(await stored(row.thumb_filename)).toBe(false);
    await settle(t);
    expect(hook.bodies).toEqual([{ urls: [`${CDN_PREFIX}/${row.filename}`, `${CDN_PREFIX}/${row.thumb_filename}`] }]);
  });

  it('tells the CDN to forget a main photo that another replaces, and keeps serving it to members', async () => {
    const owner = await loggedInMember(t, cdnSite);
    const [first, second] = (await buildPhotos(t.services, owner, 2)) as [number, number];
    const row = await t.db.selectFrom('photos').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    await settle(t);
    hook.bodies = [];
    expect((await owner.visitor.put('/api/photos.php', { main_image: second }, onCdnSite)).statusCode).toBe(200);
    await settle(t);
    expect(hook.bodies).toEqual([{ urls: [`${CDN_PREFIX}/${row.filename}`, `${CDN_PREFIX}/${row.thumb_filename}`] }]);
    expect(await stored(row.filename)).toBe(true);
  });

  it('keeps an image uploaded twice while one of its photos remains', async () => {
    const owner = await loggedInMember(t);
    const same = await testPhoto();
    const a = await t.services.photos.addPhoto(owner.profileId, same, { main: true });
    const b = await t.services.photos.addPhoto(owner.profileId, same);
    expect(b.filename).toBe(a.filename);
    await owner.visitor.delete('/api/photos.php', { id: a.id });
    expect(await stored(a.filename)).toBe(true);
    expect((await owner.visitor.get(`/media/${b.filename}`)).statusCode).toBe(200);
    await owner.visitor.delete('/api/photos.php', { id: b.id });
    expect(await stored(a.filename)).toBe(false);
  });

  it("removes a rejected photo's objects; a failing purge hook is tried again", async () => {
    hook.bodies = [];
    hook.failing = true;
    const owner = await loggedInMember(t, cdnSite);
    const [photo] = await buildPhotos(t.services, owner, 1);
    const row = await t.db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', photo as number)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('photos')
      .set({ status: 'pending' })
      .where('id', '=', photo as number)
      .execute();
    const moderator = await staffClient(t, 'moderator');
    const decided = await moderator.post('/api/staff/photos.php', {
      photos: [photo],
      decision: 'reject',
      rejection: 'no_face',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await stored(row.filename)).toBe(false);
    expect(await stored(row.thumb_filename)).toBe(false);
    await settle(t);
    expect(hook.bodies).toHaveLength(1);

    hook.failing = false;
    t.clock.advance({ minutes: 1 });
    await settle(t);
    expect(hook.bodies).toHaveLength(2);
    expect(hook.bodies[1]).toEqual({
      urls: [`${CDN_PREFIX}/${row.filename}`, `${CDN_PREFIX}/${row.thumb_filename}`],
    });
  });
});
