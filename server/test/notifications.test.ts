/**
 * Notification choices per type and channel, and consent to marketing (EU opt-in): each consent
 * given or withdrawn recorded, many changes at once, bad input, and the unsubscribe link withdrawing it.
 * The mails themselves: notification-mails.test.ts; unsubscribing and bounces: notification-unsubscribe.test.ts.
 */
import { isMarketing, NOTIFICATION_TYPES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { client, lastMail, useTestApp } from './helpers.js';
import { notificationKit, unsubscribeLinks } from './notifying.js';

const t = useTestApp();
const { someone, send, afterBundleDelay, oneClick } = notificationKit(t);

describe('notification choices', () => {
  it('starts with every type on for mail and push but marketing, and changes only what is asked', async () => {
    const anna = await someone();
    const initial = await anna.visitor.get('/api/notifications.php');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      preferences: NOTIFICATION_TYPES.map((type) => ({ type, mail: !isMarketing(type), push: !isMarketing(type) })),
      notifications_disabled: [],
    });

    const changed = await anna.visitor.put('/api/notifications.php', {
      preferences: [
        { type: 'promotions', mail: true },
        { type: 'like', push: false },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const byType = Object.fromEntries(changed.json().preferences.map((p: { type: string }) => [p.type, p]));
    expect(byType.promotions).toEqual({ type: 'promotions', mail: true, push: false });
    expect(byType.news).toEqual({ type: 'news', mail: false, push: false });
    expect(byType.like).toEqual({ type: 'like', mail: true, push: false });
    expect(byType.new_messages).toEqual({ type: 'new_messages', mail: true, push: true });
    // Switching a type off is a choice, not mail being off: the activation reminder keeps showing.
    expect((await anna.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });

  it('takes 50 changes sent at once, and each type ends as they asked', async () => {
    const anna = await someone();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        anna.visitor.put('/api/notifications.php', {
          preferences: [{ type: NOTIFICATION_TYPES[i % NOTIFICATION_TYPES.length], mail: i % 2 === 0 }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    // Type k was asked by every i with i % 8 = k, all with the same mail choice: i's (and k's) evenness.
    const { preferences } = (await anna.visitor.get('/api/notifications.php')).json();
    expect(preferences).toEqual(
      NOTIFICATION_TYPES.map((type, k) => ({ type, mail: k % 2 === 0, push: !isMarketing(type) })),
    );
  });

  it('refuses an unknown type, a made-up field or a visitor, and changes nothing', async () => {
    const anna = await someone();
    for (const body of [
      { preferences: [{ type: 'everything', mail: false }] },
      { preferences: [{ type: 'like', mail: 'no' }] },
      { preferences: [{ type: 'like', mail: false }], user_id: 1 },
      { preferences: Array.from({ length: 9 }, () => ({ type: 'like', mail: false })) },
      { mail_on: false },
    ]) {
      const response = await anna.visitor.put('/api/notifications.php', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await client(t.app).put('/api/notifications.php', { mail_on: true })).statusCode).toBe(403);
    const after = (await anna.visitor.get('/api/notifications.php')).json();
    expect(after.preferences.every((p: { type: 'like'; mail: boolean }) => p.mail === !isMarketing(p.type))).toBe(true);
  });
});

describe('consent to marketing (EU opt-in)', () => {
  const consents = (userId: number) =>
    t.db
      .selectFrom('marketing_consents')
      .select(['channel', 'topic', 'given', 'at', 'source'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('records each consent given or withdrawn, when and where; other choices record none', async () => {
    const anna = await someone();
    const at = t.clock.now().toISOString();
    await anna.visitor.put('/api/notifications.php', {
      preferences: [
        { type: 'promotions', mail: true, push: false },
        { type: 'like', mail: false },
      ],
    });
    t.clock.advance({ minutes: 5 });
    const later = t.clock.now().toISOString();
    await anna.visitor.put('/api/notifications.php', {
      preferences: [
        { type: 'promotions', mail: false },
        { type: 'news', push: true },
      ],
    });
    expect(await consents(anna.user.id)).toEqual([
      { channel: 'mail', topic: 'promotions', given: 1, at, source: 'settings' },
      { channel: 'mail', topic: 'promotions', given: 0, at: later, source: 'settings' },
      { channel: 'push', topic: 'news', given: 1, at: later, source: 'settings' },
    ]);
  });

  it('keeps one record per change when 50 alternating changes come at once, the last one the stored choice', async () => {
    const anna = await someone();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        anna.visitor.put('/api/notifications.php', {
          preferences: [{ type: 'promotions', mail: i % 2 === 0, push: i % 2 === 0 }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const { preferences } = (await anna.visitor.get('/api/notifications.php')).json();
    const stored = preferences.find((p: { type: string }) => p.type === 'promotions');
    const records = await consents(anna.user.id);
    for (const channel of ['mail', 'push'] as const) {
      const given = records.filter((record) => record.channel === channel).map((record) => record.given);
      // Off at first, so the first change gives consent; each change after it turns it the other way.
      expect(given[0]).toBe(1);
      expect(
        given.every((value, index) => index === 0 || value !== given[index - 1]),
        given.join(),
      ).toBe(true);
      expect(given.at(-1) === 1).toBe(stored[channel]);
    }
  });

  it('refuses a NUL byte, an unknown channel or topic, and records nothing', async () => {
    const anna = await someone();
    for (const body of [
      { preferences: [{ type: 'promotions\u0000', mail: true }] },
      { preferences: [{ type: 'promotions', mail: true, sms: true }] },
      { preferences: [{ type: 'promotions', 'mail\u0000': true }] },
      { preferences: [{ type: 'politics', mail: true }] },
      { preferences: [{ type: 'news', mail: 'true\u0000' }] },
    ]) {
      const response = await anna.visitor.put('/api/notifications.php', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toMatchObject({ error: 'validation_failed' });
    }
    expect(await consents(anna.user.id)).toEqual([]);
    const { preferences } = (await anna.visitor.get('/api/notifications.php')).json();
    expect(preferences.filter((p: { mail: boolean; push: boolean }) => p.mail || p.push)).toHaveLength(
      NOTIFICATION_TYPES.filter((type) => !isMarketing(type)).length,
    );
    expect(preferences.filter((p: { type: string; mail: boolean }) => isMarketing(p.type as 'news') && p.mail)).toEqual(
      [],
    );
  });

  it('withdraws consent to marketing by mail when a mail’s unsubscribe link is used', async () => {
    const [anna, bram] = [await someone(), await someone()];
    await bram.visitor.put('/api/notifications.php', { preferences: [{ type: 'news', mail: true, push: true }] });
    await send(anna, bram);
    await afterBundleDelay();
    const links = unsubscribeLinks((await lastMail(t, bram.email)) as { text: string; headers: string });
    expect((await oneClick(links.oneClick)).statusCode).toBe(200);
    const { preferences } = (await bram.visitor.get('/api/notifications.php')).json();
    expect(preferences.find((p: { type: string }) => p.type === 'news')).toEqual({
      type: 'news',
      mail: false,
      push: true,
    });
    expect((await consents(bram.user.id)).map(({ channel, given, source }) => ({ channel, given, source }))).toEqual([
      { channel: 'mail', given: 1, source: 'settings' },
      { channel: 'push', given: 1, source: 'settings' },
      { channel: 'mail', given: 0, source: 'unsubscribe' },
    ]);
  });
});
