/**
 * Web push: the VAPID key in settings.php, subscriptions stored through user.php?push=1, and a
 * push received by a local push service (https, as push services are), decrypted with the
 * subscription's keys as a browser would; a subscription the service says is gone (410) is removed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import ece from 'http_ece';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createPushService } from '../src/notifications/push.js';
import { choicesAndBrowsersOf } from '../src/notifications/queries.js';
import type { JobQueue } from '../src/platform/jobs/queue.js';
import { buildMember, changeAccount, client, loggedIn, makePremium, settle, useTestApp } from './helpers.js';
import { type Delivery, startPushService } from './push-service.js';

const pushService = await startPushService();
const { deliveries, port, localPushService, pushesTo } = pushService;
const browserSubscription = () => pushService.browserSubscription();
afterAll(() => pushService.close());

const t = useTestApp({ localPushService });

/** A queue that runs each job as it is added, once: the pushes the sender under test queues go out at once. */
function immediateQueue(): JobQueue {
  const handlers = new Map<string, (data: never) => Promise<void>>();
  return {
    async add(name, data) {
      await handlers
        .get(name)?.(data as never)
        .catch(() => {});
      return true;
    },
    handle(name, handler) {
      handlers.set(name, handler as (data: never) => Promise<void>);
    },
    start() {},
    async idle() {},
    async close() {},
  };
}

/**
 * The sender as the app has it (a deployment's knows no local push service); `push` answers how
 * many pushes the push service received.
 */
const sender = ({ local = true } = {}) => {
  const service = createPushService({
    db: t.db,
    clock: t.clock,
    vapid: webpush.generateVAPIDKeys(),
    contact: 'mailto:push@amora.test',
    jobs: immediateQueue(),
    ...(local && { localService: localPushService }),
  });
  return {
    async push(userId: number, payload: object) {
      const before = deliveries.length;
      const { browsers } = await choicesAndBrowsersOf(t.db, userId);
      await service.push(browsers, async () => payload, `push-${randomUUID()}`);
      return deliveries.length - before;
    },
  };
};

async function subscriber() {
  const member = await buildMember(t.services, { credits: 100, freeMessages: 0 });
  await makePremium(t, member);
  return { ...member, visitor: await loggedIn(t.app, member) };
}

