import { describe, expect, it } from 'vitest';
import {
  birthDate,
  buildMember,
  buildSite,
  client,
  lastMail,
  linkFrom,
  loggedIn,
  makePremium,
  signupBody,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'other.test' });
  },
});

const page = (visitor: ReturnType<typeof client>, profileId: number) => visitor.get(`/api/member.php?id=${profileId}`);

/** A member with four photos: the main one, a second, a premium-only one and a rejected one. */
async function memberWithPhotos() {
  const owner = await buildMember(t.services, { name: 'Lotte' });
  const add = async (options: { main?: boolean; premiumOnly?: boolean } = {}) =>
    t.services.photos.addPhoto(owner.profileId, await testPhoto(), options);
  const main = await add({ main: true });
  const second = await add();
  const premium = await add({ premiumOnly: true });
  const rejected = await add();
  await t.services.photos.review(rejected.id, 'rejected');
  return { owner, main, second, premium, rejected };
}

const photoIds = (response: { json(): { profile: { photos: { id: number }[] } } }) =>
  response.json().profile.photos.map((photo) => photo.id);

describe('GET /api/member.php', () => {
  it("shows a member's page without email, date of birth or coordinates", async () => {
    const owner = await buildMember(t.services, { name: 'Lotte', dateOfBirth: birthDate(31) });
    await (await loggedIn(t.app, owner)).put('/api/profile.php', {
      gender: 'female',
      country: 'NL',
      region: 'NH',
      city: 'Amsterdam',
      about: 'Hello there',
      interests: ['music'],
    });
    const viewer = await loggedIn(t.app, await buildMember(t.services));
    const response = await page(viewer, owner.profileId);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      id: owner.profileId,
      name: 'Lotte',
      age: 31,
      gender: 'female',
      country: 'NL',
      region: 'NH',
      city: 'Amsterdam',
      about: 'Hello there',
      interests: ['music'],
      hosted: false,
      main_image: null,
      photos: [],
      blocked: false,
    });
    for (const secret of [owner.email, birthDate(31), 'date_of_birth', 'email', 'latitude', '52.37']) {
      expect(response.body).not.toContain(secret);
      expect((await page(client(t.app), owner.profileId)).body).not.toContain(secret);
    }
  });

  it('shows a hosted profile as hosted', async () => {
    const hosted = await t.services.members.createHostedProfile({
      site_id: t.site.id,
      name: 'Host',
      date_of_birth: birthDate(40),
    });
    const response = await page(client(t.app), hosted.id);
    expect(response.json().profile).toMatchObject({ id: hosted.id, name: 'Host', age: 40, hosted: true });
  });

  it('answers 404 for a profile that does not exist', async () => {
    const response = await page(client(t.app), 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });

  it('answers 404 for a profile of another site', async () => {
    const site = await t.services.sites.findByDomain('other.test');
    const elsewhere = await buildMember(t.services, { site: site ?? undefined });
    const viewer = await loggedIn(t.app, await buildMember(t.services));
    const response = await page(viewer, elsewhere.profileId);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe((await page(viewer, 999_999)).body);
    expect((await page(client(t.app, { host: 'other.test' }), elsewhere.profileId)).statusCode).toBe(200);
  });

  it('answers 404 for a profile not yet activated, except to its owner', async () => {
    const owner = client(t.app);
    const signup = await owner.post('/api/signup.php', signupBody({ name: 'Fresh' }));
    const profileId = signup.json().user.profile.id;
    expect((await page(client(t.app), profileId)).statusCode).toBe(404);
    const viewer = await loggedIn(t.app, await buildMember(t.services));
    expect((await page(viewer, profileId)).statusCode).toBe(404);
    expect((await page(owner, profileId)).json().profile.name).toBe('Fresh');
  });

  it("hides a deleted account's profile until the account is reactivated", async () => {
    const owner = await buildMember(t.services);
    const deleted = await (await loggedIn(t.app, owner)).post('/api/delete-account.php', {
      reason: 'other',
      password: owner.password,
    });
    expect(deleted.statusCode).toBe(200);
    const viewer = await loggedIn(t.app, await buildMember(t.services));
    expect((await page(viewer, owner.profileId)).statusCode).toBe(404);

    const { token } = linkFrom(await lastMail(t, owner.email));
    expect((await client(t.app).post('/api/reactivate.php', { token })).statusCode).toBe(200);
    expect((await page(viewer, owner.profileId)).statusCode).toBe(200);
  });

  it('shows a visitor only the main photo and counts the others', async () => {
    const { owner, main } = await memberWithPhotos();
    const response = await page(client(t.app), owner.profileId);
    expect(photoIds(response)).toEqual([main.id]);
    expect(response.json().profile).toMatchObject({
      main_image: { id: main.id, status: 'active' },
      photos_for_members: 2,
      photos_for_premium: 0,
    });
  });

  it('shows a free member every photo but the premium-only ones, and counts those', async () => {
    const { owner, main, second } = await memberWithPhotos();
    const viewer = await loggedIn(t.app, await buildMember(t.services));
    const response = await page(viewer, owner.profileId);
    expect(photoIds(response)).toEqual([main.id, second.id]);
    expect(response.json().profile).toMatchObject({ photos_for_members: 0, photos_for_premium: 1 });
  });

  it('shows a premium member every active photo', async () => {
    const { owner, main, second, premium } = await memberWithPhotos();
    const member = await buildMember(t.services);
    await makePremium(t, member);
    const response = await page(await loggedIn(t.app, member), owner.profileId);
    expect(photoIds(response)).toEqual([main.id, second.id, premium.id]);
    expect(response.json().profile).toMatchObject({ photos_for_members: 0, photos_for_premium: 0 });
  });

  it('never shows a pending or rejected photo to anyone but the owner', async () => {
    const { owner, main, second, premium, rejected } = await memberWithPhotos();
    await t.db.updateTable('photos').set({ status: 'pending' }).where('id', '=', second.id).execute();
    const premiumMember = await buildMember(t.services);
    await makePremium(t, premiumMember);
    const response = await page(await loggedIn(t.app, premiumMember), owner.profileId);
    expect(photoIds(response)).toEqual([main.id, premium.id]);
    expect(response.body).not.toContain(rejected.filename);
    expect(response.body).not.toContain(second.filename);

    const own = (await (await loggedIn(t.app, owner)).get('/api/photos.php')).json();
    expect(own.photos.map((photo: { id: number; status: string }) => [photo.id, photo.status])).toEqual([
      [main.id, 'active'],
      [second.id, 'pending'],
      [premium.id, 'active'],
      [rejected.id, 'rejected'],
    ]);
  });

  it('puts the main photo first, and hands over to the next one when it is rejected', async () => {
    const { owner, main, second } = await memberWithPhotos();
    await t.services.photos.update(owner.user.id, { main_image: second.id });
    const visitor = client(t.app);
    expect(photoIds(await page(visitor, owner.profileId))).toEqual([second.id]);

    await t.services.photos.review(second.id, 'rejected');
    const response = await page(visitor, owner.profileId);
    expect(photoIds(response)).toEqual([main.id]);
    expect(response.json().profile.main_image.id).toBe(main.id);
  });
});
