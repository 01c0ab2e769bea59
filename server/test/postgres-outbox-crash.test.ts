/**
 * An instance is killed between the commit of a message and the publishing of its event (held up
 * before it could mark the event published): the event was written with the message, and the
 * instance left publishes it to its own sockets, once. The instances
 * share a PostgreSQL database (api-sqlite leaves out postgres-*.test.ts); the killed one is a
 * process of its own, run from the sources.
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
import { buildMember, loggedIn, makePremium, useTestApp } from './helpers.js';
import { startServer } from './server-process.js';
import { openSocket } from './sockets.js';

/** The instance that stays: this process's app, with the recipient's socket. */
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
  it('leaves the event in the outbox, and the instance left delivers it to the socket once', {
    timeout: 60_000,
  }, async () => {
    if (!t.databaseUrl) throw new Error('the instances share a PostgreSQL database');
    const [writer, reader] = [await buildMember(t.services, { credits: 100 }), await buildMember(t.services)];
    await makePremium(t.db, writer);
    const writerCookie = `${SESSION_COOKIE}=${(await loggedIn(t.app, writer)).cookie(SESSION_COOKIE)}`;
    const socket = await openSocket(t.app, await loggedIn(t.app, reader));
    const doomed = await startServer({
      args: ['--import', 'tsx', 'server/src/main.ts'],
      env: {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: t.databaseUrl,
        WEB_DIST: '',
        REDIS_URL: '',
        SEED_DEMO: 'false',
        RATE_LIMIT_SCALE: '1000',
      },
    });
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();

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
        .select('id')
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

    // The instance dies, and with it its connection, before its mark is written.
    doomed.kill();
    for (const pid of await marking()) await holder.query('select pg_terminate_backend($1)', [pid]);
    await holder.query('rollback');
    await holder.end();
    expect(await answer).toBe(200);

    const message = await socket.next('message', (push) => push.message.text === 'Still there?');
    expect(message.message).toMatchObject({ from_me: false });
    await sleep(1_500);
    expect(socket.received.filter((push) => push.type === 'message')).toHaveLength(1);
    const unpublished = await t.db.selectFrom('event_outbox').select('id').where('published_at', 'is', null).execute();
    expect(unpublished).toEqual([]);
    await socket.close();
  });
});
