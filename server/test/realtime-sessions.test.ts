/**
 * The live connection of an ended session (issue 33): logout, a new password, a changed address
 * and a deleted account close the sockets of the sessions they end at once, and a session that
 * ended where no event told this instance stops its sockets at the next check of the minute.
 */
import { randomUUID } from 'node:crypto';
import { SESSION_ENDED_CLOSE_CODE } from '@amora/common';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildMember,
  client,
  lastMail,
  linkFrom,
  loggedIn,
  makePremium,
  type TestClient,
  uniqueEmail,
  useTestApp,
} from './helpers.js';
import { openSocket, type TestSocket } from './sockets.js';

const t = useTestApp();

const sockets: TestSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

async function socketOf(visitor: TestClient) {
  const socket = await openSocket(t.app, visitor);
  sockets.push(socket);
  return socket;
}

/** A premium member logged in on two devices, and someone who writes to them. */
async function memberOnTwoDevices() {
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, built);
  const writer = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, writer);
  return {
    ...built,
    phone: await loggedIn(t.app, built),
    laptop: await loggedIn(t.app, built),
    writer: await loggedIn(t.app, writer),
  };
}

async function say(from: TestClient, profileId: number, text: string) {
  const response = await from.post('/api/chat.php', { client_id: randomUUID(), text, profile_id: profileId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { message: { id: number } };
}

const texts = (socket: TestSocket) =>
  socket.received.flatMap((push) => (push.type === 'message' ? [push.message.text] : []));

const newPassword = { password: 'a brand new secret', password_repeat: 'a brand new secret' };

describe('GET /api/logout.php', () => {
  it('closes the session’s sockets, so a message sent after it reaches none of them', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    expect((await member.phone.get('/api/logout.php')).statusCode).toBe(200);
    expect(await phoneSocket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });

    const { message } = await say(member.writer, member.profileId, 'After logout');
    await laptopSocket.next('message', (push) => push.message.id === message.id);
    expect(texts(phoneSocket)).not.toContain('After logout');
  });
});

describe('DELETE /api/session.php and /api/sessions.php', () => {
  it('close the sockets of the session signed out from another device, and only those', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    const { sessions } = (await member.laptop.get('/api/sessions.php')).json();
    const phone = sessions.find((session: { current: boolean }) => !session.current);
    expect((await member.laptop.delete('/api/session.php', { id: phone.id })).statusCode).toBe(200);
    expect(await phoneSocket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });

    const { message } = await say(member.writer, member.profileId, 'Still on the laptop');
    await laptopSocket.next('message', (push) => push.message.id === message.id);
  });

  it('close the sockets of every other session when the member signs out everywhere else', async () => {
    const member = await memberOnTwoDevices();
    const tablet = await loggedIn(t.app, member);
    const sockets = [await socketOf(member.phone), await socketOf(tablet)];
    const laptopSocket = await socketOf(member.laptop);
    expect((await member.laptop.delete('/api/sessions.php')).json()).toEqual({ ok: true, ended: 2 });
    for (const socket of sockets) expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

    const { message } = await say(member.writer, member.profileId, 'Only here');
    await laptopSocket.next('message', (push) => push.message.id === message.id);
  });
});

describe('POST /api/password.php', () => {
  it('closes the sockets of the other sessions and keeps the one that changed it', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    const changed = await member.laptop.post('/api/password.php', { old_password: member.password, ...newPassword });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await phoneSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

    const { message } = await say(member.writer, member.profileId, 'After the new password');
    await laptopSocket.next('message', (push) => push.message.id === message.id);
    expect(texts(phoneSocket)).not.toContain('After the new password');
  });
});

describe('POST /api/reset-password-do.php', () => {
  it('closes the sockets of every session the new password ends', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    expect((await client(t.app).post('/api/reset-password.php', { email: member.email })).statusCode).toBe(200);
    const { token } = linkFrom(await lastMail(t, member.email));
    const reset = await client(t.app).post('/api/reset-password-do.php', { token, ...newPassword });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await phoneSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await laptopSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('POST /api/mail-change-do.php', () => {
  it('closes the sockets of the sessions other than the one that followed the link', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    const email = uniqueEmail();
    const asked = await member.laptop.post('/api/mail-change.php', { email, password: member.password });
    expect(asked.statusCode, asked.body).toBe(200);
    const { token } = linkFrom(await lastMail(t, email));
    expect((await member.laptop.post('/api/mail-change-do.php', { token })).statusCode).toBe(200);
    expect((await phoneSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

    const { message } = await say(member.writer, member.profileId, 'At the new address');
    await laptopSocket.next('message', (push) => push.message.id === message.id);
  });
});

describe('POST /api/delete-account.php', () => {
  it('closes the sockets of every session of the account', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    const deleted = await member.phone.post('/api/delete-account.php', { reason: 'other', password: member.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await phoneSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await laptopSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('the check of the minute', () => {
  it('closes the sockets of a session that ended without an event reaching this instance', async () => {
    const member = await memberOnTwoDevices();
    const [phoneSocket, laptopSocket] = [await socketOf(member.phone), await socketOf(member.laptop)];
    // As another instance without Redis would end it: the row goes, no event comes here.
    await t.db.deleteFrom('sessions').where('user_id', '=', member.user.id).execute();
    await t.services.realtime.checkSessions();
    expect((await phoneSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await laptopSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes the sockets of a session that expired, and leaves live ones open', async () => {
    const member = await memberOnTwoDevices();
    const phoneSocket = await socketOf(member.phone);
    const other = await memberOnTwoDevices();
    const otherSocket = await socketOf(other.phone);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: t.clock.now().toISOString() })
      .where('user_id', '=', member.user.id)
      .execute();
    await t.services.realtime.checkSessions();
    expect((await phoneSocket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);

    const { message } = await say(other.writer, other.profileId, 'Still here');
    await otherSocket.next('message', (push) => push.message.id === message.id);
  });
});
