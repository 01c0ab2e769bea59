/**
 * The photo queue: moderators (and admins) see the photos waiting on every site, oldest first, and
 * approve or reject one or many; a rejection gives a reason the member is mailed in their language,
 * and the file is gone at once. Of two moderators deciding one photo, one decision stands.
 */
import { describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import {
  buildMember,
  buildSite,
  client,
  lastMail,
  loggedIn,
  mailCount,
  multipartFile,
  staffClient,
  type TestClient,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'moderated.test', name: 'Moderated', settings: { photo_moderation: true } });
  },
});

interface QueuedPhoto {
  id: number;
  site: { id: number; name: string };
  profile: { id: number; name: string; hosted: boolean };
  url: string;
  thumb_url: string;
}

const moderatedSite = async () => (await t.services.sites.findByDomain('moderated.test')) as Site;

/** A member of the moderated site who uploaded `count` photos, each waiting for a moderator. */
async function uploader(count: number, language: 'en' | 'nl' = 'en') {
  const site = await moderatedSite();
  const member = await buildMember(t.services, { site, language });
  const visitor = await loggedIn(t.app, member, { host: site.domain });
  const photos: { id: number; filename: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { payload, headers } = multipartFile(await testPhoto());
    const response = await visitor.post('/api/photos.php', payload, { headers });
    expect(response.statusCode, response.body).toBe(200);
    photos.push((response.json().photos as { id: number; filename: string }[]).at(-1) as never);
  }
  return { member, visitor, photos };
}

