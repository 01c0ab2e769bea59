/**
 * The key of unsubscribe links after a rotation: new links are signed with LINK_SIGNING_KEY, links
 * mailed with LINK_SIGNING_KEY_PREVIOUS work until LINK_SIGNING_KEY_PREVIOUS_UNTIL and not after,
 * and a link signed with any other key, or changed, does nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeQuery } from '../src/notifications/links.js';
import { newKeysEnvironment } from '../src/platform/keys/deployment-keys.js';
import {
  buildMember,
  client,
  lastMail,
  loggedIn,
  makePremium,
  settle,
  type TestClient,
  useTestApp,
} from './helpers.js';

const GRACE_DAYS = 7;
const current = newKeysEnvironment().LINK_SIGNING_KEY;
const previous = newKeysEnvironment().LINK_SIGNING_KEY;
const t = useTestApp({
  env: {
    LINK_SIGNING_KEY: current,
    LINK_SIGNING_KEY_PREVIOUS: previous,
    LINK_SIGNING_KEY_PREVIOUS_UNTIL: new Date(Date.now() + GRACE_DAYS * 24 * 60 * 60 * 1000).toISOString(),
  },
});

/** The query of a link for the member signed with `key` (base64url), as a mail of the deployment would carry it. */
const signedWith = (key: string, member: { user: { id: number }; email: string }) =>
  unsubscribeQuery({ current: Buffer.from(key, 'base64url'), previous: null }, member.user.id, member.email);

async function member() {
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, built);
  return { ...built, visitor: await loggedIn(t.app, built) };
}

/** As a mail client posts it (RFC 8058): a form, without the web app's header or a session. */
function oneClick(query: string) {
  return client(t.app).post(`/api/unsubscribe.php?${query}`, Buffer.from('List-Unsubscribe=One-Click'), {
    clientHeader: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const mailOff = async (visitor: TestClient) =>
  (await visitor.get('/api/user.php')).json().user.notifications_disabled as string[];

async function expectRefused(query: string) {
  const info = await client(t.app).get(`/api/unsubscribe.php?${query}`);
  expect(info.statusCode, query).toBe(403);
  expect(info.json().error).toBe('unsubscribe_link_invalid');
  expect((await oneClick(query)).statusCode, query).toBe(403);
}

describe('unsubscribe links after the link key was rotated', () => {
  it('mails new links signed with the current key', async () => {
    const [anna, bram] = [await member(), await member()];
    const sent = await anna.visitor.post('/api/chat.php', {
      client_id: randomUUID(),
      text: 'Hoi!',
      profile_id: bram.profileId,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle(t);
    t.clock.advance({ minutes: 6 });
    const mail = await lastMail(t, bram.email);
    expect(mail?.text).toContain(`/unsubscribe?${signedWith(current, bram)}`);
    expect(mail?.text).not.toContain(signedWith(previous, bram));
  });

  it('takes a link signed with the previous key within its grace period', async () => {
    const bram = await member();
    const query = signedWith(previous, bram);
    expect((await client(t.app).get(`/api/unsubscribe.php?${query}`)).json()).toMatchObject({ mail_off: false });
    expect((await oneClick(query)).statusCode).toBe(200);
    expect(await mailOff(bram.visitor)).toEqual(['list_unsubscribe']);
  });

  it('refuses a link signed with a key the deployment never had, and changes nothing', async () => {
    const bram = await member();
    await expectRefused(signedWith(newKeysEnvironment().LINK_SIGNING_KEY, bram));
    expect(await mailOff(bram.visitor)).toEqual([]);
  });

  it('refuses a changed link, and changes nothing', async () => {
    const [anna, bram] = [await member(), await member()];
    for (const key of [current, previous]) {
      const signature = new URLSearchParams(signedWith(key, bram)).get('s') as string;
      const flipped = signature.at(-1) === 'A' ? 'B' : 'A';
      await expectRefused(`u=${bram.user.id}&s=${signature.slice(0, -1)}${flipped}`);
      await expectRefused(`u=${anna.user.id}&s=${signature}`);
      await expectRefused(`u=${bram.user.id}&s=${signature.slice(0, -4)}`);
    }
    expect(await mailOff(bram.visitor)).toEqual([]);
    expect(await mailOff(anna.visitor)).toEqual([]);
  });

  it('refuses a link signed with the previous key once its grace period is over, and keeps taking the current key', async () => {
    const [bram, carla] = [await member(), await member()];
    const link = signedWith(previous, bram);
    t.clock.advance({ days: GRACE_DAYS, minutes: 1 });
    await expectRefused(link);
    expect(await mailOff(bram.visitor)).toEqual([]);

    expect((await oneClick(signedWith(current, carla))).statusCode).toBe(200);
    expect(await mailOff(carla.visitor)).toEqual(['list_unsubscribe']);
  });
});
