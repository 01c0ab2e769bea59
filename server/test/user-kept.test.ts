/**
 * GET /api/user.php is kept per member between requests (server/src/identity/accounts/own-answers.ts) and
 * dropped on every change of what it shows: each kind of change is seen by the very next call.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import { buyingKit } from './buying.js';
import {
  buildMember,
  buildSite,
  lastMail,
  linkFrom,
  loggedIn,
  multipartFile,
  staffClient,
  type TestClient,
  testPhoto,
  uniqueEmail,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'kept.test', name: 'Kept', settings: { photo_moderation: true } });
  },
});
const { buyer, bundleOf, started, decide } = buyingKit(t);

interface Shown {
  email: string;
  pending_email: string | null;
  status: string;
  language: string;
  credits: number;
  free_messages: number;
  paid_user: boolean;
  message_prices: { text: number };
  profile: {
    about: string | null;
    city: string | null;
    status: string;
    main_image: unknown;
    photos: { id: number; status: string; private: boolean }[];
  };
}

async function shown(visitor: TestClient): Promise<Shown> {
  const response = await visitor.get('/api/user.php');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user;
}

/** A member with credits, logged in, whose answer is kept already. */
async function member(site?: Site) {
  const built = await buildMember(t.services, { credits: 100, freeMessages: 1, ...(site && { site }) });
  const visitor = await loggedIn(t.app, built, site && { host: site.domain });
  await shown(visitor);
  return { ...built, visitor };
}

async function upload(visitor: TestClient) {
  const { payload, headers } = multipartFile(await testPhoto());
  const response = await visitor.post('/api/photos.php', payload, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().photos as { id: number }[]).at(-1)?.id as number;
}

async function send(from: TestClient, profileId: number) {
  const response = await from.post('/api/chat.php', { client_id: randomUUID(), text: 'Hello', profile_id: profileId });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /api/user.php, kept between requests', () => {
  it('shows a profile edit at once', async () => {
    const { visitor } = await member();
    expect((await visitor.put('/api/profile.php', { about: 'Kept answers drop' })).statusCode).toBe(200);
    expect((await shown(visitor)).profile.about).toBe('Kept answers drop');
  });

  it('shows a photo added, made private and removed at once', async () => {
    const { visitor } = await member();
    const first = await upload(visitor);
    const second = await upload(visitor);
    expect((await shown(visitor)).profile.photos.map((photo) => photo.id)).toEqual([first, second]);
    const hidden = await visitor.put('/api/photos.php', { private_photo: { id: second, private: true } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await shown(visitor)).profile.photos.find((photo) => photo.id === second)?.private).toBe(true);
    expect((await visitor.delete('/api/photos.php', { id: first })).statusCode).toBe(200);
    expect((await shown(visitor)).profile.photos.map((photo) => photo.id)).toEqual([second]);
  });

  it("shows a moderator's approval and rejection at once", async () => {
    const site = (await t.services.sites.findByDomain('kept.test')) as Site;
    const { visitor } = await member(site);
    const [approved, rejected] = [await upload(visitor), await upload(visitor)];
    const onSite = () => shown(visitor);
    expect((await onSite()).profile.photos.map((photo) => photo.status)).toEqual(['pending', 'pending']);
    const moderator = await staffClient(t, 'moderator');
    await moderator.post('/api/staff/photos.php', { photos: [approved], decision: 'approve' });
    expect((await onSite()).profile.photos.map((photo) => photo.status)).toEqual(['active', 'pending']);
    await moderator.post('/api/staff/photos.php', { photos: [rejected], decision: 'reject', rejection: 'no_face' });
    expect((await onSite()).profile.photos.map((photo) => [photo.id, photo.status])).toEqual([
      [approved, 'active'],
      [rejected, 'rejected'],
    ]);
  });

  it('shows credits and premium bought, and a free message and credits spent, at once', async () => {
    const paying = await buyer();
    const before = await shown(paying.visitor);
    expect(before).toMatchObject({ credits: 0, paid_user: false });
    const bundle = await bundleOf(paying, 150);
    const { checkoutId } = await started(paying, { bundle_id: bundle.id, issuer: 'ideal_INGBNL2A' });
    await decide(checkoutId, 'paid');
    expect(await shown(paying.visitor)).toMatchObject({ credits: 150, paid_user: true });

    const other = await member();
    const sender = await member();
    await send(sender.visitor, other.profileId);
    expect(await shown(sender.visitor)).toMatchObject({ credits: 100, free_messages: 0 });
    await send(sender.visitor, other.profileId);
    const { credits, message_prices } = await shown(sender.visitor);
    expect(credits).toBe(100 - message_prices.text);
  });

  it("shows staff's credits and a changed price of messages at once", async () => {
    const { visitor, profileId } = await member();
    const moderator = await staffClient(t, 'moderator');
    const granted = await moderator.post('/api/staff/member-action.php', {
      member: profileId,
      action: 'credits',
      amount: 20,
      explanation: 'Lost a message to an outage.',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await shown(visitor)).credits).toBe(120);

    const price = (await shown(visitor)).message_prices.text;
    const admin = await staffClient(t, 'admin');
    const changed = await admin.put('/api/staff/site.php', { id: t.site.id, settings: { message_credits: price + 7 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await shown(visitor)).message_prices.text).toBe(price + 7);
  });

  it('shows a new language and a new address at once', async () => {
    const { visitor, password } = await member();
    expect((await visitor.put('/api/user.php', { language: 'nl' })).statusCode).toBe(200);
    expect((await shown(visitor)).language).toBe('nl');

    const newEmail = uniqueEmail();
    const asked = await visitor.post('/api/mail-change.php', { email: newEmail, password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await shown(visitor)).pending_email).toBe(newEmail);
    const token = linkFrom(await lastMail(t, newEmail)).token;
    expect((await visitor.post('/api/mail-change-do.php', { token })).statusCode).toBe(200);
    expect(await shown(visitor)).toMatchObject({ email: newEmail, pending_email: null });
  });

  it("shows a moderator's suspension lifted at once", async () => {
    const built = await buildMember(t.services);
    const moderator = await staffClient(t, 'moderator');
    const act = (action: string) =>
      moderator.post('/api/staff/member-action.php', {
        member: built.profileId,
        action,
        reason: 'fake',
        explanation: 'Checked twice.',
      });
    const before = await loggedIn(t.app, built);
    expect((await shown(before)).profile.status).toBe('active');
    expect((await act('suspend')).statusCode).toBe(200);
    expect((await before.get('/api/user.php')).json().user).toBeNull();
    expect((await act('lift')).statusCode).toBe(200);
    expect((await shown(await loggedIn(t.app, built))).profile.status).toBe('active');
  });
});
