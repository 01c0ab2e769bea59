import { describe, expect, it } from 'vitest';
import { PUBLIC_PHOTO_MAX_AGE_SECONDS } from '../src/platform/http/media.js';
import { buildPhotos, client, loggedInMember, useTestApp } from './helpers.js';

const t = useTestApp();

interface OwnPhoto {
  id: number;
  filename: string;
  thumb_filename: string;
}

const photoIds = (response: { json(): { photos: OwnPhoto[] } }) => response.json().photos.map((photo) => photo.id);

describe('PUT /api/photos.php', () => {
  it('chooses the main photo and the order', async () => {
    const owner = await loggedInMember(t);
    const [a, b, c] = await buildPhotos(t.services, owner, 3);
    const main = await owner.visitor.put('/api/photos.php', { main_image: c });
    expect(main.statusCode).toBe(200);
    expect(main.json().main_image).toBe(c);

    const ordered = await owner.visitor.put('/api/photos.php', { order: [b, c, a] });
    expect(photoIds(ordered)).toEqual([b, c, a]);
    const { profile } = (await owner.visitor.get('/api/user.php')).json().user;
    expect(profile.photos.map((photo: OwnPhoto) => photo.id)).toEqual([b, c, a]);
    expect(profile.main_image.id).toBe(c);
  });

  it("refuses another member's photo as main or in the order", async () => {
    const owner = await loggedInMember(t);
    const [own] = await buildPhotos(t.services, owner, 1);
    const [theirs] = await buildPhotos(t.services, await loggedInMember(t), 1);
    const main = await owner.visitor.put('/api/photos.php', { main_image: theirs });
    expect(main.statusCode).toBe(404);
    expect((await owner.visitor.put('/api/photos.php', { order: [theirs, own] })).statusCode).toBe(404);
    expect((await owner.visitor.get('/api/photos.php')).json()).toMatchObject({ main_image: own });
  });

  it('refuses a rejected photo as main', async () => {
    const owner = await loggedInMember(t);
    const [first, second] = await buildPhotos(t.services, owner, 2);
    await t.services.photos.review(second as number, 'rejected');
    expect((await owner.visitor.put('/api/photos.php', { main_image: second })).statusCode).toBe(404);
    expect((await owner.visitor.get('/api/photos.php')).json().main_image).toBe(first);
  });
});

describe('DELETE /api/photos.php', () => {
  it('removes the photo and its files, and hands the main role to the next photo', async () => {
    const owner = await loggedInMember(t);
    const [first, second] = await buildPhotos(t.services, owner, 2);
    const [stored] = (await owner.visitor.get('/api/photos.php')).json().photos as OwnPhoto[];
    const response = await owner.visitor.delete('/api/photos.php', { id: first });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ main_image: second });
    expect(photoIds(response)).toEqual([second]);
    expect((await client(t.app).get(`/media/${stored?.filename}`)).statusCode).toBe(404);
    expect((await client(t.app).get(`/media/${stored?.thumb_filename}`)).statusCode).toBe(404);

    const last = await owner.visitor.delete('/api/photos.php', { id: second });
    expect(last.json()).toEqual({ photos: [], main_image: null });
  });

  it('makes a deleted main photo gone at once, and no cache was told to keep it longer than the docs say', async () => {
    const owner = await loggedInMember(t);
    await buildPhotos(t.services, owner, 1);
    const [main] = (await owner.visitor.get('/api/photos.php')).json().photos as OwnPhoto[];
    const lifetimes: number[] = [];
    for (const file of [main?.filename, main?.thumb_filename]) {
      const shown = await client(t.app).get(`/media/${file}`);
      expect(shown.statusCode).toBe(200);
      const again = await client(t.app).get(`/media/${file}`, {
        headers: { 'if-none-match': String(shown.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      for (const answer of [shown, again]) {
        const cache = String(answer.headers['cache-control']);
        expect(cache).not.toMatch(/immutable|s-maxage/);
        lifetimes.push(Number(/max-age=(\d+)/.exec(cache)?.[1]));
      }
    }
    expect(Math.max(...lifetimes)).toBeLessThanOrEqual(PUBLIC_PHOTO_MAX_AGE_SECONDS);
    expect(PUBLIC_PHOTO_MAX_AGE_SECONDS).toBe(300); // docs/operations.md says five minutes

    expect((await owner.visitor.delete('/api/photos.php', { id: main?.id })).statusCode).toBe(200);
    for (const file of [main?.filename, main?.thumb_filename]) {
      expect((await client(t.app).get(`/media/${file}`)).statusCode).toBe(404);
    }
  });

  it('keeps the chosen main photo when another one is removed', async () => {
    const owner = await loggedInMember(t);
    const [first, second, third] = await buildPhotos(t.services, owner, 3);
    await owner.visitor.put('/api/photos.php', { main_image: second });
    const response = await owner.visitor.delete('/api/photos.php', { id: third });
    expect(response.json().main_image).toBe(second);
    expect(photoIds(response)).toEqual([first, second]);
  });

  it("refuses to remove another member's photo", async () => {
    const owner = await loggedInMember(t);
    const other = await loggedInMember(t);
    const [theirs] = await buildPhotos(t.services, other, 1);
    const response = await owner.visitor.delete('/api/photos.php', { id: theirs });
    expect(response.statusCode).toBe(404);
    expect(photoIds(await other.visitor.get('/api/photos.php'))).toEqual([theirs]);
  });

  it('needs a session', async () => {
    const response = await client(t.app).delete('/api/photos.php', { id: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });
});

describe('GET /api/photos.php', () => {
  it("lists the member's own photos in order, with their status", async () => {
    const owner = await loggedInMember(t);
    const [first, second] = await buildPhotos(t.services, owner, 2);
    await t.services.photos.review(second as number, 'rejected');
    const response = await owner.visitor.get('/api/photos.php');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      main_image: first,
      photos: [
        { id: first, status: 'active', premium_only: false },
        { id: second, status: 'rejected' },
      ],
    });
  });
  it('needs a session', async () => {
    const response = await client(t.app).get('/api/photos.php');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });
});
