/**
 * On PostgreSQL each distinct statement is prepared once per connection. A table that changes
 * under the running app (another instance's migration during a rolling deploy) does not break it:
 * reads go on at once, and a send caught in its transaction answers 503 and stores its message
 * once when sent again. PostgreSQL only: api-sqlite leaves out postgres-*.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildMember, loggedIn, loggedInMember, makePremium, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp();

/** Several requests at once, so more than one pooled connection has the statements prepared. */
async function userPhpAtOnce(visitor: TestClient) {
  const responses = await Promise.all(Array.from({ length: 5 }, () => visitor.get('/api/user.php')));
  return responses.map((response) => response.statusCode);
}

describe('prepared statements on PostgreSQL', () => {
  it('keeps the statements a connection has run', async () => {
    const { visitor } = await loggedInMember(t);
    expect(await userPhpAtOnce(visitor)).toEqual([200, 200, 200, 200, 200]);

    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(t.db);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('goes on reading a table another instance changed', async () => {
    const { visitor, email } = await loggedInMember(t);
    expect(await userPhpAtOnce(visitor)).toEqual([200, 200, 200, 200, 200]);

    await sql`alter table photos add column added_by_a_newer_instance text`.execute(t.db);

    expect(await userPhpAtOnce(visitor)).toEqual([200, 200, 200, 200, 200]);
    expect((await visitor.get('/api/user.php')).json().user).toMatchObject({ email });
  });

  it('answers a send caught by such a change 503 once, and stores it once when sent again', async () => {
    const [anna, bram] = [await buildMember(t.services, { credits: 100 }), await buildMember(t.services)];
    await makePremium(t, anna);
    const visitor = await loggedIn(t.app, anna);
    const to = { profile_id: bram.profileId };
    // Messages on several connections at once, so more than one has the send's statements prepared.
    const before = await Promise.all(
      ['Een', 'Twee', 'Drie'].map((text) => visitor.post('/api/chat.php', { ...to, client_id: randomUUID(), text })),
    );
    expect(before.map((response) => response.statusCode)).toEqual([200, 200, 200]);

    await sql`alter table messages add column added_by_a_newer_instance text`.execute(t.db);

    // A client tries a send again with its client id until it is stored, as the web app does.
    const message = { ...to, client_id: randomUUID(), text: 'Vier' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3 && statuses.at(-1) !== 200; attempt++) {
      statuses.push((await visitor.post('/api/chat.php', message)).statusCode);
    }
    expect(statuses.join()).toMatch(/^(503,)?200$/);
    const stored = await t.db
      .selectFrom('messages')
      .select('body')
      .where('client_id', '=', message.client_id)
      .execute();
    expect(stored).toEqual([{ body: 'Vier' }]);
    const after = await Promise.all(
      ['Vijf', 'Zes', 'Zeven'].map((text) => visitor.post('/api/chat.php', { ...to, client_id: randomUUID(), text })),
    );
    expect(after.map((response) => response.statusCode)).toEqual([200, 200, 200]);
  });
});
