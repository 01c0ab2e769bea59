/**
 * The live connection at /api/ws: who may open one, what it pushes (messages, read states,
 * typing, badges, likes and matches) to every open app of a member, and catching up after a
 * reconnect with nothing lost or doubled. Presence follows open apps and page-hidden.php.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKETS_PER_SESSION } from '../src/realtime/hub.js';
import { CLIENT_MESSAGE_MAX_BYTES } from '../src/realtime/routes.js';
import { buildMember, client, loggedIn, makePremium, type TestClient, useTestApp } from './helpers.js';
import { openSocket, type TestSocket } from './sockets.js';

const t = useTestApp();
/** pino's level number of error. */
const LOG_LEVEL_ERROR = 50;

const sockets: TestSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

async function socketOf(visitor: TestClient | null, options: Parameters<typeof openSocket>[2] = {}) {
  const socket = await openSocket(t.app, visitor, options);
  sockets.push(socket);
  return socket;
}

async function member() {
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, built);
  return { ...built, visitor: await loggedIn(t.app, built) };
}

async function say(from: { visitor: TestClient }, to: object, text: string) {
  const response = await from.visitor.post('/api/chat.php', { client_id: randomUUID(), text, ...to });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { conversation: number; message: { id: number } };
}

describe('the handshake', () => {
  it('is refused without a session and from another site’s page', async () => {
    await expect(openSocket(t.app, null)).rejects.toThrow('refused: 403');
    await expect(openSocket(t.app, client(t.app, { cookies: { amora_session: 'forged' } }))).rejects.toThrow(
      'refused: 403',
    );
    const anna = await member();
    await expect(socketOf(anna.visitor, { origin: 'https://evil.example' })).rejects.toThrow('refused: 403');
    await expect(socketOf(anna.visitor, { origin: 'null' })).rejects.toThrow('refused: 403');
    await expect(socketOf(anna.visitor)).resolves.toBeDefined();
  });

  it('is refused from a page of the same host with another scheme or port', async () => {
    const anna = await member();
    await expect(socketOf(anna.visitor, { origin: 'https://localhost' })).rejects.toThrow('refused: 403');
    await expect(socketOf(anna.visitor, { origin: 'http://localhost:8080' })).rejects.toThrow('refused: 403');
    await expect(socketOf(anna.visitor, { origin: 'ws://localhost' })).rejects.toThrow('refused: 403');
    await expect(socketOf(anna.visitor, { origin: 'http://LOCALHOST:80' })).resolves.toBeDefined();
  });

  it(`allows ${SOCKETS_PER_SESSION} sockets per session and refuses one more with 429`, async () => {
    const anna = await member();
    const open = [];
    for (let i = 0; i < SOCKETS_PER_SESSION; i++) open.push(await socketOf(anna.visitor));
    await expect(socketOf(anna.visitor)).rejects.toThrow('refused: 429');
    // Another session of the same member has sockets of its own; a closed socket frees its place.
    await expect(socketOf(await loggedIn(t.app, anna))).resolves.toBeDefined();
    await open[0]?.close();
    await expect(socketOf(anna.visitor)).resolves.toBeDefined();
  });

  it(`keeps to ${SOCKETS_PER_SESSION} sockets per session when more are opened at once`, async () => {
    const anna = await member();
    const tries = await Promise.allSettled(Array.from({ length: 30 }, () => socketOf(anna.visitor)));
    const opened = tries.filter((each) => each.status === 'fulfilled');
    expect(opened).toHaveLength(SOCKETS_PER_SESSION);
    // One that came in together with the last allowed one may be closed just after its handshake.
    const refusals = tries.flatMap((each) => (each.status === 'rejected' ? [String(each.reason)] : []));
    for (const refusal of refusals) expect(refusal).toMatch(/refused: 429|closed: 1008/);
  });
});

describe('client messages', () => {
  const log: { level: number; msg: string }[] = [];
  const logged = useTestApp({ logStream: { write: (line) => void log.push(JSON.parse(line)) } });

  it('closes the socket with 1009 when a frame is over the size limit, and logs it as no error', async () => {
    const anna = await buildMember(logged.services);
    const socket = await openSocket(logged.app, await loggedIn(logged.app, anna));
    socket.sendRaw(JSON.stringify({ type: 'typing', conversation: 1, padding: 'x'.repeat(CLIENT_MESSAGE_MAX_BYTES) }));
    expect((await socket.closed).code).toBe(1009);
    expect(log.length).toBeGreaterThan(0);
    expect(log.filter((line) => line.level >= LOG_LEVEL_ERROR)).toEqual([]);
  });
});

describe('the handshake behind a TLS proxy named in TRUST_PROXY', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: '1' } });

  it('takes the scheme from X-Forwarded-Proto', async () => {
    const anna = await buildMember(proxied.services);
    const visitor = await loggedIn(proxied.app, anna);
    const overTls = { headers: { 'x-forwarded-proto': 'https' } };
    const tab = await openSocket(proxied.app, visitor, { ...overTls, origin: 'https://localhost' });
    await tab.close();
    await expect(openSocket(proxied.app, visitor, { ...overTls, origin: 'http://localhost' })).rejects.toThrow(
      'refused: 403',
    );
    await expect(openSocket(proxied.app, visitor, { origin: 'https://localhost' })).rejects.toThrow('refused: 403');
  });
});

describe('the handshake behind a TLS proxy that is not trusted, with an https PUBLIC_URL', () => {
  const behindTls = useTestApp({ env: { PUBLIC_URL: 'https://amora.example' } });

  it('takes the scheme from PUBLIC_URL, as the cookies do', async () => {
    const anna = await buildMember(behindTls.services);
    const visitor = await loggedIn(behindTls.app, anna);
    const tab = await openSocket(behindTls.app, visitor, { origin: 'https://localhost' });
    await tab.close();
    await expect(openSocket(behindTls.app, visitor, { origin: 'http://localhost' })).rejects.toThrow('refused: 403');
  });
});

