/**
 * Two instances as on two machines: separate DATA_DIRs, one PostgreSQL, one Redis and one S3
 * bucket (s3rver). A photo uploaded through A is served through B, byte for byte; a private one is
 * refused on B to a member not allowed, and shown there to its owner; a data export is downloaded
 * through either.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMember,
  client,
  createTestApp,
  loggedIn,
  multipartFile,
  settle,
  type TestApp,
  type TestClient,
  testPhoto,
} from './helpers.js';
import { TEST_REDIS_URL } from './redis.js';
import { s3TestEnv } from './s3.js';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  const env = {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `amora-test-${randomBytes(6).toString('hex')}:`,
    ...(await s3TestEnv()),
  };
  a = await createTestApp({ env, engine: 'postgres' });
  b = await createTestApp({ env, sharedDatabaseUrl: a.databaseUrl ?? undefined });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A member logged in on each instance. */
async function member() {
  const built = await buildMember(a.services);
  return { ...built, onA: await loggedIn(a.app, built), onB: await loggedIn(b.app, built) };
}

interface OwnPhoto {
  id: number;
  filename: string;
  thumb_filename: string;
}

async function upload(visitor: TestClient): Promise<OwnPhoto> {
  const { payload, headers } = multipartFile(await testPhoto());
  const response = await visitor.post('/api/photos.php', payload, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().photos as OwnPhoto[]).at(-1) as OwnPhoto;
}

describe('photos across machines', () => {
  it('runs both on one PostgreSQL database', () => {
    expect(a.databaseUrl).toMatch(/^postgres/);
    expect(b.databaseUrl).toBe(a.databaseUrl);
  });

  it('serves a photo uploaded through A through B, byte for byte', async () => {
    const owner = await member();
    const photo = await upload(owner.onA);
    for (const file of [photo.filename, photo.thumb_filename]) {
      const onA = await client(a.app).get(`/media/${file}`);
      const onB = await client(b.app).get(`/media/${file}`);
      expect(onA.statusCode).toBe(200);
      expect(onB.statusCode).toBe(200);
      expect(onB.headers['content-type']).toBe('image/webp');
      expect(Buffer.compare(onB.rawPayload, onA.rawPayload)).toBe(0);
    }
  });

  it('refuses a private photo on B to a member not allowed, and shows it there to its owner', async () => {
    const owner = await member();
    await upload(owner.onA);
    const hidden = await upload(owner.onA);
    const marked = await owner.onA.put('/api/photos.php', { private_photo: { id: hidden.id, private: true } });
    expect(marked.statusCode, marked.body).toBe(200);
    const stranger = await member();
    expect((await stranger.onB.get(`/media/${hidden.filename}`)).statusCode).toBe(404);
    expect((await client(b.app).get(`/media/${hidden.filename}`)).statusCode).toBe(404);
    expect((await owner.onB.get(`/media/${hidden.filename}`)).statusCode).toBe(200);
  });

  it('removes through B a photo uploaded through A: gone on both', async () => {
    const owner = await member();
    await upload(owner.onA);
    const second = await upload(owner.onA);
    expect((await owner.onB.delete('/api/photos.php', { id: second.id })).statusCode).toBe(200);
    expect((await owner.onA.get(`/media/${second.filename}`)).statusCode).toBe(404);
    expect(await a.services.media.get(second.filename)).toBeNull();
  });

  it('downloads through B a data export made by whichever instance ran its job', async () => {
    const owner = await member();
    await upload(owner.onA);
    expect((await owner.onA.post('/api/exports.php', {})).statusCode).toBe(200);
    let ready: { id: string; status: string } | null = null;
    for (let tries = 0; tries < 100 && ready?.status !== 'ready'; tries++) {
      await Promise.all([settle(a), settle(b)]);
      ready = (await owner.onB.get('/api/exports.php')).json().export;
      if (ready?.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready?.status).toBe('ready');
    const onB = await owner.onB.get(`/api/export.php?id=${ready?.id}`);
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-type']).toBe('application/zip');
    const onA = await owner.onA.get(`/api/export.php?id=${ready?.id}`);
    expect(Buffer.compare(onB.rawPayload, onA.rawPayload)).toBe(0);
  });
});
