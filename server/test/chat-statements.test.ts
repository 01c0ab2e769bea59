/**
 * What a chat send costs the database: the statements of a premium member's text into a
 * conversation they have, from the request to its event's handlers (the notification's reads; its
 * bundled mail waits already, from the first message). PostgreSQL writes the message, its charge,
 * the conversation and the event in one statement; SQLite, in the same process, a statement a step
 * (docs/measurements.md).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../src/platform/db/counting.js';
import { engineOf } from '../src/platform/db/index.js';
import { buildMember, loggedIn, makePremium, settle, useTestApp } from './helpers.js';

const t = useTestApp();

/** At most this many statements a send, transactions' begin and commit included. */
const STATEMENTS_A_SEND = { postgres: 8, sqlite: 15 };

describe('a chat send', () => {
  it('costs at most its statements, and is stored, charged and told as before', async () => {
    const sender = await buildMember(t.services, { credits: 100, freeMessages: 0 });
    const recipient = await buildMember(t.services);
    await makePremium(t, sender);
    const visitor = await loggedIn(t.app, sender);
    const opened = await visitor.post('/api/chat.php', {
      client_id: randomUUID(),
      profile_id: recipient.profileId,
      text: 'Hoi',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { conversation, credits: afterFirst } = opened.json();
    await settle(t);

    const { result, statements, sent } = await statementsOf(async () => {
      const answer = await visitor.post('/api/chat.php', {
        client_id: randomUUID(),
        conversation,
        text: 'Hoe gaat het?',
      });
      await t.services.notifications.settled();
      return answer;
    });

    expect(result.statusCode, result.body).toBe(200);
    const price = afterFirst - result.json().credits;
    expect(price).toBeGreaterThan(0);
    expect(statements, sent.join('\n')).toBeLessThanOrEqual(STATEMENTS_A_SEND[engineOf(t.db)]);
    await settle(t);
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reference'])
      .where('user_id', '=', sender.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ledger).toEqual({ delta: -price, reference: `message:${result.json().message.id}` });
    const place = await t.db
      .selectFrom('conversation_members')
      .select(['unread_count', 'last_read_message_id'])
      .where('conversation_id', '=', conversation)
      .orderBy('profile_id')
      .execute();
    expect(place.map((row) => row.unread_count).sort()).toEqual([0, 2]);
    // The notification read what the recipient wants: their mail of new messages waits to go.
    const mailLater = await t.db
      .selectFrom('jobs')
      .select('name')
      .where('key', '=', `mail-messages-${recipient.user.id}`)
      .executeTakeFirst();
    expect(mailLater?.name).toBe('notify.mail');
  });
});