describe('live events', () => {
  it('pushes a message to the recipient and to the sender’s other tabs, with the recipient’s badge', async () => {
    const [anna, bram] = [await member(), await member()];
    const [bramPhone, bramLaptop, annaTab] = [
      await socketOf(bram.visitor),
      await socketOf(bram.visitor),
      await socketOf(anna.visitor),
    ];
    const { message } = await say(anna, { profile_id: bram.profileId }, 'Are you there?');
    for (const socket of [bramPhone, bramLaptop]) {
      const push = await socket.next('message', (push) => push.message.id === message.id);
      expect(push).toMatchObject({ unread: 1, message: { text: 'Are you there?', from_me: false, client_id: null } });
    }
    const own = await annaTab.next('message', (push) => push.message.id === message.id);
    expect(own.message.from_me).toBe(true);
    expect(own.message.client_id).toEqual(expect.any(String));
  });

  it('shows typing and reading to the other side, and the reader’s badge to their own tabs', async () => {
    const [anna, bram] = [await member(), await member()];
    const { conversation, message } = await say(anna, { profile_id: bram.profileId }, 'Hi');
    const [annaSocket, bramSocket] = [await socketOf(anna.visitor), await socketOf(bram.visitor)];

    bramSocket.send({ type: 'typing', conversation });
    expect(await annaSocket.next('typing')).toEqual({ type: 'typing', conversation, profile_id: bram.profileId });

    await bram.visitor.get(`/api/chat.php?conversation=${conversation}`);
    expect(await annaSocket.next('read')).toEqual({ type: 'read', conversation, up_to: message.id });
    expect(await bramSocket.next('badge')).toEqual({ type: 'badge', unread: 0 });
  });

  it('ignores typing in another member’s conversation', async () => {
    const [anna, bram, carl] = [await member(), await member(), await member()];
    const { conversation } = await say(anna, { profile_id: bram.profileId }, 'Private');
    const [annaSocket, carlSocket] = [await socketOf(anna.visitor), await socketOf(carl.visitor)];
    carlSocket.send({ type: 'typing', conversation });
    carlSocket.send({ type: 'typing', conversation: 'x' });
    // What Anna hears next is Bram's own message, not Carl's typing.
    await say(bram, { conversation }, 'Hello');
    await annaSocket.next('message', (push) => push.message.text === 'Hello');
    expect(annaSocket.received.some((push) => push.type === 'typing')).toBe(false);
  });

  it('pushes likes and matches', async () => {
    const [anna, bram] = [await member(), await member()];
    const bramSocket = await socketOf(bram.visitor);
    const annaSocket = await socketOf(anna.visitor);
    await anna.visitor.post('/api/like.php', { profile_id: bram.profileId, source: 'profile' });
    expect(await bramSocket.next('like')).toEqual({ type: 'like', profile_id: anna.profileId });
    await bram.visitor.post('/api/like.php', { profile_id: anna.profileId, source: 'profile' });
    expect(await annaSocket.next('match')).toEqual({ type: 'match', profile_id: bram.profileId });
    expect(await bramSocket.next('match')).toEqual({ type: 'match', profile_id: anna.profileId });
  });
});

describe('reconnecting', () => {
  it('sends what was missed since the newest message the app has, once, before live ones', async () => {
    const [anna, bram] = [await member(), await member()];
    const socket = await socketOf(bram.visitor);
    const first = await say(anna, { profile_id: bram.profileId }, 'one');
    await socket.next('message', (push) => push.message.id === first.message.id);
    await socket.close();

    const missed = [];
    for (const text of ['two', 'three', 'four'])
      missed.push(await say(anna, { conversation: first.conversation }, text));
    const again = await socketOf(bram.visitor, { since: first.message.id });
    const live = await say(anna, { conversation: first.conversation }, 'five');
    await again.next('message', (push) => push.message.id === live.message.id);
    const ids = again.received.flatMap((push) => (push.type === 'message' ? [push.message.id] : []));
    expect(ids).toEqual([...missed.map((sent) => sent.message.id), live.message.id]);
    const readyAt = again.received.findIndex((push) => push.type === 'ready');
    expect(readyAt).toBe(missed.length);
  });
});

describe('presence', () => {
  it('is online with an open app, away after page-hidden.php, and never made up for hosted profiles', async () => {
    const [anna, bram] = [await member(), await member()];
    const { conversation } = await say(anna, { profile_id: bram.profileId }, 'Hi');
    const presence = async () =>
      (await anna.visitor.get(`/api/chat.php?conversation=${conversation}`)).json().profile.presence;

    const bramSocket = await socketOf(bram.visitor);
    expect(await presence()).toBe('online');
    // A beacon carries no client header and a plain-text body.
    const hidden = await bram.visitor.post('/api/page-hidden.php', Buffer.from('{}'), {
      clientHeader: false,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(hidden.statusCode).toBe(204);
    expect(await presence()).toBe('recently');
    bramSocket.send({ type: 'visible', visible: true });
    await expect.poll(presence).toBe('online');

    const hosted = await t.services.members.createHostedProfile({
      site_id: t.site.id,
      name: 'Hosted',
      date_of_birth: '1990-01-01',
      last_active_at: t.clock.now().toISOString(),
    });
    const toHosted = await say(anna, { profile_id: hosted.id }, 'Hello there');
    const page = await anna.visitor.get(`/api/chat.php?conversation=${toHosted.conversation}`);
    expect(page.json().profile).toMatchObject({ hosted: true, presence: 'away' });
  });
});
