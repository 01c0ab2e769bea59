/**
 * Two instances of the app on one PostgreSQL database, joined by Redis: a message sent through
 * instance A reaches a WebSocket client of instance B, a client of B that was disconnected
 * catches up on reconnect with nothing lost or doubled, a session ended through A closes its
 * sockets on B, and what B kept (settings.php, a member's user.php) follows a change through A.
 */
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE, SESSION_ENDED_CLOSE_CODE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { buildMember, client, loggedIn, makePremium, staffClient, type TestClient } from './helpers.js';
import { openSocket, type TestSocket } from './sockets.js';
import { useTwoInstances } from './two-instances.js';

const instances = useTwoInstances('postgres');

/** A premium member, logged in on each instance (one session each, as two devices would have). */
async function member() {
  const built = await buildMember(instances.a.services, { credits: 10_000, freeMessages: 0 });
  await makePremium(instances.a, built);
  return { ...built, onA: await loggedIn(instances.a.app, built), onB: await loggedIn(instances.b.app, built) };
}

async function say(from: TestClient, to: object, text: string) {
  const response = await from.post('/api/chat.php', { client_id: randomUUID(), text, ...to });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { conversation: number; message: { id: number } };
}

const messageIds = (socket: TestSocket) =>
  socket.received.flatMap((push) => (push.type === 'message' ? [push.message.id] : []));

describe('instances joined by Redis', () => {
  it('runs both on PostgreSQL', () => {
    expect(instances.a.databaseUrl).toMatch(/^postgres/);
    expect(instances.b.databaseUrl).toBe(instances.a.databaseUrl);
  });

  it('delivers a message sent through instance A to a socket on instance B, and typing back', async () => {
    const [anna, bram] = [await member(), await member()];
    const onB = await openSocket(instances.b.app, bram.onB);
    const annaOnA = await openSocket(instances.a.app, anna.onA);
    try {
      const { conversation, message } = await say(anna.onA, { profile_id: bram.profileId }, 'Across instances');
      const push = await onB.next('message', (each) => each.message.id === message.id);
      expect(push).toMatchObject({ unread: 1, message: { text: 'Across instances', from_me: false } });

      onB.send({ type: 'typing', conversation });
      expect(await annaOnA.next('typing')).toEqual({ type: 'typing', conversation, profile_id: bram.profileId });
    } finally {
      await Promise.all([onB.close(), annaOnA.close()]);
    }
  });

  it('catches a reconnecting client up with nothing lost or doubled', async () => {
    const [anna, bram] = [await member(), await member()];
    let socket = await openSocket(instances.b.app, bram.onB);
    const first = await say(anna.onA, { profile_id: bram.profileId }, 'm0');
    const sent = [first.message.id];
    for (let i = 1; i < 5; i++)
      sent.push((await say(anna.onA, { conversation: first.conversation }, `m${i}`)).message.id);
    await socket.next('message', (push) => push.message.id === sent.at(-1));
    const before = messageIds(socket);
    await socket.close();

    // While the client is away, messages keep coming through both instances.
    for (let i = 5; i < 10; i++) {
      const through = i % 2 ? anna.onA : anna.onB;
      sent.push((await say(through, { conversation: first.conversation }, `m${i}`)).message.id);
    }
    socket = await openSocket(instances.b.app, bram.onB, { since: Math.max(...before) });
    // And some arrive just as it is back.
    const late = await Promise.all(
      [10, 11, 12].map((i) => say(i % 2 ? anna.onA : anna.onB, { conversation: first.conversation }, `m${i}`)),
    );
    sent.push(...late.map((each) => each.message.id));
    await Promise.all(late.map((each) => socket.next('message', (push) => push.message.id === each.message.id)));
    const after = messageIds(socket);
    await socket.close();

    const all = [...before, ...after];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));
  });

  it('closes the socket held on instance B when its session logs out through instance A', async () => {
    const bram = await member();
    const onB = await openSocket(instances.b.app, bram.onB);
    const sameSessionOnA = client(instances.a.app, {
      cookies: { [SESSION_COOKIE]: bram.onB.cookie(SESSION_COOKIE) ?? '' },
    });
    expect((await sameSessionOnA.get('/api/logout.php')).statusCode).toBe(200);
    expect((await onB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes the socket held on instance B when the member signs that session out through instance A', async () => {
    const bram = await member();
    const onB = await openSocket(instances.b.app, bram.onB);
    const { sessions } = (await bram.onA.get('/api/sessions.php')).json();
    const sessionOnB = sessions.find((session: { current: boolean }) => !session.current);
    const ended = await bram.onA.delete('/api/session.php', { id: sessionOnB.id });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await onB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes the sockets on instance B of the sessions a new password set through instance A ends', async () => {
    const bram = await member();
    const [onB, onA] = [await openSocket(instances.b.app, bram.onB), await openSocket(instances.a.app, bram.onA)];
    try {
      const changed = await bram.onA.post('/api/password.php', {
        old_password: bram.password,
        password: 'a brand new secret',
        password_repeat: 'a brand new secret',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await onB.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

      const anna = await member();
      const { message } = await say(anna.onB, { profile_id: bram.profileId }, 'Still on A');
      await onA.next('message', (push) => push.message.id === message.id);
    } finally {
      await onA.close();
    }
  });

  it('shows a site setting an admin changed through instance A on instance B at once, though B had it cached', async () => {
    const visitorOnB = client(instances.b.app);
    const creditsOnB = async () => (await visitorOnB.get('/api/settings.php')).json().message_credits as number;
    const before = await creditsOnB();
    const admin = await staffClient(instances.a, 'admin');
    const changed = await admin.put('/api/staff/site.php', {
      id: instances.a.site.id,
      settings: { message_credits: before + 7 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(creditsOnB, { timeout: 5_000 }).toBe(before + 7);
  });

  it("shows a member's change through instance A in user.php on instance B, though B kept the answer", async () => {
    const anna = await member();
    const onB = async () => (await anna.onB.get('/api/user.php')).json().user;
    const before = await onB();
    const edited = await anna.onA.put('/api/profile.php', { about: 'Edited through instance A' });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect.poll(async () => (await onB()).profile.about, { timeout: 5_000 }).toBe('Edited through instance A');

    const moderator = await staffClient(instances.a, 'moderator');
    const granted = await moderator.post('/api/staff/member-action.php', {
      member: anna.profileId,
      action: 'credits',
      amount: 25,
      explanation: 'Granted through instance A.',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await expect.poll(async () => (await onB()).credits, { timeout: 5_000 }).toBe(before.credits + 25);
  });
});
