/**
 * Notifications: choices per type and channel, mail bundled and only to members who are away,
 * one-click unsubscribe with a signed link, the bounce and complaint webhook, hosted profiles
 * (nobody is mailed for them), and the scheduled reminders at the site's evening.
 */
import { randomUUID } from 'node:crypto';
import { isMarketing, NOTIFICATION_TYPES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_PAUSE_MS } from '../src/notifications/service.js';
import {
  type BuiltMember,
  birthDate,
  buildMember,
  client,
  lastMail,
  loggedIn,
  mailCount,
  makePremium,
  settle,
  signupBody,
  type TestClient,
  useTestApp,
} from './helpers.js';

const MAIL_EVENTS_TOKEN = 'mail-events-token-of-the-tests-0123456789';
const t = useTestApp({ env: { MAIL_EVENTS_TOKEN } });

interface Someone extends BuiltMember {
  visitor: TestClient;
}

async function someone(language: 'en' | 'nl' | 'de' = 'en'): Promise<Someone> {
  const member = await buildMember(t.services, { credits: 1000, freeMessages: 0, language });
  await makePremium(t, member);
  return { ...member, visitor: await loggedIn(t.app, member) };
}

/** Writes to a profile, or in a conversation (a number). */
async function send(from: Someone, to: { profileId: number } | number, text = 'Hoi!') {
  const target = typeof to === 'number' ? { conversation: to } : { profile_id: to.profileId };
  const response = await from.visitor.post('/api/chat.php', { client_id: randomUUID(), text, ...target });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { conversation: number };
}

/** Lets the bundling wait (MAIL_BUNDLE_SECONDS, five minutes by default) pass and runs what became due. */
async function afterBundleDelay() {
  await settle(t);
  t.clock.advance({ minutes: 6 });
  await settle(t);
}

function unsubscribeLinks(mail: { text: string; headers: string }) {
  const headers = JSON.parse(mail.headers) as Record<string, string>;
  const oneClick = headers['List-Unsubscribe']?.match(/^<(.+)>$/)?.[1] ?? '';
  const page = mail.text.match(/https?:\/\/\S+\/unsubscribe\?\S+/)?.[0] ?? '';
  const oneClickUrl = new URL(oneClick);
  return { headers, oneClick: `${oneClickUrl.pathname}${oneClickUrl.search}`, page: new URL(page) };
}

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

describe('mail about new messages', () => {
  it('sends one mail for a burst of 20 messages, in the recipient’s language, with one-click unsubscribe', async () => {
    const [anna, bram] = [await someone(), await someone('nl')];
    const { conversation } = await send(anna, bram);
    for (let i = 0; i < 19; i++) await send(anna, conversation, `bericht ${i}`);
    await settle(t);
    expect(await mailCount(t, bram.email)).toBe(0);

    await afterBundleDelay();
    expect(await mailCount(t, bram.email)).toBe(1);
    const mail = await lastMail(t, bram.email);
    expect(mail?.subject).toBe('Je hebt 20 nieuwe berichten');
    expect(mail?.text).toContain(`Het nieuwste is van ${anna.name}.`);
    expect(mail?.text).toMatch(/^Lees mijn berichten: http:\/\/localhost:3000\/chats$/m);
    const { headers } = unsubscribeLinks(mail as { text: string; headers: string });
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\.php\?u=\d+&s=[\w-]+>$/);
    // Nothing of the message itself is in the mail: only that there is one, and who sent it.
    expect(mail?.text).not.toContain('bericht 1');
  });

  it('waits at least the pause after the last mail before the next one', async () => {
    const [anna, bram] = [await someone(), await someone()];
    const { conversation } = await send(anna, bram);
    await afterBundleDelay();
    expect(await mailCount(t, bram.email)).toBe(1);

    await send(anna, conversation, 'nog een');
    await afterBundleDelay();
    expect(await mailCount(t, bram.email)).toBe(1);
    t.clock.advance({ minutes: MAIL_KIND_PAUSE_MS / 60_000 });
    await settle(t);
    expect(await mailCount(t, bram.email)).toBe(2);
  });

  it('sends nothing to a member who is online, who read the messages, or who switched the type off', async () => {
    const anna = await someone();
    const online = await someone();
    await send(anna, online);

    const reader = await someone();
    const { conversation } = await send(anna, reader);
    await reader.visitor.get(`/api/chat.php?conversation=${conversation}`);

    const choosy = await someone();
    await choosy.visitor.put('/api/notifications.php', { preferences: [{ type: 'new_conversations', mail: false }] });
    await send(anna, choosy);

    await settle(t);
    t.clock.advance({ minutes: 6 });
    // The app is open (its socket keeps saying so) when the mail would go.
    await t.services.members.setOnline(online.profileId, true);
    await settle(t);
    expect(await mailCount(t, online.email)).toBe(0);
    expect(await mailCount(t, reader.email)).toBe(0);
    expect(await mailCount(t, choosy.email)).toBe(0);
  });

  it('mails no one about a message to a hosted profile: operators answer from their inbox', async () => {
    const anna = await someone();
    const hosted = await t.services.members.createHostedProfile({
      site_id: t.site.id,
      name: 'Hosted Hanna',
      date_of_birth: birthDate(30),
      last_active_at: t.clock.now().toISOString(),
    });
    const before = await mailCount(t);
    await send(anna, { profileId: hosted.id });
    await afterBundleDelay();
    expect(await mailCount(t)).toBe(before);
  });
});

