/**
 * Two machines: two instances of the app, each with a DATA_DIR of its own, on one PostgreSQL
 * database joined by one Redis, with one S3 bucket (s3rver). A photo uploaded through A is served
 * through B, byte for byte (a private one refused there to a member not allowed), a data export is
 * downloaded through either, a push signed by B verifies with the key A gave the browser, and an
 * unsubscribe link mailed by A works on B; with the keys from the environment, as production has
 * them (the same on both), and with the keys the database keeps when the environment has none.
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newKeysEnvironment } from '../src/platform/keys/deployment-keys.js';
import {
  buildMember,
  client,
  createTestApp,
  loggedIn,
  makePremium,
  multipartFile,
  settle,
  type TestApp,
  type TestClient,
  testPhoto,
} from './helpers.js';
import { type Delivery, startPushService } from './push-service.js';
import { redisEnv } from './redis.js';
import { s3TestEnv } from './s3.js';

const pushService = await startPushService();
afterAll(() => pushService.close());

/** Jobs run on whichever instance's worker takes them first; a mail or push may take that long. */
const ARRIVES_WITHIN = { timeout: 15_000, interval: 50 };

/** Whether the push's VAPID signature (RFC 8292: a JWT signed with ES256, and `k`) holds for the public key. */
function signedFor(delivery: Delivery, publicKey: string): boolean {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(delivery.headers.authorization ?? '');
  if (!match) return false;
  const [, header, claims, signature, k] = match;
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const data = Buffer.from(`${header}.${claims}`);
  return (
    k === publicKey &&
    verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')) &&
    JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')).aud === pushService.origin
  );
}

const pushKeyOf = async (instance: TestApp): Promise<string> =>
  (await client(instance.app).get('/api/settings.php')).json().push_public_key;

const KEY_SOURCES = [
  { source: 'the environment', env: newKeysEnvironment() as Record<string, string> },
  { source: 'the database', env: {} },
];

describe.each(KEY_SOURCES)('two machines with the keys from $source', ({ env: keys }) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = {
      ...redisEnv(),
      // Mail about a message waits this long for more (five minutes by default).
      MAIL_BUNDLE_SECONDS: '0.2',
      // One bucket for both, as machines share one object store.
      ...(await s3TestEnv()),
      ...keys,
    };
    const localPushService = pushService.localPushService;
    // B makes the database (and, without keys in the environment, the keys there): A may leave first.
    b = await createTestApp({ env, engine: 'postgres', localPushService });
    a = await createTestApp({ env, sharedDatabaseUrl: b.databaseUrl ?? undefined, localPushService });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** A premium member, logged in on the instance given. */
  async function member(on: TestApp) {
    const built = await buildMember(b.services, { credits: 1000, freeMessages: 0 });
    await makePremium(b, built);
    return { ...built, visitor: await loggedIn(on.app, built) };
  }

  async function write(from: TestClient, to: { profileId: number }) {
    const sent = await from.post('/api/chat.php', { client_id: randomUUID(), text: 'Hoi!', profile_id: to.profileId });
    expect(sent.statusCode, sent.body).toBe(200);
  }

  /** A member logged in on each instance. */
  async function memberOnBoth() {
    const built = await buildMember(b.services);
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

  it('runs each instance on a DATA_DIR of its own that holds no key', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(a.databaseUrl).toBe(b.databaseUrl);
    for (const instance of [a, b]) {
      expect(fs.readdirSync(instance.dataDir)).not.toContain('vapid.json');
      expect(fs.readdirSync(instance.dataDir)).not.toContain('link-signing.key');
    }
    const kept = await b.db.selectFrom('deployment_keys').select('name').orderBy('name').execute();
    expect(kept.map((row) => row.name)).toEqual(keys.VAPID_PUBLIC_KEY ? [] : ['link_signing', 'vapid']);
  });

  it('takes on B an unsubscribe link mailed by A', async () => {
    const [anna, bram] = [await member(a), await member(a)];
    await write(anna.visitor, bram);
    const mail = await vi.waitFor(async () => {
      const found = await b.db
        .selectFrom('mails')
        .select('text')
        .where('recipient', '=', bram.email.toLowerCase())
        .executeTakeFirst();
      expect(found?.text).toMatch(/\/unsubscribe\?/);
      return found as { text: string };
    }, ARRIVES_WITHIN);
    const link = new URL(mail.text.match(/https?:\/\/\S+\/unsubscribe\?\S+/)?.[0] ?? '');

    // The mail job runs on whichever instance takes it: the link holds on both, so on the one that did not sign it.
    for (const instance of [a, b]) {
      const info = await client(instance.app).get(`/api/unsubscribe.php${link.search}`);
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json()).toMatchObject({ mail_off: false });
    }
    const stop = await client(b.app).post(
      `/api/unsubscribe.php${link.search}`,
      Buffer.from('List-Unsubscribe=One-Click'),
      {
        clientHeader: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await bram.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual(['list_unsubscribe']);
  });

  it('serves a photo uploaded through A through B, byte for byte', async () => {
    const owner = await memberOnBoth();
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
    const owner = await memberOnBoth();
    await upload(owner.onA);
    const hidden = await upload(owner.onA);
    const marked = await owner.onA.put('/api/photos.php', { private_photo: { id: hidden.id, private: true } });
    expect(marked.statusCode, marked.body).toBe(200);
    const stranger = await memberOnBoth();
    expect((await stranger.onB.get(`/media/${hidden.filename}`)).statusCode).toBe(404);
    expect((await client(b.app).get(`/media/${hidden.filename}`)).statusCode).toBe(404);
    expect((await owner.onB.get(`/media/${hidden.filename}`)).statusCode).toBe(200);
  });

  it('removes through B a photo uploaded through A: gone on both', async () => {
    const owner = await memberOnBoth();
    await upload(owner.onA);
    const second = await upload(owner.onA);
    expect((await owner.onB.delete('/api/photos.php', { id: second.id })).statusCode).toBe(200);
    expect((await owner.onA.get(`/media/${second.filename}`)).statusCode).toBe(404);
    expect(await a.services.media.get(second.filename)).toBeNull();
  });

  it('downloads through B a data export made by whichever instance ran its job', async () => {
    const owner = await memberOnBoth();
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

  // Last: A leaves in it.
  it('verifies a push signed by B with the key A gave the browser', async () => {
    const keyFromA = await pushKeyOf(a);
    if (keys.VAPID_PUBLIC_KEY) expect(keyFromA).toBe(keys.VAPID_PUBLIC_KEY);
    const [anna, bram] = [await member(b), await member(a)];
    const browser = pushService.browserSubscription();
    const subscribed = await bram.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    // A leaves, as a machine taken out of the pool: B's worker is the only one left to run the push job.
    await a.close();
    const from = pushService.deliveries.length;

    await write(anna.visitor, bram);
    await vi.waitFor(() => expect(pushService.deliveriesTo(browser, from)).toHaveLength(1), ARRIVES_WITHIN);
    const [delivery] = pushService.deliveriesTo(browser, from);
    expect(signedFor(delivery, keyFromA)).toBe(true);
    expect(signedFor(delivery, newKeysEnvironment().VAPID_PUBLIC_KEY)).toBe(false);
    expect(pushService.pushesTo(browser, from)).toMatchObject([{ url: expect.stringMatching(/^\/chats\/\d+$/) }]);
  });
});