const queue = async (staff: TestClient, site?: number) => {
  const response = await staff.get(`/api/staff/photos.php${site ? `?site=${site}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { photos: QueuedPhoto[]; waiting: number; refreshed_at: string };
};

const decide = (staff: TestClient, body: object) => staff.post('/api/staff/photos.php', body);
const media = (visitor: TestClient, file: string) =>
  visitor.get(`/media/${file}`, { headers: { host: 'moderated.test' } });

const auditOf = (photoId: number) =>
  t.db
    .selectFrom('staff_log')
    .select(['action', 'changes', 'reason', 'site_id', 'profile_id'])
    .where('record', '=', `photo:${photoId}`)
    .execute();

describe('the photo queue', () => {
  it('shows a moderator the photos waiting on every site, oldest first, and approving one shows it to members', async () => {
    const moderator = await staffClient(t, 'moderator');
    const first = await uploader(1);
    const second = await uploader(1);
    const site = await moderatedSite();
    const [photo] = first.photos;
    const { photos, waiting } = await queue(moderator);
    const ours = photos.filter((each) => each.site.id === site.id);
    expect(ours.map((each) => each.id)).toEqual(
      [photo?.id, second.photos[0]?.id].filter((id) => photos.some((each) => each.id === id)),
    );
    expect(waiting).toBeGreaterThanOrEqual(2);
    const queued = photos.find((each) => each.id === photo?.id);
    expect(queued).toMatchObject({
      site: { name: 'Moderated' },
      profile: { id: first.member.profileId, hosted: false },
    });
    expect((await queue(moderator, site.id)).photos.every((each) => each.site.id === site.id)).toBe(true);

    // The moderator sees the file; another member does not, until it is approved.
    const file = await moderator.get(queued?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await moderator.get(queued?.thumb_url ?? '')).statusCode).toBe(200);
    const other = await loggedIn(t.app, await buildMember(t.services, { site }), { host: site.domain });
    expect((await media(other, photo?.filename ?? '')).statusCode).toBe(404);

    const approved = await decide(moderator, { photos: [photo?.id], decision: 'approve' });
    expect(approved.json()).toEqual({ approved: [photo?.id], rejected: [], already_decided: [] });
    expect((await media(other, photo?.filename ?? '')).statusCode).toBe(200);
    expect((await queue(moderator)).photos.map((each) => each.id)).not.toContain(photo?.id);
    expect(await auditOf(photo?.id ?? 0)).toEqual([
      {
        action: 'photo.approve',
        changes: JSON.stringify({ status: ['pending', 'active'] }),
        reason: null,
        site_id: site.id,
        profile_id: first.member.profileId,
      },
    ]);
    expect(await mailCount(t, first.member.email)).toBe(0);
  });

  it('rejects photos with a reason: gone at once, the next photo is main, and the member is mailed once in their language', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { member, visitor, photos } = await uploader(3, 'nl');
    const [a, b, c] = photos;
    expect((await visitor.get('/api/photos.php', { headers: { host: 'moderated.test' } })).json().main_image).toBe(
      a?.id,
    );
    // The owner sees their own pending photo; a revalidating cache is answered 304 while it may see it.
    const own = await media(visitor, a?.filename ?? '');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const cached = await visitor.get(`/media/${a?.filename}`, {
      headers: { host: 'moderated.test', 'if-none-match': String(own.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const response = await decide(moderator, { photos: [a?.id, b?.id], decision: 'reject', rejection: 'no_face' });
    expect(response.json()).toEqual({ approved: [], rejected: [a?.id, b?.id], already_decided: [] });
    // Gone for its owner too, even for a cache that held it.
    expect(
      (
        await visitor.get(`/media/${a?.filename}`, {
          headers: { host: 'moderated.test', 'if-none-match': String(own.headers.etag) },
        })
      ).statusCode,
    ).toBe(404);
    const listing = (await visitor.get('/api/photos.php', { headers: { host: 'moderated.test' } })).json();
    // The owner's list marks them rejected, with why, to delete; the profile photo is the one still waiting.
    expect(
      listing.photos.map((photo: { id: number; status: string; rejection: string | null }) => [
        photo.id,
        photo.status,
        photo.rejection,
      ]),
    ).toEqual([
      [a?.id, 'rejected', 'no_face'],
      [b?.id, 'rejected', 'no_face'],
      [c?.id, 'pending', null],
    ]);
    expect(listing.main_image).toBe(c?.id);

    const mail = await lastMail(t, member.email);
    expect(await mailCount(t, member.email)).toBe(1);
    expect(mail?.subject).toBe("2 van je foto's op Moderated zijn niet goedgekeurd");
    expect(mail?.text).toContain('Je gezicht moet duidelijk te zien zijn.');
    expect(mail?.text).toContain('/profile');
    expect(await auditOf(a?.id ?? 0)).toMatchObject([
      { action: 'photo.reject', changes: JSON.stringify({ status: ['pending', 'rejected'] }), reason: 'no_face' },
    ]);
  });

  it('lets one decision stand when moderators decide the same photos at once; the others are told', async () => {
    const moderators = await Promise.all([staffClient(t, 'moderator'), staffClient(t, 'admin')]);
    const { member, photos } = await uploader(2);
    const ids = photos.map((photo) => photo.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        decide(
          moderators[index % 2] as TestClient,
          index % 2 ? { photos: ids, decision: 'approve' } : { photos: ids, decision: 'reject', rejection: 'nudity' },
        ),
      ),
    );
    const bodies = answers.map((answer) => answer.json() as Record<string, number[]>);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const decided = bodies.flatMap((body) => [...(body.approved ?? []), ...(body.rejected ?? [])]);
    expect(decided.sort()).toEqual([...ids].sort());
    expect(bodies.flatMap((body) => body.already_decided ?? [])).toHaveLength(20 * ids.length - ids.length);
    for (const id of ids) expect(await auditOf(id)).toHaveLength(1);
    expect(await mailCount(t, member.email)).toBeLessThanOrEqual(1);
  });

  it('keeps the queue to moderators and admins, and refuses bad decisions changing nothing', async () => {
    const { photos } = await uploader(1);
    const [photo] = photos;
    const operator = await staffClient(t, 'operator');
    const moderator = await staffClient(t, 'moderator');
    const queued = (await queue(moderator)).photos.find((each) => each.id === photo?.id);
    for (const call of [
      operator.get('/api/staff/photos.php'),
      operator.post('/api/staff/photos.php', { photos: [photo?.id], decision: 'approve' }),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
    // Operators see approved photos only: a pending one is not there for them.
    expect((await operator.get(queued?.url ?? '')).statusCode).toBe(404);
    const member = client(t.app);
    expect((await member.get('/api/staff/photos.php')).json()).toMatchObject({ error: 'staff_login_required' });
    expect((await member.get(queued?.url ?? '')).statusCode).toBe(403);
    // Moderators do not answer in the inbox, nor touch money or the team.
    for (const url of ['/api/staff/inbox.php', '/api/staff/team.php']) {
      expect((await moderator.get(url)).statusCode).toBe(403);
    }

    const refusals: [object, Record<string, string>][] = [
      [{ photos: [photo?.id], decision: 'reject' }, { rejection: 'required' }],
      [{ photos: [photo?.id], decision: 'reject', rejection: 'ugly' }, { rejection: 'invalid_choice' }],
      [{ photos: [photo?.id], decision: 'delete' }, { decision: 'invalid_choice' }],
      [{ photos: [], decision: 'approve' }, { photos: 'required' }],
      [{ photos: Array.from({ length: 101 }, (_, i) => i + 1), decision: 'approve' }, { photos: 'too_many' }],
    ];
    for (const [body, fields] of refusals) {
      const response = await decide(moderator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      for (const [field, code] of Object.entries(fields)) {
        expect(response.json().fields[field], JSON.stringify(body)).toMatchObject({ code });
      }
    }
    expect((await queue(moderator)).photos.map((each) => each.id)).toContain(photo?.id);
    expect(await auditOf(photo?.id ?? 0)).toEqual([]);
    // A file that is no photo: 404, without reading the disk.
    expect((await moderator.get('/api/staff/media/p/1/../../../etc/passwd')).statusCode).toBe(404);
    expect((await moderator.get('/api/staff/media/p/1/%00.webp')).statusCode).toBe(404);
  });
});