describe('mail about likes and matches', () => {
  it('bundles likes into one mail and tells a match as a match', async () => {
    const liked = await someone();
    const [a, b, c] = [await someone(), await someone(), await someone()];
    for (const liker of [a, b, c]) {
      expect((await liker.visitor.post('/api/like.php', { profile_id: liked.profileId })).statusCode).toBe(200);
    }
    await afterBundleDelay();
    const likesMail = await lastMail(t, liked.email);
    expect(likesMail?.subject).toBe('3 members like you');

    // `liked` likes `a` back: a's match mail names `liked`.
    await t.services.members.setOnline(liked.profileId, true);
    expect((await liked.visitor.post('/api/like.php', { profile_id: a.profileId })).statusCode).toBe(200);
    await afterBundleDelay();
    const matchMail = await lastMail(t, a.email);
    expect(matchMail?.subject).toBe(`It's a match: you and ${liked.name} like each other`);
    expect(matchMail?.text).toContain(`http://localhost:3000/members/${liked.profileId}/chat`);
  });
});

/** As a mail client posts it (RFC 8058): a form, without the web app's header or a session. */
function oneClick(path: string) {
  return client(t.app).post(path, Buffer.from('List-Unsubscribe=One-Click'), {
    clientHeader: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('one-click unsubscribe', () => {
  async function mailedMember() {
    const [anna, bram] = [await someone(), await someone()];
    await send(anna, bram);
    await afterBundleDelay();
    const mail = await lastMail(t, bram.email);
    return { anna, bram, links: unsubscribeLinks(mail as { text: string; headers: string }) };
  }

  it('works without login and without the client header, as mail clients post it', async () => {
    const { bram, links } = await mailedMember();
    const info = await client(t.app).get(`/api/unsubscribe.php${links.page.search}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: `${bram.email[0]}•••@example.test`, mail_off: false });

    const stop = await oneClick(links.oneClick);
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await bram.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual(['list_unsubscribe']);
    expect((await client(t.app).get(`/api/unsubscribe.php${links.page.search}`)).json().mail_off).toBe(true);
  });

  it('refuses a forged or borrowed signature, and changes nothing', async () => {
    const { anna, bram, links } = await mailedMember();
    const signature = links.page.searchParams.get('s') as string;
    const forged = [
      `u=${bram.user.id}&s=${signature.slice(0, -2)}AA`,
      `u=${anna.user.id}&s=${signature}`,
      `u=${bram.user.id}&s=`,
      `u=${bram.user.id}`,
      `u=abc&s=${signature}`,
      `u=${bram.user.id}&s=${signature}%00`,
    ];
    for (const query of forged) {
      const response = await oneClick(`/api/unsubscribe.php?${query}`);
      expect([403, 422], query).toContain(response.statusCode);
    }
    const refused = await client(t.app).get(`/api/unsubscribe.php?u=${anna.user.id}&s=${signature}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('unsubscribe_link_invalid');
    expect((await bram.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
    expect((await anna.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });

  it('stops notification mail, keeps account mail, and the member can turn it back on', async () => {
    const { anna, bram, links } = await mailedMember();
    await Promise.all(Array.from({ length: 20 }, () => oneClick(links.oneClick)));
    expect((await bram.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual(['list_unsubscribe']);
    const mails = await mailCount(t, bram.email);
    await send(anna, bram, 'nog iets');
    await afterBundleDelay();
    expect(await mailCount(t, bram.email)).toBe(mails);

    const on = await bram.visitor.put('/api/notifications.php', { mail_on: true });
    expect(on.json().notifications_disabled).toEqual([]);
    t.clock.advance({ minutes: MAIL_KIND_PAUSE_MS / 60_000 });
    await send(anna, bram, 'en nu?');
    await afterBundleDelay();
    expect(await mailCount(t, bram.email)).toBe(mails + 1);
  });
});

describe('the bounce and complaint webhook', () => {
  const post = (body: object, token: string | null = MAIL_EVENTS_TOKEN) =>
    client(t.app).post('/api/mail-events.php', body, {
      clientHeader: false,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  it('turns mail off for a permanent bounce and a spam complaint, not for a soft bounce', async () => {
    const [bounced, soft, complained] = [await someone(), await someone(), await someone()];
    expect((await post({ type: 'bounce', email: bounced.email.toUpperCase() })).json()).toEqual({
      ok: true,
      accounts: 1,
    });
    expect((await post({ type: 'bounce', email: soft.email, permanent: false })).json()).toEqual({
      ok: true,
      accounts: 0,
    });
    expect((await post({ type: 'complaint', email: complained.email })).json()).toEqual({ ok: true, accounts: 1 });
    expect((await post({ type: 'complaint', email: 'nobody@example.test' })).json()).toEqual({ ok: true, accounts: 0 });
    const reasons = async (who: Someone) =>
      (await who.visitor.get('/api/user.php')).json().user.notifications_disabled as string[];
    expect(await reasons(bounced)).toEqual(['bounce']);
    expect(await reasons(soft)).toEqual([]);
    expect(await reasons(complained)).toEqual(['fbl']);
    await post({ type: 'bounce', email: complained.email });
    expect(await reasons(complained)).toEqual(['fbl', 'bounce']);
  });

  it('refuses a caller without the token before reading the body', async () => {
    const member = await someone();
    for (const token of [null, 'wrong', `${MAIL_EVENTS_TOKEN}x`]) {
      const response = await post({ type: 'bounce', email: member.email }, token);
      expect(response.statusCode).toBe(403);
    }
    expect((await post({ nonsense: true }, 'wrong')).statusCode).toBe(403);
    expect((await post({ type: 'bounce', email: 'x'.repeat(300) })).statusCode).toBe(422);
    expect((await post({ type: 'bounce', email: `${member.email}\u0000` })).statusCode).toBe(422);
    expect((await member.visitor.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });
});

describe('scheduled mails', () => {
  /** Moves the test clock to the next 19:xx in Amsterdam (the demo site's zone) and looks. */
  async function atSiteEvening(weekday?: number) {
    for (let i = 0; i < 24 * 8; i++) {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone: t.site.settings.time_zone,
        hour: 'numeric',
        hourCycle: 'h23',
        weekday: 'short',
      }).formatToParts(t.clock.now());
      const hour = Number(parts.find((p) => p.type === 'hour')?.value);
      const day = parts.find((p) => p.type === 'weekday')?.value;
      if (hour === 19 && (weekday === undefined || day === ['Sun'][weekday])) break;
      t.clock.advance({ hours: 1 });
    }
    await t.services.notifications.sweepNow();
    await settle(t);
  }

  it('reminds of messages unread for a day, in the evening, at most every three days', async () => {
    const [anna, bram] = [await someone(), await someone()];
    await send(anna, bram);
    await t.services.members.setOnline(bram.profileId, true);
    await settle(t);
    t.clock.advance({ hours: 25 });
    await t.services.members.setOnline(bram.profileId, false);
    // Only the reminders count: the next evening may be a Sunday's, with the weekly update.
    const reminders = async () =>
      (
        await t.db
          .selectFrom('mails')
          .select('id')
          .where('recipient', '=', bram.email.toLowerCase())
          .where('subject', '=', 'A message is waiting for you')
          .execute()
      ).length;
    await atSiteEvening();
    expect(await reminders()).toBe(1);

    t.clock.advance({ hours: 1 });
    await atSiteEvening();
    expect(await reminders()).toBe(1);
  });

  it('reminds an unconfirmed member once, a day after signing up, to confirm the address', async () => {
    const body = signupBody();
    const { email } = body;
    const signup = await client(t.app).post('/api/signup.php', body);
    expect(signup.statusCode, signup.body).toBe(200);
    expect(await mailCount(t, email)).toBe(1);
    t.clock.advance({ hours: 25 });

    await atSiteEvening();
    expect(await mailCount(t, email)).toBe(2);
    const reminder = await lastMail(t, email);
    expect(reminder?.subject).toBe('Please confirm your email address for Amora');
    expect(reminder?.text).toMatch(/\/api\/activate\.php\?token=/);
    t.clock.advance({ hours: 1 });
    await atSiteEvening();
    expect(await mailCount(t, email)).toBe(2);
  });

  it('sends the weekly update on Sunday evening to members who want it', async () => {
    const [keen, notKeen] = [await someone(), await someone()];
    await notKeen.visitor.put('/api/notifications.php', { preferences: [{ type: 'weekly_updates', mail: false }] });
    const [keenBefore, notKeenBefore] = [await mailCount(t, keen.email), await mailCount(t, notKeen.email)];
    await atSiteEvening(0);
    expect(await mailCount(t, keen.email)).toBe(keenBefore + 1);
    expect((await lastMail(t, keen.email))?.subject).toBe('Your week on Amora');
    expect(await mailCount(t, notKeen.email)).toBe(notKeenBefore);
  });
});
