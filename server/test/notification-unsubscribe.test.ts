/**
 * Stopping notification mail from outside the app: one-click unsubscribe with a signed link (no
 * login, no client header, forged or borrowed signatures refused), and the bounce and complaint webhook.
 */
import { describe, expect, it } from 'vitest';
import { MAIL_KIND_PAUSE_MS } from '../src/notifications/service.js';
import { client, lastMail, mailCount, useTestApp } from './helpers.js';
import { notificationKit, type Someone, unsubscribeLinks } from './notifying.js';

const MAIL_EVENTS_TOKEN = 'mail-events-token-of-the-tests-0123456789';
const t = useTestApp({ env: { MAIL_EVENTS_TOKEN } });
const { someone, send, afterBundleDelay, oneClick } = notificationKit(t);

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
