/**
 * An instance is killed between the commit of a message and the publishing of its event (held up
 * before it could mark the event published), and no other instance is running: the event waits
 * in the outbox with the message, and once the instance is started again it delivers the event to
 * the recipient's socket, once. The instances are processes of their own, run from the sources, on
 * a PostgreSQL database (api-sqlite leaves out postgres-*.test.ts); this process's app only
 * prepares the members and is closed before the first instance starts, so its relay takes nothing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, SESSION_COOKIE } from '@amora/common';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMember, loggedIn, makePremium, NO_OVERLOAD_LIMITS, useTestApp } from './helpers.js';
import { type ServerProcess, startServer } from './server-process.js';
import { openSocket, type TestSocket } from './sockets.js';

/** The members' set-up and the database's queries; not an instance once the members are ready. */
const t = useTestApp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-outbox-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function until(condition: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await condition()) return;
    await sleep(25);
  }
  throw new Error(`gave up waiting until ${what}`);
}

/** A chat send as the web app makes it; resolves with the status, or 0 when no answer came. */
function sendMessage(port: number, cookie: string, body: object): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/chat.php',
      headers: {
        host: 'localhost',
        cookie,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT,
      },
    });
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', () => resolve(0));
    request.end(payload);
  });
}

describe('an instance killed between its commit and its publish', () => {
  it('leaves the event in the outbox, and the instance started again delivers it to the socket once', {
    timeout: 60_000,
  }, async ({ onTestFinished }) => {
    const databaseUrl = t.databaseUrl;
    if (!databaseUrl) throw new Error('the instances share a PostgreSQL database');
    const [writer, reader] = [await buildMember(t.services, { credits: 100 }), await buildMember(t.services)];
    await makePremium(t, writer);
    const writerCookie = `${SESSION_COOKIE}=${(await loggedIn(t.app, writer)).cookie(SESSION_COOKIE)}`;
    const readerVisitor = await loggedIn(t.app, reader);
    // From here this process's app is no instance: its relay stops, and only the instances below
    // could deliver the event. (Closing it again after the file, as useTestApp does, does nothing.)
    await t.app.close();

    const processes: ServerProcess[] = [];
    const sockets: TestSocket[] = [];
    const holder = new pg.Client({ connectionString: databaseUrl });
    let holderOpen = false;
    onTestFinished(async () => {
      for (const socket of sockets) await socket.close();
      for (const instance of processes) instance.kill();
      if (holderOpen) await holder.end();
    });
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000',
      ...NO_OVERLOAD_LIMITS,
    };
    const startInstance = async () => {
      const instance = await startServer({ args: ['--import', 'tsx', 'server/src/main.ts'], env });
      processes.push(instance);
      return instance;
    };

    const doomed = await startInstance();
    await holder.connect();
    holderOpen = true;
    const clientId = randomUUID();
    const answer = sendMessage(doomed.port, writerCookie, {
      client_id: clientId,
      profile_id: reader.profileId,
      text: 'Still there?',
    });
    // The message and its event are committed; the test holds the event's row, so the instance
    // cannot mark it published.
    const event = () =>
      t.db
        .selectFrom('event_outbox')
        .select(['id', 'published_at'])
        .where('type', '=', 'message.new')
        .where('payload', 'like', `%${clientId}%`)
        .executeTakeFirst();
    await until(async () => (await event()) !== undefined, 'the message is committed');
    await holder.query('begin');
    await holder.query('select id from event_outbox where id = $1 and published_at is null for update', [
      (await event())?.id,
    ]);
    const marking = async () => {
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query like 'update "event_outbox"%'`.execute(
        t.db,
      );
      return rows.map((row) => row.pid);
    };
    await until(async () => (await marking()).length > 0, 'the instance waits to mark its event published');

    // The instance dies, and with it its connection, before its mark is written. The row stays
    // held until the instance is back, so nothing can take the event in between.
    doomed.kill();
    for (const pid of await marking()) await holder.query('select pg_terminate_backend($1)', [pid]);
    // (stop only waits here: the process ended by the kill.)
    expect(await doomed.stop()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await answer).toBe(200);

    // The instance is started again, and the recipient's socket opens on it.
    const restarted = await startInstance();
    const socket = await openSocket(restarted.base, readerVisitor);
    sockets.push(socket);
    expect((await event())?.published_at).toBeNull();
    expect(socket.received.filter((push) => push.type === 'message')).toEqual([]);

    // Let go of the row: the restarted instance takes the event (once the hold of the killed one
    // has passed) and delivers it.
    await holder.query('rollback');
    holderOpen = false;
    await holder.end();
    const message = await socket.next('message', (push) => push.message.text === 'Still there?');
    expect(message.message).toMatchObject({ from_me: false });
    await sleep(1_500);
    expect(socket.received.filter((push) => push.type === 'message')).toHaveLength(1);
    const unpublished = await t.db.selectFrom('event_outbox').select('id').where('published_at', 'is', null).execute();
    expect(unpublished).toEqual([]);
    await socket.close();
    expect(await restarted.stop()).toEqual({ code: 0, signal: null });
  });
});
