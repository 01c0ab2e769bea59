/**
 * Hosted profiles in the back office: admins create them with a member's validation, put up photos
 * through the members' photo pipeline, keep persona sheets and retire them; operators see their
 * site's, most conversations waiting first, and change nothing.
 */
import { randomUUID } from 'node:crypto';
import { PREMIUM_PHOTO_LIMIT } from '@amora/common';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  buildSite,
  client,
  loggedIn,
  loggedInMember,
  makePremium,
  multipartFile,
  staffClient,
  type TestClient,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'elsewhere.test', name: 'Elsewhere' });
  },
});

const newProfile = (overrides: object = {}) => ({
  site: t.site.id,
  name: `Lotte ${randomUUID().slice(0, 4)}`,
  date_of_birth: '1994-03-12',
  gender: 'female',
  sexuality: 'hetero',
  country: 'NL',
  region: 'NH',
  city: 'Haarlem',
  about: 'Loves long walks on the beach at Zandvoort.',
  interests: ['travel', 'music'],
  ...overrides,
});

async function created(admin: TestClient, overrides: object = {}) {
  const response = await admin.post('/api/staff/hosted.php', newProfile(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    profile: { id: number; name: string; status: string; waiting: number };
    photos: { id: number; url: string; main: boolean; premium_only: boolean; sent: boolean }[];
    persona: { version: number; job: string };
  };
}

const uploadTo = (staff: TestClient, profileId: number, content: Buffer) => {
  const { payload, headers } = multipartFile(content);
  return staff.post(`/api/staff/hosted-photo.php?profile=${profileId}`, payload, { headers });
};

const hostedCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('hosted', '=', 1)
        .executeTakeFirstOrThrow()
    ).n,
  );

const logOf = (record: string) =>
  t.db.selectFrom('staff_log').select(['action', 'changes']).where('record', '=', record).orderBy('id').execute();

/** A premium member who wrote to the hosted profile; the conversation waits for an answer. */
async function memberWritingTo(profileId: number, domain?: string) {
  const site = domain ? ((await t.services.sites.findByDomain(domain)) ?? undefined) : undefined;
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0, site });
  await makePremium(t, built);
  const visitor = await loggedIn(t.app, built, { host: domain });
  const sent = await visitor.post('/api/chat.php', { client_id: randomUUID(), profile_id: profileId, text: 'Hoi!' });
  expect(sent.statusCode, sent.body).toBe(200);
  return { visitor, conversation: sent.json().conversation as number };
}

