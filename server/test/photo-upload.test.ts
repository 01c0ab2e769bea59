import { createHash } from 'node:crypto';
import { FREE_PHOTO_LIMIT, PHOTO_MAX_BYTES } from '@amora/common';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import {
  buildPhotos,
  buildSite,
  client,
  loggedInMember,
  makePremium,
  multipartFile,
  signupBody,
  type TestClient,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'moderated.test', settings: { photo_moderation: true } });
  },
});

const upload = (visitor: TestClient, content: Buffer, options?: Parameters<typeof multipartFile>[1]) => {
  const { payload, headers } = multipartFile(content, options);
  return visitor.post('/api/photos.php', payload, { headers });
};

/** A photo of several megabytes that takes sharp a moment, as phones take them. */
const phonePhoto = () =>
  sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

interface OwnPhoto {
  id: number;
  filename: string;
  thumb_filename: string;
}

describe('POST /api/photos.php', () => {
  it('stores the photo as WebP without EXIF, served to all as a public main photo, and makes the first one main', async () => {
    const { visitor, profileId } = await loggedInMember(t);
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Jan Jansen', Artist: 'Jan' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await upload(visitor, jpeg);
    expect(response.statusCode).toBe(200);
    const [photo] = response.json().photos as OwnPhoto[];
    // The main photo, which anyone may see: addressed under the site's cdn_prefix.
    expect(photo).toMatchObject({ status: 'active', width: 1280, height: 960, premium_only: false, public: true });
    expect(response.json().main_image).toBe(photo?.id);

    const full = await client(t.app).get(`/media/${photo?.filename}`);
    // Named by the hash of its bytes, which is its ETag.
    const hash = createHash('sha256').update(full.rawPayload).digest('hex').slice(0, 32);
    expect(photo?.filename).toBe(`p/${profileId}/${hash}.webp`);
    for (const file of [photo?.filename, photo?.thumb_filename]) {
      const served = await client(t.app).get(`/media/${file}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=300');
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
    }
    const thumb = await sharp((await client(t.app).get(`/media/${photo?.thumb_filename}`)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([360, 360]);

    const { profile } = (await visitor.get('/api/user.php')).json().user;
    expect(profile.main_image).toMatchObject({ id: photo?.id, filename: photo?.filename });
    expect(profile.photos).toHaveLength(1);
  });

  it('lets a new member upload before activating, as the signup asks', async () => {
    const visitor = client(t.app);
    expect((await visitor.post('/api/signup.php', signupBody())).statusCode).toBe(200);
    const response = await upload(visitor, await testPhoto());
    expect(response.statusCode).toBe(200);
    expect((await visitor.get('/api/user.php')).json().user.profile.main_image).not.toBeNull();
  });

  it.each(['png', 'webp'] as const)('accepts a %s photo', async (format) => {
    const { visitor } = await loggedInMember(t);
    const response = await upload(visitor, await testPhoto({ format }), {
      filename: `photo.${format}`,
      contentType: `image/${format}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().photos).toHaveLength(1);
  });

  it('accepts a photo of several megabytes, as phones take them', async () => {
    const { visitor } = await loggedInMember(t);
    const big = await phonePhoto();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload(visitor, big);
    expect(response.statusCode).toBe(200);
    expect(response.json().photos[0]).toMatchObject({ width: 1280, height: 960 });
  });

  it.each([
    ['a text file named .jpg', Buffer.from('this is not a photo at all')],
    [
      'an SVG drawing',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>',
      ),
    ],
  ])('refuses %s as photo_invalid', async (_case, content) => {
    const { visitor } = await loggedInMember(t);
    const response = await upload(visitor, content);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('photo_invalid');
    expect((await visitor.get('/api/photos.php')).json()).toEqual({ photos: [], main_image: null });
  });

  it('refuses a request without a file as photo_invalid', async () => {
    const { visitor } = await loggedInMember(t);
    const response = await visitor.post('/api/photos.php', { photo: 'none' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('photo_invalid');
  });

  it('refuses a photo smaller than 200 pixels on a side', async () => {
    const { visitor } = await loggedInMember(t);
    const response = await upload(visitor, await testPhoto({ width: 100, height: 100 }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'photo_too_small', min: 200 });
  });

  it('refuses a file over the size limit as photo_too_large', async () => {
    const { visitor } = await loggedInMember(t);
    const jpeg = await testPhoto();
    const response = await upload(visitor, Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES + 1 - jpeg.length)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('photo_too_large');
    expect((await visitor.get('/api/photos.php')).json().photos).toEqual([]);
  });

  it('refuses a 49-megapixel PNG as photo_too_many_pixels, storing nothing', async () => {
    const member = await loggedInMember(t);
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload(member.visitor, huge, { contentType: 'image/png' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'photo_too_many_pixels', megapixels: 40 });
    expect((await member.visitor.get('/api/photos.php')).json().photos).toEqual([]);
  });

  it(`refuses a free member's photo beyond ${FREE_PHOTO_LIMIT}, not a premium member's`, async () => {
    const free = await loggedInMember(t);
    await buildPhotos(t.services, free, FREE_PHOTO_LIMIT);
    const refused = await upload(free.visitor, await testPhoto());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'photo_limit', limit: 3, premium_limit: 25 });
    expect((await free.visitor.get('/api/photos.php')).json().photos).toHaveLength(3);

    const premium = await loggedInMember(t);
    await makePremium(t, premium);
    await buildPhotos(t.services, premium, FREE_PHOTO_LIMIT);
    const response = await upload(premium.visitor, await testPhoto());
    expect(response.statusCode).toBe(200);
    expect(response.json().photos).toHaveLength(4);
  });

  it(`takes 20 uploads sent at once up to the limit of ${FREE_PHOTO_LIMIT}, each stored one served`, async () => {
    const { visitor } = await loggedInMember(t);
    const photos = await Promise.all(Array.from({ length: 20 }, () => testPhoto()));
    const answers = await Promise.all(photos.map((photo) => upload(visitor, photo)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(FREE_PHOTO_LIMIT).fill(200), ...Array(20 - FREE_PHOTO_LIMIT).fill(409)]);
    const stored = (await visitor.get('/api/photos.php')).json().photos as OwnPhoto[];
    expect(stored).toHaveLength(FREE_PHOTO_LIMIT);
    for (const photo of stored) expect((await visitor.get(`/media/${photo.filename}`)).statusCode).toBe(200);
  });

  it('does not count rejected photos against the limit', async () => {
    const free = await loggedInMember(t);
    const [first] = await buildPhotos(t.services, free, FREE_PHOTO_LIMIT);
    await t.services.photos.review(first as number, 'rejected');
    expect((await upload(free.visitor, await testPhoto())).statusCode).toBe(200);
  });

  it('keeps an upload pending on a moderated site, shown to its owner only', async () => {
    const site = (await t.services.sites.findByDomain('moderated.test')) as Site;
    const owner = await loggedInMember(t, site);
    const response = await upload(owner.visitor, await testPhoto());
    expect(response.json().photos[0].status).toBe('pending');
    expect((await owner.visitor.get('/api/user.php')).json().user.profile.main_image.status).toBe('pending');

    const viewer = await loggedInMember(t, site);
    const page = (await viewer.visitor.get(`/api/member.php?id=${owner.profileId}`)).json().profile;
    expect(page).toMatchObject({ main_image: null, photos: [], photos_for_premium: 0 });
    const cards = (await viewer.visitor.get('/api/members.php')).json().profiles;
    expect(cards.find((card: { id: number }) => card.id === owner.profileId)?.main_image).toBeNull();

    // The moderator finds it waiting and approves it: now others see it.
    const photoId = response.json().photos[0].id;
    const { photos: waiting } = await t.services.photos.moderationQueue({ limit: 1000 });
    expect(waiting.find((photo) => photo.id === photoId)).toMatchObject({ profile_id: owner.profileId });
    await t.services.photos.review(photoId, 'active');
    const { photos: after } = await t.services.photos.moderationQueue({ limit: 1000 });
    expect(after.some((photo) => photo.id === photoId)).toBe(false);
    const approved = (await viewer.visitor.get(`/api/member.php?id=${owner.profileId}`)).json().profile;
    expect(approved.main_image.id).toBe(photoId);
  });

  it('keeps a main photo chosen while an upload is still being processed', async () => {
    const owner = await loggedInMember(t);
    const [first, second] = await buildPhotos(t.services, owner, 2);
    const uploading = upload(owner.visitor, await phonePhoto());
    await new Promise((resolve) => setTimeout(resolve, 150));
    const removed = await owner.visitor.delete('/api/photos.php', { id: first });
    expect(removed.json().main_image).toBe(second);

    expect((await uploading).statusCode).toBe(200);
    const { profile } = (await owner.visitor.get('/api/user.php')).json().user;
    expect(profile.main_image?.id).toBe(second);
  });

  it('needs a session and the client request-type header', async () => {
    const jpeg = await testPhoto();
    const { payload, headers } = multipartFile(jpeg);
    const anonymous = await client(t.app).post('/api/photos.php', payload, { headers });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe('authentication_required');

    const { visitor } = await loggedInMember(t);
    const withoutHeader = await visitor.post('/api/photos.php', payload, { headers, clientHeader: false });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json().error).toBe('request_type_missing');
    expect((await visitor.get('/api/photos.php')).json().photos).toEqual([]);
  });
});