describe('web push', () => {
  it('hands browsers the VAPID public key: a 65-byte uncompressed P-256 point in base64url', async () => {
    const { push_public_key } = (await client(t.app).get('/api/settings.php')).json();
    const key = Buffer.from(push_public_key, 'base64url');
    expect(push_public_key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('pushes to a stored subscription, encrypted for that browser alone and signed with VAPID', async () => {
    const member = await subscriber();
    const browser = browserSubscription();
    const stored = await member.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().user.id).toBe(member.user.id);

    expect(await sender().push(member.user.id, { title: 'Anna wrote to you', url: '/chats/7' })).toBe(1);
    const delivery = deliveries.at(-1) as Delivery;
    expect(delivery.path).toBe(new URL(browser.json.endpoint).pathname);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const plain = ece.decrypt(delivery.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({ title: 'Anna wrote to you', url: '/chats/7' });
  });

  it('forgets a subscription the push service says is gone, and one the member takes back', async () => {
    const member = await subscriber();
    await member.visitor.post('/api/user.php?push=1', { subscription: browserSubscription().json });
    pushService.answer = 410;
    try {
      await sender().push(member.user.id, { title: 'x' });
    } finally {
      pushService.answer = 201;
    }
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(false);

    await member.visitor.post('/api/user.php?push=1', { subscription: browserSubscription().json });
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(true);
    expect((await member.visitor.post('/api/user.php?push=1', { subscription: null })).statusCode).toBe(200);
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(false);
  });

  it('moves a browser to the member who subscribed it last', async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const browser = browserSubscription();
    await first.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    await second.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    expect(await t.services.notifications.hasPushSubscription(first.user.id)).toBe(false);
    expect(await sender().push(second.user.id, { title: 'y' })).toBe(1);
  });

  it('refuses visitors, endpoints that are not a public push service, and broken keys', async () => {
    const browser = browserSubscription();
    expect((await client(t.app).post('/api/user.php?push=1', { subscription: browser.json })).json()).toMatchObject({
      error: 'authentication_required',
    });
    const member = await subscriber();
    const refuse = async (subscription: unknown) => {
      const response = await member.visitor.post('/api/user.php?push=1', { subscription });
      expect(response.statusCode, response.body).toBe(422);
    };
    await refuse({ ...browser.json, endpoint: 'http://localhost/push/x' });
    await refuse({ ...browser.json, endpoint: 'https://10.0.0.7/push/x' });
    await refuse({ ...browser.json, endpoint: 'https://intranet/push/x' });
    await refuse({ ...browser.json, endpoint: 'file:///etc/passwd' });
    await refuse({ ...browser.json, endpoint: `${browser.json.endpoint}\u0000` });
    await refuse({ ...browser.json, keys: { p256dh: 'short', auth: browser.json.keys.auth } });
    await refuse({ endpoint: browser.json.endpoint });
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(false);
  });

  it.each([
    'https://localhost/push/x',
    'https://localhost./push/x',
    `https://localhost:${port + 1}/push/x`,
    'https://app.localhost/push/x',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://printer.local./push/x',
    'https://router.home.arpa/push/x',
    'https://127.0.0.1/push/x',
    'https://0x7f.1/push/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.1.2.3/push/x',
    'https://192.168.1.1/push/x',
    'https://100.64.0.1/push/x',
    'https://0.0.0.0/push/x',
    'https://224.0.0.1/push/x',
    'https://[::1]/push/x',
    'https://[::]/push/x',
    'https://[fe80::1]/push/x',
    'https://[fd12:3456::1]/push/x',
    'https://[ff02::1]/push/x',
    'https://[::ffff:169.254.169.254]/push/x',
  ])('refuses to store a subscription at %s, with a localised field error', async (endpoint) => {
    const member = await subscriber();
    const response = await member.visitor.post(
      '/api/user.php?push=1',
      { subscription: { ...browserSubscription().json, endpoint } },
      { headers: { cookie: 'lang=nl' } },
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'validation_failed',
      fields: { 'subscription.endpoint': { code: 'invalid', message: 'Deze waarde is niet geldig.' } },
    });
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(false);
  });

  it('stores a subscription at a public push service', async () => {
    const member = await subscriber();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
    const response = await member.visitor.post('/api/user.php?push=1', {
      subscription: { ...browserSubscription().json, endpoint },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(true);
  });

  it('sends nothing to a subscription whose address is not public, never connecting, and drops it', async () => {
    const member = await subscriber();
    const stored = browserSubscription();
    await member.visitor.post('/api/user.php?push=1', { subscription: stored.json });
    // Kept from before, when addresses like these were let through.
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]', 'localhost.']) {
      const { json } = browserSubscription();
      await t.db
        .insertInto('push_subscriptions')
        .values({
          user_id: member.user.id,
          endpoint: `https://${host}:${port}/push/${randomBytes(8).toString('hex')}`,
          p256dh: json.keys.p256dh,
          auth: json.keys.auth,
          created_at: t.clock.now().toISOString(),
        })
        .execute();
    }
    const before = { connections: pushService.connections, deliveries: deliveries.length };

    // The tests' push service is at localhost, which only the app with that allowance may reach.
    expect(await sender({ local: false }).push(member.user.id, { title: 'x' })).toBe(0);
    expect({ connections: pushService.connections, deliveries: deliveries.length }).toEqual(before);
    expect(await t.services.notifications.hasPushSubscription(member.user.id)).toBe(false);
  });

  it('reaches the local push service only at its own origin, not at another spelling of its address', async () => {
    const member = await subscriber();
    const browser = browserSubscription();
    await member.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    const { json } = browserSubscription();
    await t.db
      .insertInto('push_subscriptions')
      .values({
        user_id: member.user.id,
        endpoint: `https://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
        p256dh: json.keys.p256dh,
        auth: json.keys.auth,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const from = deliveries.length;

    expect(await sender().push(member.user.id, { title: 'Only here' })).toBe(1);
    expect(pushesTo(browser, from)).toEqual([{ title: 'Only here' }]);
    expect(deliveries).toHaveLength(from + 1);
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(left).toEqual([{ endpoint: browser.json.endpoint }]);
  });

  it('pushes a new message at once, in the member’s language, and honours a choice to get none', async () => {
    const [anna, bram] = [await subscriber(), await subscriber()];
    await changeAccount(t, bram.user, { language: 'nl' });
    const browser = browserSubscription();
    await bram.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    const from = deliveries.length;

    const first = await anna.visitor.post('/api/chat.php', {
      client_id: randomUUID(),
      text: 'Hoi!',
      profile_id: bram.profileId,
    });
    expect(first.statusCode, first.body).toBe(200);
    const { conversation } = first.json();
    await settle(t);
    expect(pushesTo(browser, from)).toEqual([
      {
        title: `Nieuw bericht van ${anna.name}`,
        body: `${anna.name} wil je leren kennen. Tik om het bericht te lezen.`,
        url: `/chats/${conversation}`,
        open_url: '/login',
        tag: `chat-${conversation}`,
      },
    ]);

    await bram.visitor.put('/api/notifications.php', { preferences: [{ type: 'new_messages', push: false }] });
    await anna.visitor.post('/api/chat.php', { client_id: randomUUID(), text: 'Nog een', conversation });
    await settle(t);
    expect(pushesTo(browser, from)).toHaveLength(1);
  });

  it('pushes a like, and a match to the member who was liked back', async () => {
    const [anna, bram] = [await subscriber(), await subscriber()];
    const browser = browserSubscription();
    await bram.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    const from = deliveries.length;
    await anna.visitor.post('/api/like.php', { profile_id: bram.profileId });
    await settle(t);
    expect(pushesTo(browser, from)).toMatchObject([{ title: `${anna.name} likes you`, url: '/likes', tag: 'likes' }]);

    await bram.visitor.post('/api/user.php?push=1', { subscription: null });
    await anna.visitor.post('/api/user.php?push=1', { subscription: browser.json });
    await bram.visitor.post('/api/like.php', { profile_id: anna.profileId });
    await settle(t);
    expect(pushesTo(browser, from).at(-1)).toMatchObject({
      title: "It's a match!",
      body: `You and ${bram.name} like each other. Send a first message.`,
      url: `/members/${bram.profileId}/chat`,
    });
  });
});