describe('creating and changing hosted profiles', () => {
  it('creates a profile members find as hosted, and logs each field', async () => {
    const admin = await staffClient(t, 'admin');
    const { profile } = await created(admin, { name: 'Marloes' });
    expect(profile).toMatchObject({ name: 'Marloes', status: 'active', waiting: 0 });

    const member = await loggedInMember(t);
    const seen = await member.visitor.get(`/api/member.php?id=${profile.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().profile).toMatchObject({ name: 'Marloes', hosted: true, city: 'Haarlem' });

    const [row] = await logOf(`profile:${profile.id}`);
    expect(row?.action).toBe('hosted.add');
    expect(JSON.parse(row?.changes ?? '{}')).toMatchObject({ name: [null, 'Marloes'], city: [null, 'Haarlem'] });

    const changed = await admin.put('/api/staff/hosted.php', { id: profile.id, city: 'Leiden', region: 'ZH' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().profile).toMatchObject({ city: 'Leiden', region: 'ZH' });
    const [, change] = await logOf(`profile:${profile.id}`);
    expect(change).toEqual({
      action: 'hosted.change',
      changes: JSON.stringify({ region: ['NH', 'ZH'], city: ['Haarlem', 'Leiden'] }),
    });
  });

  it.each([
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'too_young'],
    [{ date_of_birth: '1994-02-31' }, 'date_of_birth', 'birthdate_invalid'],
    [{ name: '@lotte' }, 'name', 'name_starts_with_at'],
    [{ name: 'x'.repeat(31) }, 'name', 'name_too_long'],
    [{ country: 'US' }, 'country', 'invalid_choice'],
    [{ gender: 'robot' }, 'gender', 'invalid_choice'],
    [{ about: 'Hallo\u0000' }, 'about', 'control_characters'],
    [{ interests: ['knitting-with-wolves'] }, 'interests', 'invalid_choice'],
  ])('refuses %j with the field reason and creates nothing', async (bad, field, code) => {
    const admin = await staffClient(t, 'admin');
    const before = await hostedCount();
    const response = await admin.post('/api/staff/hosted.php', newProfile(bad));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().fields[field] ?? response.json().fields[`${field}.0`]).toMatchObject({ code });
    expect(await hostedCount()).toBe(before);
  });

  it('refuses a change that is not a hosted profile, or unknown fields, changing nothing', async () => {
    const admin = await staffClient(t, 'admin');
    const member = await loggedInMember(t);
    const onMember = await admin.put('/api/staff/hosted.php', { id: member.profileId, name: 'Hijacked' });
    expect(onMember.statusCode).toBe(404);
    const { profile } = await created(admin);
    const sneaky = await admin.put('/api/staff/hosted.php', { id: profile.id, invisible: true });
    expect(sneaky.statusCode).toBe(422);
    const unknownSite = await admin.post('/api/staff/hosted.php', newProfile({ site: 999_999 }));
    expect(unknownSite.statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets operators see their own site only, read-only; moderators and members not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const here = await created(admin);
    const elsewhere = await t.services.sites.findByDomain('elsewhere.test');
    const there = await created(admin, { site: elsewhere?.id, country: 'NL' });

    const operator = await staffClient(t, 'operator');
    const listed = await operator.get('/api/staff/hosted.php');
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json().profiles.map((profile: { id: number }) => profile.id);
    expect(ids).toContain(here.profile.id);
    expect(ids).not.toContain(there.profile.id);
    expect((await operator.get(`/api/staff/hosted-profile.php?id=${here.profile.id}`)).statusCode).toBe(200);
    expect((await operator.get(`/api/staff/hosted-profile.php?id=${there.profile.id}`)).statusCode).toBe(404);
    expect((await operator.post('/api/staff/hosted.php', newProfile())).statusCode).toBe(403);
    expect((await operator.put('/api/staff/hosted.php', { id: here.profile.id, name: 'Nope' })).statusCode).toBe(403);
    expect((await uploadTo(operator, here.profile.id, await testPhoto())).statusCode).toBe(403);
    expect(
      (await operator.post('/api/staff/hosted-status.php', { id: here.profile.id, status: 'retired' })).statusCode,
    ).toBe(403);

    const moderator = await staffClient(t, 'moderator');
    expect((await moderator.get('/api/staff/hosted.php')).statusCode).toBe(403);
    const member = await loggedInMember(t);
    expect((await member.visitor.get('/api/staff/hosted.php')).statusCode).toBe(403);
    expect((await member.visitor.post('/api/staff/hosted.php', newProfile())).statusCode).toBe(403);
    expect((await client(t.app).get('/api/staff/hosted.php')).statusCode).toBe(403);

    const admins = (await admin.get(`/api/staff/hosted.php?site=${elsewhere?.id}`)).json().profiles;
    expect(admins.map((profile: { id: number }) => profile.id)).toEqual([there.profile.id]);
  });
});

describe('photos of hosted profiles', () => {
  it('puts up a re-encoded photo members see at once, sets main and premium-only, deletes an unsent one', async () => {
    const admin = await staffClient(t, 'admin');
    const { profile } = await created(admin);
    const first = await uploadTo(admin, profile.id, await testPhoto());
    expect(first.statusCode, first.body).toBe(200);
    const second = await uploadTo(admin, profile.id, await testPhoto({ format: 'png' }));
    const photos = second.json().photos as { id: number; main: boolean; url: string }[];
    expect(photos.map((photo) => photo.main)).toEqual([true, false]);
    expect(photos[0]?.url).toMatch(/^\/api\/staff\/media\/p\/\d+\/[0-9a-f]{32}\.webp$/);

    const member = await loggedInMember(t);
    const page = (await member.visitor.get(`/api/member.php?id=${profile.id}`)).json().profile;
    expect(page.photos).toHaveLength(2);

    const [, secondPhoto] = photos;
    const main = await admin.put('/api/staff/hosted-photo.php', {
      profile: profile.id,
      photo: secondPhoto?.id,
      main: true,
      premium_only: false,
    });
    expect(main.statusCode, main.body).toBe(200);
    expect(main.json().photos.map((photo: { main: boolean }) => photo.main)).toEqual([false, true]);
    const removed = await admin.delete('/api/staff/hosted-photo.php', { profile: profile.id, photo: photos[0]?.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photos).toHaveLength(1);
    expect((await logOf(`photo:${photos[0]?.id}`)).map((row) => row.action)).toEqual([
      'hosted.photo.add',
      'hosted.photo.remove',
    ]);
  });

  it('refuses what is not a photo, and a photo of another profile', async () => {
    const admin = await staffClient(t, 'admin');
    const { profile } = await created(admin);
    const junk = await uploadTo(admin, profile.id, Buffer.from('not an image at all'));
    expect(junk.json()).toMatchObject({ error: 'photo_invalid' });
    const member = await loggedInMember(t);
    expect((await uploadTo(admin, member.profileId, await testPhoto())).statusCode).toBe(404);
    const other = await created(admin);
    const photo = (await uploadTo(admin, other.profile.id, await testPhoto())).json().photos[0];
    const crossed = await admin.put('/api/staff/hosted-photo.php', {
      profile: profile.id,
      photo: photo.id,
      main: true,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('keeps a photo sent in a conversation', async () => {
    const admin = await staffClient(t, 'admin');
    const { profile } = await created(admin);
    const photo = (await uploadTo(admin, profile.id, await testPhoto())).json().photos[0];
    const { conversation } = await memberWritingTo(profile.id);
    const operator = await staffClient(t, 'operator');
    expect((await operator.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    const answered = await operator.post('/api/staff/answer.php', { conversation, photo_id: photo.id });
    expect(answered.statusCode, answered.body).toBe(200);

    const detail = (await admin.get(`/api/staff/hosted-profile.php?id=${profile.id}`)).json();
    expect(detail.photos[0]).toMatchObject({ id: photo.id, sent: true });
    const refused = await admin.delete('/api/staff/hosted-photo.php', { profile: profile.id, photo: photo.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'photo_in_chat' });
    expect((await admin.get(`/api/staff/hosted-profile.php?id=${profile.id}`)).json().photos).toHaveLength(1);
  });

  it(`takes ${PREMIUM_PHOTO_LIMIT} photos at most, however many arrive at once`, async () => {
    const admin = await staffClient(t, 'admin');
    const { profile } = await created(admin);
    const photo = await testPhoto({ width: 400, height: 400 });
    const answers = await Promise.all(
      Array.from({ length: PREMIUM_PHOTO_LIMIT + 5 }, () => uploadTo(admin, profile.id, photo)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(PREMIUM_PHOTO_LIMIT);
    expect(answers.filter((answer) => answer.json().error === 'photo_limit')).toHaveLength(5);
    const detail = (await admin.get(`/api/staff/hosted-profile.php?id=${profile.id}`)).json();
    expect(detail.photos).toHaveLength(PREMIUM_PHOTO_LIMIT);
  });
});

describe('the list, retiring and the persona sheet', () => {
  it('lists profiles with conversations waiting first', async () => {
    const admin = await staffClient(t, 'admin');
    const quiet = await created(admin, { name: 'Aafke' });
    const busy = await created(admin, { name: 'Zoë' });
    await memberWritingTo(busy.profile.id);
    await memberWritingTo(busy.profile.id);
    const { profiles } = (await admin.get(`/api/staff/hosted.php?site=${t.site.id}`)).json();
    const busyAt = profiles.findIndex((profile: { id: number }) => profile.id === busy.profile.id);
    const quietAt = profiles.findIndex((profile: { id: number }) => profile.id === quiet.profile.id);
    expect(profiles[busyAt]).toMatchObject({ waiting: 2, conversations: 2 });
    expect(busyAt).toBeLessThan(quietAt);
    const found = (await admin.get('/api/staff/hosted.php?q=zo')).json().profiles;
    expect(found.map((profile: { id: number }) => profile.id)).toContain(busy.profile.id);
  });

  it('lists a busy profile first however far down the alphabet, beyond the profiles listed at once', async () => {
    const admin = await staffClient(t, 'admin');
    const elsewhere = await t.services.sites.findByDomain('elsewhere.test');
    const siteId = elsewhere?.id ?? 0;
    await t.services.members.createHostedProfilesInBulk(
      Array.from({ length: 310 }, (_, index) => ({
        site_id: siteId,
        user_id: null,
        hosted: 1,
        status: 'active' as const,
        name: `Aafje ${index}`,
        date_of_birth: '1990-01-01',
        created_at: new Date().toISOString(),
      })),
    );
    const last = await created(admin, { site: siteId, name: 'Zwaantje' });
    await memberWritingTo(last.profile.id, 'elsewhere.test');
    const { profiles } = (await admin.get(`/api/staff/hosted.php?site=${siteId}`)).json();
    expect(profiles[0]).toMatchObject({ id: last.profile.id, waiting: 1 });
    expect(profiles).toHaveLength(300);
  });

  it('retires a profile once however often asked: members lose it, the inbox lets its conversations go', async () => {
    const admin = await staffClient(t, 'admin');
    const { profile } = await created(admin);
    const { visitor } = await memberWritingTo(profile.id);
    const operator = await staffClient(t, 'operator');
    const inboxIds = async () =>
      (await operator.get('/api/staff/inbox.php'))
        .json()
        .conversations.map((entry: { hosted: { id: number } }) => entry.hosted.id);
    expect(await inboxIds()).toContain(profile.id);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post('/api/staff/hosted-status.php', { id: profile.id, status: 'retired' }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await logOf(`profile:${profile.id}`)).filter((row) => row.action === 'hosted.retire')).toHaveLength(1);
    expect((await visitor.get(`/api/member.php?id=${profile.id}`)).statusCode).toBe(404);
    expect(await inboxIds()).not.toContain(profile.id);
    const retired = (await admin.get(`/api/staff/hosted.php?status=retired&site=${t.site.id}`)).json().profiles;
    expect(retired.map((each: { id: number }) => each.id)).toContain(profile.id);

    const back = await admin.post('/api/staff/hosted-status.php', { id: profile.id, status: 'active' });
    expect(back.json().profile.status).toBe('active');
    expect((await visitor.get(`/api/member.php?id=${profile.id}`)).statusCode).toBe(200);
  });

  it('keeps the persona sheet from the profile page: the first of two edits from one version wins', async () => {
    const admin = await staffClient(t, 'admin');
    const { profile, persona } = await created(admin);
    const facts = { job: 'Florist', town: 'Haarlem', family: '', pets: 'A cat, Miep', hobbies: '', story: '' };
    const [a, b] = await Promise.all([
      admin.put('/api/staff/hosted-persona.php', { profile: profile.id, version: persona.version, facts }),
      admin.put('/api/staff/hosted-persona.php', {
        profile: profile.id,
        version: persona.version,
        facts: { ...facts, job: 'Baker' },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const operator = await staffClient(t, 'operator');
    const seen = (await operator.get(`/api/staff/hosted-profile.php?id=${profile.id}`)).json();
    expect(seen.persona).toMatchObject({ version: 1, pets: 'A cat, Miep' });
    expect(
      (await operator.put('/api/staff/hosted-persona.php', { profile: profile.id, version: 1, facts })).statusCode,
    ).toBe(403);
  });
});
