/**
 * PostgreSQL drops the app's connections (a restart, a failover, pg_terminate_backend): the
 * server stays up, a request caught mid-query answers 503, and the next ones run on new
 * connections. Each test ends only the backends of this file's own throw-away database. PostgreSQL
 * only: api-sqlite leaves out postgres-*.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCALE_COOKIE } from '@amora/common';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  type BuiltMember,
  buildMember,
  client,
  loggedIn,
  loggedInMember,
  makePremium,
  type Response,
  type TestApp,
  type TestClient,
  useTestApp,
} from './helpers.js';

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

/** Ends every backend of the app's database but the operator's own, as a failover would; answers their pids. */
async function terminateAppConnections(operator: pg.Client): Promise<number[]> {
  const { rows } = await operator.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const pids = rows.map((row) => row.pid);
  if (pids.length > 0) await operator.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  return pids;
}

/**
 * Waits until PostgreSQL has ended these backends and the app has read their goodbyes. The app may
 * already hold a new connection by then (its event relay looks every second): that is its own.
 */
async function waitUntilTheAppLostItsConnections(operator: pg.Client, pids: number[]): Promise<void> {
  await waitFor(async () => {
    const { rowCount } = await operator.query('select 1 from pg_stat_activity where pid = any($1::int[])', [pids]);
    return rowCount === 0;
  }, 'the ended backends are gone');
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

    const ended = await terminateAppConnections(operator);
    expect(ended.length).toBeGreaterThan(0);
    await waitUntilTheAppLostItsConnections(operator, ended);

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
        ((
          await operator.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rowCount ?? 0) > 0,
      'the request waits on the lock',
    );
    const ended = await terminateAppConnections(operator);
    await operator.query('rollback');

    const response = await caught;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'service_unavailable',
      message: 'De dienst is even niet bereikbaar. Probeer het over een paar minuten opnieuw.',
      request_id: response.headers['x-request-id'],
    });
    expect(response.headers['retry-after']).toBe('2');
    await waitUntilTheAppLostItsConnections(operator, ended);
    expect((await visitor.get('/api/settings.php')).statusCode).toBe(200);
  });
});

/** A call tried again on 503 with growing pauses, as the web app does (5 times). */
async function asTheAppRetries(call: () => Promise<Response>): Promise<Response> {
  let response = await call();
  for (let retry = 0; retry < 5 && response.statusCode === 503; retry++) {
    await sleep(100 * 2 ** retry);
    response = await call();
  }
  return response;
}

/** Ends the app's backends every 50 ms until the returned function is called (and awaited). */
function terminateRepeatedly(operator: pg.Client): () => Promise<void> {
  let storming = true;
  let ended: number[] = [];
  const storm = (async () => {
    while (storming) {
      ended = await terminateAppConnections(operator);
      await sleep(50);
    }
  })();
  // Stopped once the app has heard the last round's ends, so the test's own reads get live connections.
  return async () => {
    storming = false;
    await storm;
    await waitUntilTheAppLostItsConnections(operator, ended);
  };
}

