/**
 * PostgreSQL drops the app's connections (a restart, a failover, pg_terminate_backend): the
 * server stays up, a request caught mid-query answers 503, and the next ones run on new
 * connections. Each test ends only the backends of this file's own throw-away database. PostgreSQL
 * only: api-sqlite leaves out postgres-*.test.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCALE_COOKIE } from '@amora/common';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { client, loggedInMember, type TestApp, type TestClient, useTestApp } from './helpers.js';

async function testDatabaseUrl(t: TestApp): Promise<{ name: string; url: string }> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const name = rows[0]?.name ?? '';
  const url = new URL(process.env.TEST_POSTGRES_URL ?? '');
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** A connection of the test's own to the app's database, closed after the test. */
async function connectAsOperator(t: TestApp): Promise<pg.Client> {
  const operator = new pg.Client({ connectionString: (await testDatabaseUrl(t)).url });
  await operator.connect();
  onTestFinished(() => operator.end());
  return operator;
}

/** Ends every backend of the app's database but the operator's own, as a failover would. */
async function terminateAppConnections(operator: pg.Client): Promise<number> {
  const { rowCount } = await operator.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rowCount ?? 0;
}

async function appConnectionCount(operator: pg.Client): Promise<number> {
  const { rows } = await operator.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows[0]?.n ?? 0;
}

/** Waits until PostgreSQL has ended the app's backends and the app has read their goodbyes. */
async function waitUntilTheAppLostItsConnections(operator: pg.Client): Promise<void> {
  await waitFor(async () => (await appConnectionCount(operator)) === 0, 'the app has no connections left');
  await sleep(100);
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await sleep(25);
  }
  throw new Error(`gave up waiting until ${what}`);
}

/** Several requests at once, so the app holds more than one pooled connection. */
async function fillThePool(visitor: TestClient) {
  const responses = await Promise.all(Array.from({ length: 5 }, () => visitor.get('/api/user.php')));
  expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
}

describe('when PostgreSQL drops the connections', () => {
  const t = useTestApp();

  it('keeps serving: the next requests run on new connections', async () => {
    const { visitor, email } = await loggedInMember(t);
    const operator = await connectAsOperator(t);
    await fillThePool(visitor);

    expect(await terminateAppConnections(operator)).toBeGreaterThan(0);
    await waitUntilTheAppLostItsConnections(operator);

    const after = await visitor.get('/api/user.php');
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toMatchObject({ email });
    await fillThePool(visitor);
  });

  it('answers 503 service_unavailable to a request whose connection dies mid-query', async () => {
    const visitor = client(t.app, { cookies: { [LOCALE_COOKIE]: 'nl' } });
    const operator = await connectAsOperator(t);
    // The request waits on a lock the operator holds, so it is mid-query when its connection ends.
    await operator.query('begin');
    await operator.query('lock table companies in access exclusive mode');
    const caught = visitor.get('/api/settings.php');
    await waitFor(
      async () =>
        (
          await operator.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rowCount === 1,
      'the request waits on the lock',
    );
    await terminateAppConnections(operator);
    await operator.query('rollback');

    const response = await caught;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'service_unavailable',
      message: 'De dienst is even niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    });
    await waitUntilTheAppLostItsConnections(operator);
    expect((await visitor.get('/api/settings.php')).statusCode).toBe(200);
  });
});
