/**
 * Notification mails: about new messages bundled and only to members who are away, with a pause
 * between mails; none for hosted profiles (operators answer from their inbox); likes and matches;
 * and the scheduled reminders and weekly update at the site's evening.
 */
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_PAUSE_MS } from '../src/notifications/service.js';
import { birthDate, client, lastMail, mailCount, settle, signupBody, useTestApp } from './helpers.js';
import { notificationKit, unsubscribeLinks } from './notifying.js';

const t = useTestApp();
const { someone, send, afterBundleDelay } = notificationKit(t);

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