describe('while PostgreSQL ends the connections again and again', () => {
  const t = useTestApp();

  async function chatter() {
    const member = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
    await makePremium(t, member);
    return { ...member, visitor: await loggedIn(t.app, member) };
  }

  async function bundleId(buyer: TestClient): Promise<number> {
    const offer = (await buyer.get('/api/credits.php')).json() as { bundles: { id: number }[] };
    return offer.bundles[1]?.id ?? 0;
  }

  const startPayment = (buyer: TestClient, bundle: number) =>
    buyer.post('/api/payment.php', { client_id: randomUUID(), method: 'ideal', bundle_id: bundle });

  /** A payment paid at the sandbox's checkout, whose webhook the provider may send any number of times. */
  async function paidPayment(buyer: TestClient): Promise<string> {
    const started = await startPayment(buyer, await bundleId(buyer));
    expect(started.statusCode, started.body).toBe(200);
    const checkoutId = new URL(started.json().checkout_url).pathname.split('/').pop();
    const decided = await client(t.app).post('/api/sandbox-checkout.php', { id: checkoutId, outcome: 'paid' });
    expect(decided.statusCode, decided.body).toBe(200);
    const row = await t.db
      .selectFrom('payments')
      .select('provider_id')
      .where('id', '=', started.json().transaction.id)
      .executeTakeFirstOrThrow();
    return row.provider_id as string;
  }

  const webhook = (providerId: string) =>
    client(t.app).post('/api/payment-webhook.php', Buffer.from(`id=${encodeURIComponent(providerId)}`), {
      clientHeader: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function providerIdOfPayment(id: number): Promise<string> {
    const row = await t.db.selectFrom('payments').select('provider_id').where('id', '=', id).executeTakeFirstOrThrow();
    return row.provider_id as string;
  }

  const balanceOf = (member: BuiltMember) => t.services.credits.balance(member.user.id);

  async function ledgerTotal(member: BuiltMember): Promise<number> {
    const row = await t.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<number>('delta').as('total'))
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  }

  async function messagesSentBy(member: BuiltMember): Promise<number> {
    const counted = await t.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sender_profile_id', '=', member.profileId)
      .execute();
    return Number(counted[0]?.n ?? 0);
  }

  async function messagesWithClientId(clientId: string): Promise<number> {
    const counted = await t.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    return Number(counted.n);
  }

  it('answers chat sends, payments and webhooks 200 or 503, never 500; loses nothing acknowledged, doubles nothing', async () => {
    const [bram, buyer, ...senders] = await Promise.all(Array.from({ length: 5 }, () => chatter()));
    const providerId = await paidPayment(buyer.visitor);
    const bundle = await bundleId(buyer.visitor);
    const operator = await connectAsOperator(t);
    const sends: {
      sender: TestClient;
      body: { client_id: string; text: string; profile_id: number };
      status?: number;
    }[] = [];
    const statuses: Record<string, number[]> = { send: [], payment: [], webhook: [], checkout: [] };
    const answered = (call: string) => (response: Response) => {
      statuses[call]?.push(response.statusCode);
      return response;
    };
    /** A payment started and paid at the checkout, each call answered as it may be during the storm. */
    const buy = async () => {
      const started = answered('payment')(await startPayment(buyer.visitor, bundle));
      if (started.statusCode !== 200) return;
      const checkoutId = new URL(started.json().checkout_url).pathname.split('/').pop();
      answered('checkout')(await client(t.app).post('/api/sandbox-checkout.php', { id: checkoutId, outcome: 'paid' }));
    };

    const stop = terminateRepeatedly(operator);
    try {
      for (let round = 0; round < 25; round++) {
        const sent = senders.map(({ visitor }) => {
          const send: (typeof sends)[number] = {
            sender: visitor,
            body: { client_id: randomUUID(), text: `Round ${round}`, profile_id: bram.profileId },
          };
          sends.push(send);
          return visitor.post('/api/chat.php', send.body).then((response) => {
            send.status = answered('send')(response).statusCode;
          });
        });
        await Promise.all([...sent, buy(), webhook(providerId).then(answered('webhook'))]);
      }
    } finally {
      await stop();
    }
    for (const { body, status } of sends) {
      if (status === 200) expect(await messagesWithClientId(body.client_id), 'an acknowledged message').toBe(1);
    }
    for (const [call, codes] of Object.entries(statuses)) {
      expect(
        codes.filter((status) => status !== 200 && status !== 503),
        call,
      ).toEqual([]);
    }

    for (const { sender, body } of sends) {
      const retried = await asTheAppRetries(() => sender.post('/api/chat.php', body));
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().message.client_id).toBe(body.client_id);
      expect(await messagesWithClientId(body.client_id)).toBe(1);
    }
    // Each payment the provider says is paid is credited once, each stored message charged once.
    const paid = await t.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', buyer.user.id)
      .where('status', '=', 'paid')
      .execute();
    for (const { id } of paid) await webhook(await providerIdOfPayment(id));
    const credited = await t.db
      .selectFrom('payments')
      .select(['id', 'credits'])
      .where('user_id', '=', buyer.user.id)
      .where('status', '=', 'paid')
      .execute();
    expect(await balanceOf(buyer)).toBe(1000 + credited.reduce((sum, row) => sum + row.credits, 0));
    for (const sender of senders) {
      expect(await balanceOf(sender)).toBe(1000 - (await messagesSentBy(sender)) * t.site.settings.message_credits);
    }
    for (const member of [buyer, ...senders]) expect(await ledgerTotal(member)).toBe(await balanceOf(member));
  });
});
